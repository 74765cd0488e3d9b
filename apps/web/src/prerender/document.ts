/**
 * A page rendered to HTML by the app's own components, put into the built index.html (decisions
 * 073 and 079): the landing at build time (build/prerender.ts), the self check-in on each request
 * (self-checkin.tsx, called by the server). The page shows with its HTML and CSS alone; the app's
 * code is fetched after the load event and takes over (main.tsx).
 */

/** The module script and the module preloads Vite put in index.html, for after the load event. */
function splitScripts(head: string) {
  const scripts = [...head.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>/g)];
  const preloads = [...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
  const entry = scripts[0]?.[1];
  if (!entry || scripts.length !== 1) throw new Error('index.html has no single entry script');
  let rest = head;
  for (const match of [...scripts, ...preloads]) rest = rest.replace(match[0], '');
  rest = rest.replace(/\n[ \t]*(?=\n)/g, '');
  return { entry, preloads: preloads.map((match) => match[1]!), rest };
}

/**
 * JSON for a `<script type="application/json">` element: no `<` (so no `</script>` and no
 * comment can end or open anything in it), and the two line separators JavaScript once refused.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface RenderedPage {
  /** React's markup of the page (escaped by React: user data in it is text). */
  html: string;
  /** The document's lang (BCP 47) and direction. */
  lang: string;
  dir: string;
  /** The app's language code, in #root's data-prerendered. */
  lng: string;
  /** Data for the app, as JSON in a non-executed script element with this id. */
  data?: { id: string; value: unknown };
}

/**
 * index.html made into a page around the rendered markup. Every insertion goes through a function
 * (a replacement string would read `$&` or `$'` in an establishment's name as patterns).
 */
export function prerenderedDocument(template: string, rendered: RenderedPage): string {
  const headEnd = template.indexOf('</head>');
  const { entry, preloads, rest } = splitScripts(template.slice(0, headEnd));
  // What React rendered in place for the head (<title>, canonical and alternate links) goes there,
  // marked so that the app removes it when it renders its own (main.tsx); the description's
  // content replaces index.html's.
  let body = rendered.html;
  const hoisted: string[] = [];
  for (const [element] of body.matchAll(
    /<title>[^<]*<\/title>|<link rel="(?:canonical|alternate)"[^>]*\/>/g,
  )) {
    body = body.replace(element, () => '');
    hoisted.push(element.replace(/^<(title|link)/, '<$1 data-prerendered=""'));
  }
  const description = /<meta name="description" content="([^"]*)"\/?>/.exec(body);
  if (description) body = body.replace(description[0], () => '');
  let head = rest
    .replace(
      /<html lang="[^"]*">/,
      () => `<html lang="${attribute(rendered.lang)}" dir="${attribute(rendered.dir)}">`,
    )
    .replace(/\s*<title>[^<]*<\/title>/, () => '');
  if (description) {
    head = head.replace(
      /<meta name="description" content="[^"]*" \/>/,
      () => `<meta name="description" content="${description[1]}" />`,
    );
  }
  head += `  ${hoisted.join('\n    ')}\n  `;
  // The theme before the first paint, as main.tsx applies it (features/preferences/theme.ts).
  head += `<script>try{var t=localStorage.getItem('theme');if(t!=='light'&&t!=='dark')t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';document.documentElement.classList.add(t)}catch(e){}</script>\n  `;
  // The app, once the page has loaded: its code never competes with the page's HTML and CSS.
  const load = `<script>addEventListener('load',function(){${JSON.stringify(preloads)}.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.append(l)});var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry)};document.body.append(s)})</script>`;
  const data = rendered.data
    ? `<script type="application/json" id="${attribute(rendered.data.id)}">${jsonForScript(rendered.data.value)}</script>\n  `
    : '';
  const tail = template
    .slice(headEnd)
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, () => '')
    .replace(/\s*<!--[\s\S]*?-->/g, () => '')
    .replace(
      /<div id="root">[\s\S]*?<\/div>\s*<\/div>/,
      () => `<div id="root" data-prerendered="${attribute(rendered.lng)}">${body}</div>`,
    )
    .replace('</body>', () => `  ${data}${load}\n  </body>`);
  if (!tail.includes('data-prerendered')) throw new Error('index.html has no #root to fill');
  return head + tail;
}

/** Text for a double-quoted attribute. */
function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
