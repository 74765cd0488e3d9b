import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { initI18n, loadNamespaces } from './i18n';

describe('public-site namespaces', () => {
  it('load on demand, also when asked for before i18next has started (the first page load)', async () => {
    const instance = i18next.createInstance();
    const loading = loadNamespaces(['marketing', 'legal'], instance);
    await initI18n(instance);
    await loading;
    const lng = instance.language.split('-')[0]!;
    expect(instance.hasResourceBundle(lng, 'marketing')).toBe(true);
    expect(instance.hasResourceBundle(lng, 'legal')).toBe(true);
    expect(instance.hasResourceBundle(lng, 'contact')).toBe(false);
    expect(Array.isArray(instance.t('marketing:faq.landing', { returnObjects: true }))).toBe(true);

    await instance.changeLanguage('es');
    expect(instance.t('marketing:pricing.title')).toBe('Precios');
  });
});
