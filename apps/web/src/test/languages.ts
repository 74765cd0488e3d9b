import { i18n } from '@/lib/i18n';
import type { LocaleBundle } from '@/locales/types';
import { withPublicNamespaces } from './public-locales';

/**
 * Switches a test's interface to `lng`, whose texts the test setup (English and Spanish only)
 * does not hold: its bundle is added first. The setup switches back to English after each test.
 */
export async function useLanguage(lng: string, bundle: LocaleBundle) {
  const resources = withPublicNamespaces({ [lng]: { ...bundle } });
  for (const [ns, table] of Object.entries(resources[lng] ?? {}))
    i18n.addResourceBundle(lng, ns, table, true, true);
  await i18n.changeLanguage(lng);
}
