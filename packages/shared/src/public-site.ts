/**
 * The public pages (landing, features, pricing, contact, legal) and their language versions.
 * Each page exists in every interface language as `<path>?lng=<code>`; the path without `lng`
 * is the `x-default` version (the language is then detected). Used by the web app for the
 * `hreflang` links in the head, and by the server for /sitemap.xml. Pure: no I/O.
 */
import { bcp47Of, LANGUAGES, type Language } from './languages';

export const PUBLIC_PAGES = [
  { key: 'landing', path: '/', priority: '1.0' },
  { key: 'features', path: '/features', priority: '0.8' },
  { key: 'pricing', path: '/pricing', priority: '0.8' },
  { key: 'contact', path: '/contacto', priority: '0.6' },
  { key: 'legalNotice', path: '/legal-notice', priority: '0.3' },
  { key: 'privacy', path: '/privacy', priority: '0.3' },
  { key: 'terms', path: '/terms', priority: '0.3' },
  { key: 'cookies', path: '/cookies', priority: '0.3' },
] as const;
export type PublicPageKey = (typeof PUBLIC_PAGES)[number]['key'];

/** The `hreflang` value of an interface language: BCP 47, so Valencian is `ca-valencia`. */
export function hreflangOf(lng: Language): string {
  return bcp47Of(lng);
}

/** The URL of one language version of a page: `<origin><path>?lng=<code>`. */
export function localizedUrl(origin: string, path: string, lng: Language): string {
  return `${origin.replace(/\/+$/, '')}${path}?lng=${lng}`;
}

export interface Alternate {
  hreflang: string;
  href: string;
}

/** Every language version of a page plus `x-default` (the path without `lng`). */
export function alternatesOf(
  origin: string,
  path: string,
  languages: readonly Language[] = LANGUAGES,
): Alternate[] {
  return [
    ...languages.map((lng) => ({
      hreflang: hreflangOf(lng),
      href: localizedUrl(origin, path, lng),
    })),
    { hreflang: 'x-default', href: `${origin.replace(/\/+$/, '')}${path}` },
  ];
}

function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * /sitemap.xml: one <url> per page and language, each listing all its alternates
 * (sitemaps.org with the xhtml:link extension, as search engines document for hreflang).
 */
export function buildSitemap(origin: string, languages: readonly Language[] = LANGUAGES): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const page of PUBLIC_PAGES) {
    const alternates = alternatesOf(origin, page.path, languages);
    const links = alternates.map(
      (a) =>
        `    <xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeXml(a.href)}"/>`,
    );
    for (const lng of languages) {
      lines.push(
        '  <url>',
        `    <loc>${escapeXml(localizedUrl(origin, page.path, lng))}</loc>`,
        ...links,
        `    <priority>${page.priority}</priority>`,
        '  </url>',
      );
    }
  }
  lines.push('</urlset>', '');
  return lines.join('\n');
}

/** /robots.txt: public pages open, the app's private areas and the API closed, the sitemap named. */
export function buildRobotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /clients',
    'Disallow: /profile',
    'Disallow: /admin',
    'Disallow: /traveler-registration',
    'Disallow: /verify-email',
    'Disallow: /recover-pass',
    '',
    `Sitemap: ${origin.replace(/\/+$/, '')}/sitemap.xml`,
    '',
  ].join('\n');
}
