import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/config/constants';
import { CHECKIN_LINK_INFO } from '@/test/checkin';
import { mockApi, renderPage } from '@/test/utils';
import { field } from '@/features/desk/test/form';
import { draftFromStaticForm } from '@/features/checkin/static-form-draft';
import { captureStaticForm, takeStaticFormInput } from '@/lib/static-form';
import { SelfRegistrationRoute } from './self-registration';

const LINK = 'lnk_abcdefghijklmnopqrstuvwx';

/**
 * The server-rendered form's markup (decision 079), as React renders it to HTML: its values as
 * attributes (`value`, `selected`), fields named as react-hook-form registers them.
 */
const STATIC_FORM = `
  <form>
    <input name="firstName" value="" />
    <input name="lastName" value="" />
    <input name="nationality" role="combobox" value="" />
    <select name="gender">
      <option value="">Choose</option><option value="M">Male</option><option value="F">Female</option>
    </select>
    <select name="language">
      <option value="es" selected="">Español</option><option value="de">Deutsch</option>
    </select>
    <input name="contactInfo.email" type="email" value="" />
    <input name="contactInfo.phone" value="+34 600" />
    <input name="consent" type="checkbox" />
    <input name="frontDocImage" type="file" disabled="" />
    <button type="submit" disabled="">Send</button>
  </form>`;

function staticPage() {
  const root = document.createElement('div');
  root.id = 'root';
  root.setAttribute('data-prerendered', 'en');
  root.innerHTML = STATIC_FORM;
  document.body.append(root);
  const named = <T extends HTMLElement>(name: string) => root.querySelector<T>(`[name="${name}"]`)!;
  return { root, named };
}

/** The server-rendered page, with what Amélie typed and chose before the app came. */
function typedStaticPage() {
  const page = staticPage();
  const { named } = page;
  named<HTMLInputElement>('firstName').value = 'Amélie';
  named<HTMLInputElement>('nationality').value = 'Francia';
  named<HTMLSelectElement>('gender').value = 'F';
  named<HTMLInputElement>('contactInfo.email').value = 'amelie@example.fr';
  named<HTMLInputElement>('consent').checked = true;
  return page;
}

afterEach(() => {
  takeStaticFormInput();
  document.getElementById('root')?.remove();
});

describe('what a pilgrim typed in the server-rendered form before the app came (decision 079)', () => {
  it('is read from the markup: what was changed only, by name, and the field in focus', () => {
    const { root, named } = typedStaticPage();
    const last = named<HTMLInputElement>('lastName');
    last.value = 'Dupo';
    last.focus();
    last.setSelectionRange(4, 4);

    const input = captureStaticForm(root);
    // Left as rendered: the language chosen by the page, the prefilled phone, the empty fields.
    expect(input?.values).toEqual({
      firstName: 'Amélie',
      lastName: 'Dupo',
      nationality: 'Francia',
      gender: 'F',
      'contactInfo.email': 'amelie@example.fr',
      consent: 'on',
    });
    expect(input?.focus).toEqual({ name: 'lastName', start: 4, end: 4 });
    // Handed over once.
    expect(takeStaticFormInput()).toBe(input);
    expect(takeStaticFormInput()).toBeNull();
  });

  it('becomes a draft: a country by its exact name in any language, a half-typed one dropped', () => {
    expect(
      draftFromStaticForm(
        {
          firstName: 'Amélie',
          nationality: 'Francia',
          'address.country': 'Fran',
          'contactInfo.email': 'amelie@example.fr',
          consent: 'on',
          '__proto__.polluted': 'x',
        },
        'en',
      ),
    ).toEqual({
      draft: {
        firstName: 'Amélie',
        nationality: 'FRA',
        contactInfo: { email: 'amelie@example.fr' },
      },
      consented: true,
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(draftFromStaticForm({}, 'es')).toEqual({ draft: null, consented: false });
  });

  it('is in the live form the app renders over it, with the consent and the focus', async () => {
    mockApi({ [`GET /api/public/checkin/${LINK}`]: CHECKIN_LINK_INFO });
    const { root, named } = typedStaticPage();
    named<HTMLInputElement>('contactInfo.email').focus();
    captureStaticForm(root);
    root.remove();

    renderPage(<SelfRegistrationRoute />, { path: `/registro-viajero?t=${LINK}` });
    await screen.findByRole('heading', { name: 'Fill in from your document' });
    expect(field('First name')).toHaveValue('Amélie');
    expect(screen.getByRole('combobox', { name: /Nationality/ })).toHaveValue('France');
    expect(field('Sex')).toHaveValue('F');
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue('amelie@example.fr');
    expect(
      screen.getByRole('checkbox', { name: /I have read the legal information/ }),
    ).toBeChecked();
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveFocus();
    // Kept at once for a reload, as typing in the live form would keep it.
    const kept = JSON.parse(sessionStorage.getItem(STORAGE_KEYS.checkinDraft) ?? 'null') as {
      token: string;
      values: Record<string, unknown>;
    } | null;
    expect(kept?.token).toBe(LINK);
    expect(kept?.values).toMatchObject({
      firstName: 'Amélie',
      nationality: 'FRA',
      gender: 'F',
      contactInfo: { email: 'amelie@example.fr' },
    });
  });
});
