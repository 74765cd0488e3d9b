import type { Resource } from 'i18next';

/** The public-site namespaces (src/locales/<lng>/{marketing,legal,contact,billing}.json), loaded at once for tests. */
const files = import.meta.glob<Record<string, unknown>>(
  '../locales/*/{marketing,legal,contact,webhooks,billing}.json',
  {
    import: 'default',
    eager: true,
  },
);

/** Adds the public namespaces to a test's i18next resources. */
export function withPublicNamespaces(resources: Resource): Resource {
  const merged: Resource = {};
  for (const [lng, namespaces] of Object.entries(resources)) merged[lng] = { ...namespaces };
  for (const [file, table] of Object.entries(files)) {
    const [, lng, ns] = /\.\.\/locales\/([^/]+)\/([^/.]+)\.json$/.exec(file) ?? [];
    if (!lng || !ns) continue;
    merged[lng] = { ...merged[lng], [ns]: table };
  }
  return merged;
}
