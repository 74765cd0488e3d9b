import { render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { COUNTRIES } from '@hospes/shared/countries';
import { LANGUAGES } from '@hospes/shared/languages';
import { countryName, useCountryOptions } from './countries';
import { COUNTRY_ALIASES } from './country-aliases';
import { Combobox, filterOptions } from '@/components/ui/combobox';

function CountryPicker({ onChange }: { onChange?: (value: string) => void }) {
  const options = useCountryOptions();
  const [value, setValue] = useState('');
  return (
    <>
      <Combobox
        label="Nationality"
        options={options}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
      />
      <output data-testid="stored">{value}</output>
      <button type="button">Next field</button>
    </>
  );
}

describe('type-ahead (combobox)', () => {
  it('follows the ARIA combobox pattern: type, move with the arrows, pick with Enter; stores alpha-3', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<CountryPicker onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: 'Nationality' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAttribute('aria-autocomplete', 'list');

    await user.type(box, 'ger');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox');
    expect(box).toHaveAttribute('aria-controls', listbox.id);
    const options = within(listbox).getAllByRole('option');
    expect(options[0]).toHaveTextContent('Germany');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);

    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('DEU');
    expect(box).toHaveValue('Germany');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('stored')).toHaveTextContent('DEU');
  });

  it('finds a country by its ISO codes, closes with Escape, and keeps an exact name typed before leaving', async () => {
    const user = userEvent.setup();
    render(<CountryPicker />);
    const box = screen.getByRole('combobox', { name: 'Nationality' });

    await user.type(box, 'usa');
    expect(within(screen.getByRole('listbox')).getAllByRole('option')[0]).toHaveTextContent(
      'United States',
    );
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('');

    await user.type(box, 'portugal');
    await user.tab();
    expect(screen.getByTestId('stored')).toHaveTextContent('PRT');
    expect(box).toHaveValue('Portugal');

    // Something that is no country goes back to the stored value.
    await user.clear(box);
    await user.type(box, 'zzz');
    expect(screen.getByText('No matches')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next field' }));
    expect(box).toHaveValue('Portugal');
  });

  it('shows the names in the interface language', async () => {
    await i18n.changeLanguage('es');
    const user = userEvent.setup();
    render(<CountryPicker />);
    const box = screen.getByRole('combobox', { name: 'Nationality' });
    await user.type(box, 'alem');
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Alemania');
    expect(screen.getByTestId('stored')).toHaveTextContent('DEU');
  });

  it('ranks names that start with the text first, ignoring accents', () => {
    const options = [
      { value: 'A', label: 'Reino Unido' },
      { value: 'B', label: 'Perú' },
      { value: 'C', label: 'Unión' },
    ];
    expect(filterOptions(options, 'peru').map((o) => o.value)).toEqual(['B']);
    expect(filterOptions(options, 'uni').map((o) => o.value)).toEqual(['C', 'A']);
  });
});

describe('nationality: what people type for a country', () => {
  /** The countries found for `query`, best first, with the interface in `lng`. */
  async function found(query: string, lng = 'en') {
    await i18n.changeLanguage(lng);
    const { result } = renderHook(() => useCountryOptions());
    return filterOptions(result.current, query).map((option) => option.value);
  }

  it('"UK" + Enter picks the United Kingdom, not Ukraine', async () => {
    const user = userEvent.setup();
    render(<CountryPicker />);
    const box = screen.getByRole('combobox', { name: 'Nationality' });
    await user.type(box, 'UK');
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options[0]).toHaveTextContent('United Kingdom');
    // Ukraine, whose name starts with it, is still offered, next.
    expect(options[1]).toHaveTextContent('Ukraine');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('stored')).toHaveTextContent('GBR');
    expect(box).toHaveValue('United Kingdom');

    // Typed and left with Tab: the same.
    await user.clear(box);
    await user.type(box, 'uk');
    await user.tab();
    expect(screen.getByTestId('stored')).toHaveTextContent('GBR');
  });

  it('"Korea", "Corea", "Corée" + Enter pick South Korea, which comes before North Korea', async () => {
    const user = userEvent.setup();
    render(<CountryPicker />);
    const box = screen.getByRole('combobox', { name: 'Nationality' });
    await user.type(box, 'Korea');
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['South Korea', 'North Korea']);
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('stored')).toHaveTextContent('KOR');
    expect(box).toHaveValue('South Korea');

    expect((await found('Corea', 'es')).slice(0, 2)).toEqual(['KOR', 'PRK']);
    expect((await found('Corée', 'fr')).slice(0, 2)).toEqual(['KOR', 'PRK']);
    // "Kor" matches both as well as each other: the one pilgrims more often come from first.
    expect((await found('kor')).slice(0, 2)).toEqual(['KOR', 'PRK']);
    // North Korea by its own name.
    expect((await found('North Korea'))[0]).toBe('PRK');
    expect((await found('Corea del Norte', 'es'))[0]).toBe('PRK');
  });

  it('picks "Corea" + Enter as South Korea in Spanish, shown by its Spanish name', async () => {
    await i18n.changeLanguage('es');
    const user = userEvent.setup();
    render(<CountryPicker />);
    const box = screen.getByRole('combobox', { name: 'Nationality' });
    await user.type(box, 'corea{Enter}');
    expect(screen.getByTestId('stored')).toHaveTextContent('KOR');
    expect(box).toHaveValue('Corea del Sur');
  });

  it.each([
    ['England', 'en', 'GBR'],
    ['Scotland', 'en', 'GBR'],
    ['Wales', 'en', 'GBR'],
    ['Britain', 'en', 'GBR'],
    ['Great Britain', 'en', 'GBR'],
    ['GB', 'en', 'GBR'],
    ['Inglaterra', 'es', 'GBR'],
    ['Holland', 'en', 'NLD'],
    ['Holanda', 'es', 'NLD'],
    ['Hollande', 'fr', 'NLD'],
    ['USA', 'es', 'USA'],
    ['EEUU', 'es', 'USA'],
    ['EE. UU.', 'es', 'USA'],
    ['EE.UU.', 'es', 'USA'],
    ['America', 'en', 'USA'],
    ['U.S.', 'en', 'USA'],
    ['Deutschland', 'es', 'DEU'],
    ['Alemania', 'en', 'DEU'],
    ['にほん', 'ja', 'JPN'],
    ['にほん', 'es', 'JPN'],
    ['日本', 'en', 'JPN'],
    ['한국', 'es', 'KOR'],
    ['Turkey', 'en', 'TUR'],
    ['República Checa', 'es', 'CZE'],
  ])('"%s" (interface in %s) finds %s first', async (query, lng, expected) => {
    expect((await found(query, lng))[0]).toBe(expected);
  });

  it('finds a country by the beginning of another of its names, after the names that start with it', async () => {
    expect((await found('Inglat', 'es'))[0]).toBe('GBR');
    expect((await found('Holan', 'es'))[0]).toBe('NLD');
    // "Uni…": the United Kingdom and the United States by their English names, in Spanish too.
    expect(await found('united', 'es')).toEqual(expect.arrayContaining(['GBR', 'USA', 'ARE']));
    // A name that starts with what was typed comes before another name of another country.
    expect((await found('ale', 'es'))[0]).toBe('DEU');
  });

  it('finds every country by its name in each of the 16 interface languages', async () => {
    await i18n.changeLanguage('es');
    const options = renderHook(() => useCountryOptions()).result.current;
    for (const [alpha3] of COUNTRIES) {
      for (const lng of LANGUAGES) {
        const name = countryName(alpha3, lng);
        if (name === alpha3) continue;
        const values = filterOptions(options, name).map((option) => option.value);
        expect(values, `${alpha3} as ${lng} "${name}"`).toContain(alpha3);
      }
    }
  });

  it('gives no alias that is another country’s code or name', () => {
    const others = new Map<string, string>();
    const key = (word: string) =>
      word
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]/gu, '');
    for (const [alpha3, alpha2] of COUNTRIES) {
      for (const word of [alpha3, alpha2, ...LANGUAGES.map((lng) => countryName(alpha3, lng))]) {
        others.set(key(word), alpha3);
      }
    }
    for (const [alpha3, aliases] of Object.entries(COUNTRY_ALIASES)) {
      for (const alias of aliases) {
        const owner = others.get(key(alias));
        expect(owner === undefined || owner === alpha3, `${alias} (${alpha3}) is ${owner}'s`).toBe(
          true,
        );
      }
    }
  });

  it('weighs two letters as the start of a name as much as an ISO code: the more frequent country first', async () => {
    // Spanish: "al" is Alemania, which pilgrims come from far more often, not AL (Albania), whose
    // name starts so too and is still offered.
    const al = await found('al', 'es');
    expect(al[0]).toBe('DEU');
    expect(al).toContain('ALB');
    // No Spanish name starts with "de" or "pt": the codes find Germany and Portugal.
    expect((await found('de', 'es'))[0]).toBe('DEU');
    expect((await found('pt', 'es'))[0]).toBe('PRT');
    // German: "de" is Deutschland; "us" the USA before Usbekistan, "at" Austria before Äthiopien.
    expect((await found('de', 'de'))[0]).toBe('DEU');
    expect((await found('us', 'de')).slice(0, 2)).toEqual(['USA', 'UZB']);
    expect((await found('at', 'de')).slice(0, 2)).toEqual(['AUT', 'ETH']);
    // English: "ir" is Ireland by its name before IR (Iran), still offered; "uk" and "us" stay
    // the United Kingdom and the United States.
    const ir = await found('ir', 'en');
    expect(ir[0]).toBe('IRL');
    expect(ir).toContain('IRN');
    expect((await found('uk', 'en'))[0]).toBe('GBR');
    expect((await found('us', 'en'))[0]).toBe('USA');
    expect((await found('gb', 'en'))[0]).toBe('GBR');
  });

  it('"al" + Enter picks Alemania in Spanish; "pt" + Tab takes Portugal by its code', async () => {
    await i18n.changeLanguage('es');
    const user = userEvent.setup();
    render(<CountryPicker />);
    const box = screen.getByRole('combobox', { name: 'Nationality' });
    await user.type(box, 'al{Enter}');
    expect(screen.getByTestId('stored')).toHaveTextContent('DEU');
    expect(box).toHaveValue('Alemania');

    await user.clear(box);
    await user.type(box, 'pt');
    await user.tab();
    expect(screen.getByTestId('stored')).toHaveTextContent('PRT');
    expect(box).toHaveValue('Portugal');
  });

  it('ranks an exact word first and, among equal matches, a higher priority first', () => {
    const options = [
      { value: 'UKR', label: 'Ukraine' },
      { value: 'PRK', label: 'North Korea', keywords: ['KP'] },
      { value: 'GBR', label: 'United Kingdom', keywords: ['UK'] },
      { value: 'KOR', label: 'South Korea', keywords: ['KR'], priority: 2 },
    ];
    expect(filterOptions(options, 'uk').map((o) => o.value)).toEqual(['GBR', 'UKR']);
    expect(filterOptions(options, 'korea').map((o) => o.value)).toEqual(['KOR', 'PRK']);
  });

  it('ranks a short code with the labels that start with it, by priority, before the other matches', () => {
    const options = [
      { value: 'BIH', label: 'Bosnia y Herzegovina', code: 'BA' },
      { value: 'ALB', label: 'Albania', code: 'AL' },
      { value: 'DZA', label: 'Argelia', keywords: ['Algeria'], code: 'DZ' },
      { value: 'DEU', label: 'Alemania', code: 'DE', priority: 2 },
    ];
    expect(filterOptions(options, 'al').map((o) => o.value)).toEqual(['DEU', 'ALB', 'DZA']);
    expect(filterOptions(options, 'de').map((o) => o.value)).toEqual(['DEU']);
    expect(filterOptions(options, 'dz').map((o) => o.value)).toEqual(['DZA']);
    // A code before a label that merely contains the letters.
    expect(filterOptions(options, 'ba').map((o) => o.value)).toEqual(['BIH', 'ALB']);
  });
});
