import { describe, expect, it } from 'vitest';
import { PLANS, chargeCents } from '@hospes/shared/billing';
import { formatPrice, quote } from './pricing';

/** Every language's public texts of the pricing page. */
const marketingTexts = import.meta.glob<{
  pricing: { plans: Record<'basic' | 'professional', { features: string[] }> };
}>('../../locales/*/marketing.json', { eager: true, import: 'default' });

describe('pricing math (spec §9: from 1.49 EUR a month, 25% off annual billing)', () => {
  it('monthly billing charges the monthly price', () => {
    expect(quote('monthly')).toEqual({
      period: 'monthly',
      chargeCents: 149,
      yearlyCents: 1788,
      perMonthCents: 149,
      yearlySavingCents: 0,
    });
  });

  it('annual billing charges twelve months less 25%, to the cent', () => {
    const annual = quote('annual');
    expect(annual.chargeCents).toBe(1341);
    expect(annual.yearlyCents).toBe(1341);
    expect(annual.yearlySavingCents).toBe(447);
    expect(annual.perMonthCents).toBeCloseTo(111.75, 10);
    expect(annual.chargeCents / quote('monthly').yearlyCents).toBe(0.75);
  });

  it('rounds an annual price that does not fall on a cent', () => {
    // 9.99 × 12 = 119.88; less 25% = 89.91
    expect(quote('annual', 999).chargeCents).toBe(8991);
    // 1.33 × 12 = 15.96; less 25% = 11.97
    expect(quote('annual', 133).chargeCents).toBe(1197);
    // 0.01 × 12 = 0.12; less 25% = 0.09
    expect(quote('annual', 1).chargeCents).toBe(9);
  });

  it('formats prices in the interface language', () => {
    expect(formatPrice(149, 'en')).toBe('€1.49');
    expect(formatPrice(149, 'es').replace(/\s/g, ' ')).toBe('1,49 €');
    expect(formatPrice(111.75, 'en')).toBe('€1.12');
    expect(formatPrice(1341, 'de').replace(/\s/g, ' ')).toBe('13,41 €');
  });
});

describe('the pricing page and the plans the server enforces (decision 070)', () => {
  it('charges what the plans’ data says (Basic; Professional by quote)', () => {
    expect(PLANS.professional.monthlyCents).toBeNull();
    expect(quote('monthly').chargeCents).toBe(PLANS.basic.monthlyCents);
    expect(quote('annual').chargeCents).toBe(chargeCents(PLANS.basic.monthlyCents!, 'annual'));
  });

  it('states in every language the registrations and the storage days of the plans’ data', () => {
    expect(Object.keys(marketingTexts)).toHaveLength(16);
    for (const [lng, texts] of Object.entries(marketingTexts)) {
      for (const plan of ['basic', 'professional'] as const) {
        const features = texts.pricing.plans[plan].features.join(' ');
        const { registrationsPerMonth, storageDays } = PLANS[plan].limits;
        expect(features, `${lng} ${plan}`).toContain(String(registrationsPerMonth));
        expect(features, `${lng} ${plan}`).toContain(String(storageDays));
      }
    }
  });
});
