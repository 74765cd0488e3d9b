import { screen, within } from '@testing-library/react';
import { useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { todayIso } from '@hospes/shared/dates';
import type { Traveler } from '@hospes/shared/travelers';
import { authStore } from '@/lib/auth';
import { DocumentSlotsContext } from '@/lib/document-slots';
import { wideScreen } from '@/test/media';
import { apiFailure, mockApi, renderPage, sampleUser } from '@/test/utils';
import { filtersFromParams, paramsFromFilters } from '../filters';
import { sampleTraveler } from '../test/fixtures';
import { TravelersList } from './travelers-list';

/** Lucía: no home address, check-out nor payment type, so the parte cannot be sent. */
const lucia = sampleTraveler();
/** Hans: everything the parte needs (a walk-in: his report number is the contract). */
const hans = sampleTraveler({
  id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
  reportNumber: '2026/000002',
  firstName: 'Hans',
  lastName: 'Weber',
  secondLastName: null,
  nationality: 'DEU',
  documentType: 'P',
  passportNumber: 'C01X00T47',
  documentSupportNumber: null,
  checkOutDate: '2026-11-22',
  address: {
    street: 'Hauptstraße 5',
    complement: null,
    municipalityCode: null,
    municipalityName: 'Berlin',
    postalCode: '10115',
    country: 'DEU',
  },
  stay: { ...sampleTraveler().stay, paymentType: 'TARJT' },
});

function Page() {
  const [params, setParams] = useSearchParams();
  return (
    <TravelersList
      filters={filtersFromParams(params)}
      onFiltersChange={(next) => setParams(paramsFromFilters(next))}
      establishments={[]}
    />
  );
}

function listAnswer(rows: Traveler[] = [lucia, hans]) {
  return {
    body: {
      success: true,
      data: rows,
      pagination: { total: rows.length, page: 1, limit: 10, totalPages: 1 },
    },
  };
}

const signIn = () => authStore.setSession(sampleUser, { remember: true });

const updated = (count: number) => ({
  body: { success: true, message: 'ok', data: { requested: count, updated: count } },
});

describe('travelers who cannot be reported', () => {
  it(
    'are marked, with a one-tap fix to the edit form on what is missing, and can be listed alone',
    { timeout: 20_000 },
    async () => {
      signIn();
      const { calls } = mockApi({
        // The server filters on the pre-flight across all pages (decision 048).
        'GET /api/pilgrims': (call) =>
          listAnswer(call.url.searchParams.get('parte') === 'unreportable' ? [lucia] : undefined),
      });
      const { user, router } = renderPage(<Page />, { path: '/clients' });
      const cards = await screen.findAllByRole('listitem');
      const [luciaCard, hansCard] = cards as [HTMLElement, HTMLElement];
      const badge = within(luciaCard).getByTestId('unreportable-badge');
      expect(badge).toHaveTextContent('Cannot be reported');
      expect(badge).toHaveTextContent('The payment type is missing');
      expect(within(hansCard).queryByTestId('unreportable-badge')).not.toBeInTheDocument();
      expect(within(hansCard).queryByRole('link', { name: /Complete/ })).not.toBeInTheDocument();

      // Only those who cannot be reported: asked of the server, for every page.
      await user.click(screen.getByLabelText('Only those who cannot be reported (1 on this page)'));
      expect(
        await screen.findByLabelText('Only those who cannot be reported (all pages)'),
      ).toBeChecked();
      expect(router.state.location.search).toBe('?parte=unreportable');
      expect(calls.at(-1)?.url.searchParams.get('parte')).toBe('unreportable');
      expect(screen.getAllByRole('listitem')).toHaveLength(1);
      expect(screen.queryByText('Hans Weber')).not.toBeInTheDocument();

      await user.click(screen.getByRole('link', { name: 'Complete Lucía Fernández Ruiz' }));
      expect(router.state.location.pathname).toBe(`/clients/edit/${lucia.id}`);
      // What the edit form opens on: the fields to fill, the first one focused.
      expect(router.state.location.state).toEqual({
        sesProblems: [
          { field: 'address.street', message: 'The home address is missing' },
          { field: 'checkOutDate', message: 'The check-out date is missing' },
          { field: 'stay.paymentType', message: 'The payment type is missing' },
        ],
      });
    },
  );

  it('are marked beside the stay in the table, the row still named by the traveler alone', async () => {
    wideScreen('(min-width: 64rem)');
    signIn();
    mockApi({ 'GET /api/pilgrims': listAnswer() });
    renderPage(<Page />, { path: '/clients' });
    const table = await screen.findByRole('table', { name: 'Travelers' });
    const row = within(table)
      .getByRole('rowheader', { name: 'Lucía Fernández Ruiz' })
      .closest('tr')!;
    expect(within(row).getByTestId('unreportable-badge')).toBeInTheDocument();
    expect(
      within(row).getByRole('link', { name: 'Complete Lucía Fernández Ruiz' }),
    ).toHaveAttribute('href', `/clients/edit/${lucia.id}`);
  });
});

describe('bulk actions on the selected travelers', () => {
  it('checks them out today', async () => {
    signIn();
    const { calls } = mockApi({
      'GET /api/pilgrims': listAnswer(),
      'PATCH /api/pilgrims/bulk': updated(2),
    });
    const { user } = renderPage(<Page />, { path: '/clients' });
    await user.click(await screen.findByLabelText('Select all travelers on this page'));
    await user.click(screen.getByRole('button', { name: 'Check out' }));
    const dialog = screen.getByRole('dialog', {
      name: 'Check out the selected travelers (2)',
    });
    expect(within(dialog).getByText('Hans Weber')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Today')).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Check out' }));

    expect(await screen.findByText('Travelers updated: 2')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      pilgrimIds: [lucia.id, hans.id],
      checkOutDate: todayIso(new Date()),
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Done: nothing is selected any more.
    expect(screen.queryByRole('region', { name: 'Selected travelers' })).not.toBeInTheDocument();
  });

  it('checks them out on a date chosen, and names a traveler the server refused', async () => {
    signIn();
    const { calls } = mockApi({
      'GET /api/pilgrims': listAnswer(),
      'PATCH /api/pilgrims/bulk': apiFailure(400, 'VALIDATION_FAILED', 'Error in the data sent', [
        {
          field: `${hans.id}.checkOutDate`,
          message: '',
          code: 'validation.checkOutBeforeEntry',
        },
      ]),
    });
    const { user } = renderPage(<Page />, { path: '/clients' });
    await user.click(await screen.findByLabelText('Select all travelers on this page'));
    await user.click(screen.getByRole('button', { name: 'Check out' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByLabelText('On another date'));
    const date = within(dialog).getByLabelText('Check-out date');
    await user.clear(date);
    await user.type(date, '2026-11-01');
    await user.click(within(dialog).getByRole('button', { name: 'Check out' }));

    expect(
      await within(dialog).findByText(/Hans Weber: .*check-out.*before.*entry/i),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      pilgrimIds: [lucia.id, hans.id],
      checkOutDate: '2026-11-01',
    });
    // The dialog stays, with the selection, to try another date.
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('sets their payment type', async () => {
    signIn();
    const { calls } = mockApi({
      'GET /api/pilgrims': listAnswer(),
      'PATCH /api/pilgrims/bulk': updated(1),
    });
    const { user } = renderPage(<Page />, { path: '/clients' });
    await user.click(await screen.findByLabelText('Select Lucía Fernández Ruiz'));
    await user.click(screen.getByRole('button', { name: 'Set payment type' }));
    const dialog = screen.getByRole('dialog', {
      name: 'Payment type of the selected travelers (1)',
    });
    // Nothing chosen: asked, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Set payment type' }));
    expect(within(dialog).getByText('This field is required')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    await user.selectOptions(within(dialog).getByLabelText('Payment type'), 'EFECT');
    await user.click(within(dialog).getByRole('button', { name: 'Set payment type' }));
    expect(await screen.findByText('Travelers updated: 1')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      pilgrimIds: [lucia.id],
      paymentType: 'EFECT',
    });
  });

  it('sends them to SES through the documents feature’s slot, which the app fills', async () => {
    signIn();
    mockApi({ 'GET /api/pilgrims': listAnswer() });
    const { user } = renderPage(
      <DocumentSlotsContext
        value={{
          selectionActions: (selected) => (
            <button type="button">Send {selected.map((p) => p.firstName).join(', ')}</button>
          ),
        }}
      >
        <Page />
      </DocumentSlotsContext>,
      { path: '/clients' },
    );
    await user.click(await screen.findByLabelText('Select all travelers on this page'));
    const bar = screen.getByRole('region', { name: 'Selected travelers' });
    expect(within(bar).getByRole('button', { name: 'Send Lucía, Hans' })).toBeInTheDocument();
  });
});
