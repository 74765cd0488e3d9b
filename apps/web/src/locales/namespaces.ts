import { isPublicNamespace, loadPublicNamespace } from './public';

/**
 * The app's texts, one chunk per language and namespace (decision 073): a page loads the
 * namespaces it shows (its route waits for them, app/router.tsx), in the active language only.
 * The web's own namespaces are in src/locales/<lng>/<ns>.json; validation, errors and the SES
 * pre-flight's texts are the shared package's (the server reads the same files).
 *
 * The whole bundles of src/locales/<lng>/index.ts stay for the unit tests and the landing's
 * prerender (src/prerender/landing.tsx), which need every text at once; the app never imports them.
 */
type Table = Record<string, unknown>;

const own = import.meta.glob<Table>(
  './*/{common,auth,profile,clients,checkin,establishments,admin,documents,reservations}.json',
  { import: 'default' },
);
const shared = import.meta.glob<Table>(
  '../../../../packages/shared/src/locales/*/{errors,validation,ses}.json',
  { import: 'default' },
);

/** The texts of one namespace in one language; null when that language has none. */
export async function loadNamespace(lng: string, ns: string): Promise<Table | null> {
  if (isPublicNamespace(ns)) return loadPublicNamespace(lng, ns);
  const load =
    own[`./${lng}/${ns}.json`] ??
    shared[`../../../../packages/shared/src/locales/${lng}/${ns}.json`];
  return load ? load() : null;
}
