import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth';
import { mockApi, renderPage, sampleUser } from '@/test/utils';
import {
  ESTABLISHMENT_ID,
  NO_SAME_DOCUMENT,
  sampleTraveler,
  SPECIMEN_SCAN,
} from '@/features/desk/test/fixtures';
import { field } from '@/features/desk/test/form';
import { prefillFromScan } from '@/features/traveler/form-model';
import { EditTravelerForm } from '@/features/desk/components/edit-traveler-form';
import { DeskTravelerForm } from '@/features/desk/components/desk-traveler-form';
import { PublicTravelerForm } from '@/features/checkin/components/public-traveler-form';
import type { ScanRound } from '@/features/traveler/components/form/use-scan-rounds';

function signIn() {
  authStore.setSession(sampleUser, { remember: true });
}

async function chooseNationality(user: UserEvent, typed: string) {
  const box = screen.getByRole('combobox', { name: 'Nationality' });
  await user.clear(box);
  await user.type(box, `${typed}{Enter}`);
}

const language = () => field("Traveler's language");

describe('the traveler’s language follows the nationality at the desk', { timeout: 30_000 }, () => {
  it('takes the main language of the nationality chosen, English for the other foreign ones', async () => {
    mockApi({}, NO_SAME_DOCUMENT);
    signIn();
    const { user } = renderPage(
      <DeskTravelerForm establishmentId={ESTABLISHMENT_ID} onSaved={vi.fn()} />,
      { path: '/traveler-registration' },
    );
    expect(language()).toHaveValue('es');
    await chooseNationality(user, 'germany');
    expect(language()).toHaveValue('de');
    await chooseNationality(user, 'japan');
    expect(language()).toHaveValue('ja');
    // Dutch is none of the 16 languages: English, not Spanish.
    await chooseNationality(user, 'netherlands');
    expect(language()).toHaveValue('en');
    await chooseNationality(user, 'mexico');
    expect(language()).toHaveValue('es');
  });

  it('keeps a language staff chose themselves, whatever nationality comes after', async () => {
    mockApi({}, NO_SAME_DOCUMENT);
    signIn();
    const { user } = renderPage(
      <DeskTravelerForm establishmentId={ESTABLISHMENT_ID} onSaved={vi.fn()} />,
      { path: '/traveler-registration' },
    );
    await chooseNationality(user, 'germany');
    expect(language()).toHaveValue('de');
    await user.selectOptions(language(), 'fr');
    await chooseNationality(user, 'italy');
    expect(language()).toHaveValue('fr');
    // Even when the choice was the language the form started with.
    await user.selectOptions(language(), 'es');
    await chooseNationality(user, 'portugal');
    expect(language()).toHaveValue('es');
  });

  it('follows the nationality read from a scanned document', () => {
    mockApi({}, NO_SAME_DOCUMENT);
    signIn();
    const scan: ScanRound = { round: 1, value: prefillFromScan(SPECIMEN_SCAN) };
    renderPage(
      <DeskTravelerForm establishmentId={ESTABLISHMENT_ID} onSaved={vi.fn()} scan={scan} />,
      { path: '/traveler-registration' },
    );
    expect(screen.getByRole('combobox', { name: /^Nationality/ })).toHaveValue('Germany');
    expect(language()).toHaveValue('de');
  });

  it('keeps the language a form was opened with', async () => {
    mockApi({}, NO_SAME_DOCUMENT);
    signIn();
    const { user } = renderPage(
      <DeskTravelerForm
        establishmentId={ESTABLISHMENT_ID}
        onSaved={vi.fn()}
        prefill={{ values: { language: 'it' }, marks: {} }}
      />,
      { path: '/traveler-registration' },
    );
    await chooseNationality(user, 'germany');
    expect(language()).toHaveValue('it');
  });

  it('leaves the language of a record being edited alone', async () => {
    mockApi({}, NO_SAME_DOCUMENT);
    signIn();
    const { user } = renderPage(
      <EditTravelerForm traveler={sampleTraveler()} onSaved={vi.fn()} />,
      { path: '/clients/edit/1' },
    );
    expect(language()).toHaveValue('es');
    await chooseNationality(user, 'germany');
    expect(language()).toHaveValue('es');
  });

  it('leaves the pilgrim’s own choice on the public form', async () => {
    mockApi({});
    const { user } = renderPage(
      <PublicTravelerForm
        submit={vi.fn()}
        consent={{ title: 'Legal', text: 'Law', label: 'I agree', requiredMessage: 'Required' }}
        submitLabel="Send registration"
        defaultLanguage="ko"
      />,
      { path: '/registro-viajero' },
    );
    expect(language()).toHaveValue('ko');
    await chooseNationality(user, 'germany');
    expect(language()).toHaveValue('ko');
  });
});
