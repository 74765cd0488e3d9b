import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { useCountryOptions } from '../countries';
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
