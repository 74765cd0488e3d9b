import { onlineManager } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import { useSearchParams } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReportedTo } from '@hospes/shared/travelers';
import { authStore } from '@/lib/auth';
import { hiddenTextEscapingScrollBoxes } from '@/test/layout';
import { wideScreen } from '@/test/media';
import { apiFailure, mockApi, renderPage, sampleUser, type MockCall } from '@/test/utils';
import { filtersFromParams, paramsFromFilters } from '../filters';
import { sampleTraveler } from '../test/fixtures';
import { TravelersList } from './travelers-list';

const lucia = sampleTraveler();
const hans = sampleTraveler({
  id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
  firstName: 'Hans',
  lastName: 'Weber',
  secondLastName: null,
  nationality: 'DEU',
  documentType: 'P',
  passportNumber: 'C01X00T47',
  stayStatus: 'tooLong',
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

function listAnswer(rows = [lucia, hans], total = rows.length) {
  return {
    body: {
      success: true,
      data: rows,
      pagination: { total, page: 1, limit: 10, totalPages: Math.ceil(total / 10) },
    },
  };
}

describe('client list', () => {
  it('sends the filters of the URL, shows each traveler with the stay indicator in words, and pages', async () => {
    authStore.setSession(sampleUser, { remember: true });
    const { calls } = mockApi({ 'GET /api/pilgrims': listAnswer([lucia, hans], 23) });
    const { user, router } = renderPage(<Page />, {
      path: '/clients?search=ruiz&nationality=ESP&stayStatus=recent&bogus=1',
    });

    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const query = calls[0]!.url.searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      search: 'ruiz',
      nationality: 'ESP',
      stayStatus: 'recent',
      limit: '10',
    });
    expect(query.has('bogus')).toBe(false);
    expect(within(cards[0]!).getByText('Recent arrival')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Stay too long')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Germany')).toBeInTheDocument();
    expect(screen.getByText('23 travelers')).toBeInTheDocument();
    expect(screen.getByLabelText('Search')).toHaveValue('ruiz');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(router.state.location.search).toContain('page=2');
    expect(calls.at(-1)!.url.searchParams.get('page')).toBe('2');

    // A new filter goes back to page 1.
    await user.selectOptions(screen.getByLabelText('Stay indicator', { exact: true }), 'long');
    expect(router.state.location.search).not.toContain('page=');
    expect(router.state.location.search).toContain('stayStatus=long');

    // An order of the list: kept in the URL, sent as the API's sort field and direction.
    await user.click(screen.getByRole('button', { name: /More filters/ }));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Surname, A–Z');
    expect(router.state.location.search).toContain('sort=lastName-asc');
    expect(Object.fromEntries(calls.at(-1)!.url.searchParams)).toMatchObject({
      sortBy: 'lastName',
      sortOrder: 'asc',
    });
    expect(calls.at(-1)!.url.searchParams.has('sort')).toBe(false);
  });

  it('deletes one traveler after a confirmation naming them, and refreshes the list', async () => {
    authStore.setSession(sampleUser, { remember: true });
    let deleted = false;
    const { calls } = mockApi({
      'GET /api/pilgrims': () => listAnswer(deleted ? [hans] : [lucia, hans]),
      [`DELETE /api/pilgrims/${lucia.id}`]: () => {
        deleted = true;
        return { body: { success: true, message: 'Pilgrim deleted.', data: { id: lucia.id } } };
      },
    });
    const { user } = renderPage(<Page />, { path: '/clients' });
    await user.click(await screen.findByRole('button', { name: 'Delete Lucía Fernández Ruiz' }));
    const dialog = screen.getByRole('alertdialog', {
      name: 'Delete traveler Lucía Fernández Ruiz?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Delete traveler' }));

    expect(await screen.findByText('Pilgrim deleted')).toBeInTheDocument();
    expect(await screen.findByText('1 traveler')).toBeInTheDocument();
    expect(screen.queryByText('Lucía Fernández Ruiz')).not.toBeInTheDocument();
    expect(calls.filter((c: MockCall) => c.method === 'GET')).toHaveLength(2);
  });

  it('deletes the selected travelers in one call', async () => {
    authStore.setSession(sampleUser, { remember: true });
    let gone = false;
    const { calls } = mockApi({
      'GET /api/pilgrims': () => listAnswer(gone ? [] : [lucia, hans]),
      'POST /api/pilgrims/bulk-delete': () => {
        gone = true;
        return {
          body: { success: true, message: '2 deleted', data: { requested: 2, deleted: 2 } },
        };
      },
    });
    const { user } = renderPage(<Page />, { path: '/clients' });
    await user.click(await screen.findByLabelText('Select all travelers on this page'));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete 2 travelers?' });
    expect(within(dialog).getByText('Hans Weber')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete 2 travelers' }));

    expect(await screen.findByText('2 pilgrims deleted')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      pilgrimIds: [lucia.id, hans.id],
    });
    expect(await screen.findByRole('heading', { name: 'No travelers yet' })).toBeInTheDocument();
  });
});

describe('client list without a connection', () => {
  afterEach(() => onlineManager.setOnline(true));
  const noResponse = 'No response from the server. Check your internet connection.';

  it('a delete fails at once while the device is offline, and the dialog can be closed', async () => {
    authStore.setSession(sampleUser, { remember: true });
    mockApi({
      'GET /api/pilgrims': listAnswer(),
      [`DELETE /api/pilgrims/${lucia.id}`]: new TypeError('Failed to fetch'),
    });
    const { user } = renderPage(<Page />, { path: '/clients' });
    const deleteButton = await screen.findByRole('button', { name: 'Delete Lucía Fernández Ruiz' });
    act(() => onlineManager.setOnline(false));

    await user.click(deleteButton);
    const dialog = screen.getByRole('alertdialog', {
      name: 'Delete traveler Lucía Fernández Ruiz?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Delete traveler' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(noResponse);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('a new filter that cannot be fetched offline shows the failure, not the old rows, and is fetched once back online', async () => {
    authStore.setSession(sampleUser, { remember: true });
    mockApi({
      'GET /api/pilgrims': (call) =>
        call.url.searchParams.get('stayStatus') && !onlineManager.isOnline()
          ? new TypeError('Failed to fetch')
          : listAnswer(call.url.searchParams.get('stayStatus') ? [hans] : undefined),
    });
    const { user } = renderPage(<Page />, { path: '/clients' });
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
    act(() => onlineManager.setOnline(false));

    await user.selectOptions(screen.getByLabelText('Stay indicator', { exact: true }), 'long');
    expect(await screen.findByRole('alert')).toHaveTextContent(noResponse);
    expect(screen.queryByText('Lucía Fernández Ruiz')).not.toBeInTheDocument();
    expect(screen.queryByText('2 travelers')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    // Back online: asked again by itself.
    act(() => onlineManager.setOnline(true));
    expect(await screen.findByText('1 traveler')).toBeInTheDocument();
  });

  it('a new filter whose request failed shows the failure while it is tried again', async () => {
    authStore.setSession(sampleUser, { remember: true });
    mockApi({
      'GET /api/pilgrims': (call) =>
        call.url.searchParams.get('stayStatus')
          ? { status: 503, body: { success: false, code: 'SERVICE_UNAVAILABLE', message: '' } }
          : listAnswer(),
    });
    const { user, queryClient } = renderPage(<Page />, { path: '/clients' });
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);

    await user.selectOptions(screen.getByLabelText('Stay indicator', { exact: true }), 'long');
    // The first failure is enough: the old rows do not stay through the retries (seconds).
    expect(await screen.findByRole('alert', {}, { timeout: 800 })).toBeInTheDocument();
    expect(screen.queryByText('Lucía Fernández Ruiz')).not.toBeInTheDocument();
    await queryClient.cancelQueries();
  });
});

describe('client list filtered by an establishment that is gone', () => {
  it('offers to leave the filter out instead of asking again in vain', async () => {
    authStore.setSession(sampleUser, { remember: true });
    const gone = '0f0e0d0c-0b0a-4908-8706-050403020100';
    mockApi({
      'GET /api/pilgrims': ({ url }) =>
        url.searchParams.get('establishmentId') === gone
          ? apiFailure(404, 'ESTABLISHMENT_NOT_FOUND', 'Establishment not found')
          : listAnswer(),
    });
    const { user, router } = renderPage(<Page />, {
      path: `/clients?establishmentId=${gone}&stayStatus=recent`,
    });
    expect(await screen.findByText('Establishment not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Establishment: All' }));
    expect(router.state.location.search).not.toContain('establishmentId');
    expect(router.state.location.search).toContain('stayStatus=recent');
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
  });
});

describe('client list on a tablet or computer (a table)', () => {
  it('puts each row’s actions on one line as named icons, inside the table’s scroll box', async () => {
    wideScreen('(min-width: 64rem)');
    authStore.setSession(sampleUser, { remember: true });
    mockApi({ 'GET /api/pilgrims': listAnswer() });
    const { container } = renderPage(<Page />, { path: '/clients' });
    const table = await screen.findByRole('table', { name: 'Travelers' });
    const row = within(table)
      .getByRole('rowheader', { name: 'Lucía Fernández Ruiz' })
      .closest('tr')!;

    const view = within(row).getByRole('link', { name: 'View Lucía Fernández Ruiz' });
    const edit = within(row).getByRole('link', { name: 'Edit Lucía Fernández Ruiz' });
    const remove = within(row).getByRole('button', { name: 'Delete Lucía Fernández Ruiz' });
    expect(view).toHaveAttribute('href', `/clients/view/${lucia.id}`);
    expect(edit).toHaveAttribute('href', `/clients/edit/${lucia.id}`);
    for (const [action, title] of [
      [view, 'View'],
      [edit, 'Edit'],
      [remove, 'Delete'],
    ] as const) {
      // An icon (a pointer gets its title); no visible words to stack the buttons.
      expect(action).toHaveAttribute('title', title);
      expect(action.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
      const visible = Array.from(action.childNodes).filter(
        (node) => !(node instanceof Element && node.classList.contains('sr-only')),
      );
      expect(visible.map((node) => node.textContent).join('')).toBe('');
    }
    const line = view.parentElement!;
    expect(line).toBe(remove.parentElement);
    expect(line.className.split(/\s+/)).not.toContain('flex-wrap');
    expect(hiddenTextEscapingScrollBoxes(container)).toEqual([]);
  });
});

describe('where each traveler was reported (decision 061)', () => {
  it('names the authority and its reference on each reported traveler, nothing on the others', async () => {
    authStore.setSession(sampleUser, { remember: true });
    const reported = (authority: ReportedTo['authority'], reference: string) => ({
      reportedTo: { authority, reference, at: '2026-06-01T18:00:20.000Z' },
    });
    const ane = sampleTraveler({
      id: '2b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
      firstName: 'Ane',
      ...reported('ertzaintza', 'f60670f1-14f1-40cb-ad23-d53b97007fbd'),
    });
    const nuria = sampleTraveler({
      id: '3b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
      firstName: 'Núria',
      ...reported('mossos', '17079AAR02.001'),
    });
    const sent = sampleTraveler({ ...reported('ses', 'lote-1234') });
    mockApi({ 'GET /api/pilgrims': listAnswer([ane, nuria, sent, hans]) });
    renderPage(<Page />, { path: '/clients' });
    const cards = await screen.findAllByRole('listitem');
    expect(within(cards[0]!).getByTestId('reported-to')).toHaveTextContent(
      'Reported to Ertzaintza: f60670f1-14f1-40cb-ad23-d53b97007fbd',
    );
    expect(within(cards[1]!).getByTestId('reported-to')).toHaveTextContent(
      "Reported to Mossos d'Esquadra: 17079AAR02.001",
    );
    expect(within(cards[2]!).getByTestId('reported-to')).toHaveTextContent(
      'Reported to SES.HOSPEDAJES: lote-1234',
    );
    expect(within(cards[3]!).queryByTestId('reported-to')).toBeNull();
  });
});
