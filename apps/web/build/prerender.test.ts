import { describe, expect, it } from 'vitest';
import { landingDocument } from './prerender';

const template = `<!doctype html>
<html lang="es">
  <head>
    <meta name="description" content="Hospes: registro de viajeros." />
    <title>Hospes</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-def.js">
    <link rel="stylesheet" crossorigin href="/assets/index-ghi.css">
  </head>
  <body>
    <!-- Shown until the app has loaded. -->
    <div id="root">
      <div class="boot" role="status"><span>Hospes</span><span class="boot-bar"></span></div>
    </div>
    <noscript>Hospes needs JavaScript.</noscript>
  </body>
</html>`;

describe('the prerendered landing document (decision 073)', () => {
  const html = landingDocument(template, {
    lng: 'ar',
    lang: 'ar',
    dir: 'rtl',
    html: '<title>Hospes · سجل</title><link rel="canonical" href="/?lng=ar"/><meta name="description" content="وصف"/><main><h1>مرحبا</h1></main>',
  });

  it('shows the rendered page in #root, in its language and direction, with its head', () => {
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain(
      '<div id="root" data-prerendered="ar"><main><h1>مرحبا</h1></main></div>',
    );
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<title data-prerendered="">Hospes · سجل</title>');
    expect(head).not.toContain('<title>Hospes</title>');
    expect(head).toContain('<link data-prerendered="" rel="canonical" href="/?lng=ar"/>');
    expect(head).toContain('<meta name="description" content="وصف" />');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-ghi.css">');
    expect(html).not.toContain('boot-bar');
    expect(html).not.toContain('<noscript>');
    expect(html).not.toContain('<!--');
  });

  it('loads no code before it shows: the app comes after the load event', () => {
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    const loader = /<script>(addEventListener\('load'[\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(loader).toContain('"/assets/index-abc.js"');
    expect(loader).toContain('"/assets/react-def.js"');
  });

  it('refuses a template it cannot fill', () => {
    expect(() =>
      landingDocument(template.replace('<div id="root">', '<div id="app">'), {
        lng: 'es',
        lang: 'es',
        dir: 'ltr',
        html: '<h1>Hola</h1>',
      }),
    ).toThrow(/#root/);
  });
});
