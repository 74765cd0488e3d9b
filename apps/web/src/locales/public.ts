/**
 * The public site's namespaces: `marketing` (landing, features, pricing), `legal` (privacy,
 * legal notice, terms, cookies) and `contact`; and `billing` (the owner's plan page, its banner and
 * the admin's accounts, decision 070), which only owners and the admin open. Unlike the app's namespaces (one bundle per
 * language, see ./types.ts) each is its own small chunk, loaded by the route that needs it, so
 * the desk never downloads the legal texts and the landing never downloads the desk's texts.
 * `webhooks` (the webhooks screen of an owner, decision 069) is loaded the same way, by its route:
 * few users open it, so its texts stay out of every language's app bundle.
 *
 * A language is added by creating src/locales/<lng>/{marketing,legal,contact,billing}.json: the files
 * are found by the glob below, nothing else to register.
 */
export const PUBLIC_NAMESPACES = ['marketing', 'legal', 'contact', 'webhooks', 'billing'] as const;
export type PublicNamespace = (typeof PUBLIC_NAMESPACES)[number];

type Table = Record<string, unknown>;

const files = import.meta.glob<Table>('./*/{marketing,legal,contact,webhooks,billing}.json', {
  import: 'default',
});

export function isPublicNamespace(ns: string): ns is PublicNamespace {
  return (PUBLIC_NAMESPACES as readonly string[]).includes(ns);
}

/** The texts of one public namespace in one language; null when that language has none. */
export async function loadPublicNamespace(lng: string, ns: PublicNamespace): Promise<Table | null> {
  const load = files[`./${lng}/${ns}.json`];
  return load ? load() : null;
}
