import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  alternatesOf,
  localizedUrl,
  PUBLIC_PAGES,
  type PublicPageKey,
} from '@hospes/shared/public-site';
import { currentLanguage } from '@/lib/i18n';

/** Sets the page's meta description while it is shown, and puts the previous one back after. */
function useMetaDescription(description: string) {
  useEffect(() => {
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    const previous = meta.content;
    meta.content = description;
    return () => {
      if (created) meta.remove();
      else meta.content = previous;
    };
  }, [description]);
}

/**
 * The head of a public page, in the interface language: <title>, meta description, canonical
 * URL and one `hreflang` alternate per language (`?lng=xx`, Valencian as `ca-valencia`) plus
 * `x-default`. React 19 hoists <title> and <link> into <head> and removes them on leaving.
 */
export function PageHead({
  page,
  title,
  description,
}: {
  page: PublicPageKey;
  title: string;
  description: string;
}) {
  useTranslation();
  useMetaDescription(description);
  const path = PUBLIC_PAGES.find((candidate) => candidate.key === page)?.path ?? '/';
  // Prerendered at build time (decision 073) the origin is not known: addresses relative to the
  // page, made absolute once the app takes over.
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <>
      <title>{title}</title>
      <link rel="canonical" href={localizedUrl(origin, path, currentLanguage())} />
      {alternatesOf(origin, path).map((alternate) => (
        <link
          key={alternate.hreflang}
          rel="alternate"
          hrefLang={alternate.hreflang}
          href={alternate.href}
        />
      ))}
    </>
  );
}
