import { describe, expect, it } from 'vitest';
import { bcp47Of, LANGUAGES, matchLanguage } from './languages';

describe('bcp47Of', () => {
  it('gives every interface language a tag Intl knows, Valencian as Catalan of Valencia', () => {
    expect(bcp47Of('va')).toBe('ca-valencia');
    expect(matchLanguage(bcp47Of('va'))).toBe('va');
    for (const lng of LANGUAGES) {
      const [supported] = Intl.DateTimeFormat.supportedLocalesOf([bcp47Of(lng)]);
      expect(supported, lng).toBeDefined();
      expect(matchLanguage(bcp47Of(lng))).toBe(lng);
    }
    // The code itself is unknown to Intl: it would fall back to the default locale.
    expect(Intl.DateTimeFormat.supportedLocalesOf(['va'])).toEqual([]);
    const day = new Date(Date.UTC(2026, 10, 22));
    expect(
      new Intl.DateTimeFormat(bcp47Of('va'), { dateStyle: 'long', timeZone: 'UTC' }).format(day),
    ).toMatch(/^22 de novembre/);
    expect(new Intl.DisplayNames([bcp47Of('va')], { type: 'region' }).of('DE')).toBe('Alemanya');
  });
});
