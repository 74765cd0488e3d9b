import { describe, expect, it } from 'vitest';
import { fillPluralForms } from './i18n';

describe('plural forms of languages with more categories than English', () => {
  it('lets _other stand in for the categories a language has and the translation lacks', () => {
    const table = {
      list: { count_one: 'Гість: {{count}}', count_other: 'Гостей: {{count}}' },
      plain: 'x',
    };
    const filled = fillPluralForms(table, 'uk');
    expect(filled.list).toMatchObject({
      count_one: 'Гість: {{count}}',
      count_few: 'Гостей: {{count}}',
      count_many: 'Гостей: {{count}}',
    });
    expect(filled.plain).toBe('x');
  });
  it('keeps forms a translation has and adds nothing a language does not use', () => {
    const filled = fillPluralForms(
      { n_one: 'one', n_other: 'other', n_few: 'few' },
      'ru',
    ) as Record<string, string>;
    expect(filled.n_few).toBe('few');
    expect(fillPluralForms({ n_one: 'one', n_other: 'other' }, 'en')).toEqual({
      n_one: 'one',
      n_other: 'other',
    });
    expect(Object.keys(fillPluralForms({ n_other: 'x' }, 'ar')).sort()).toEqual([
      'n_few',
      'n_many',
      'n_one',
      'n_other',
      'n_two',
      'n_zero',
    ]);
  });
});
