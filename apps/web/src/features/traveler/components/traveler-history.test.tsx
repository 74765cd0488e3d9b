import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TravelerHistoryEntry } from '@hospes/shared/travelers';
import { apiFailure, mockApi, renderPage } from '@/test/utils';
import { TravelerHistory } from './traveler-history';

const maria = { id: '11111111-1111-4111-8111-111111111111', name: 'María', email: null };
const entry = (over: Partial<TravelerHistoryEntry>): TravelerHistoryEntry => ({
  id: crypto.randomUUID(),
  at: '2026-11-22T13:05:00.000Z',
  action: 'pilgrim.created',
  by: 'staff',
  actor: maria,
  fields: [],
  documents: [],
  size: null,
  source: null,
  sentTo: null,
  arrival: null,
  renumbered: null,
  ...over,
});
const page = (data: TravelerHistoryEntry[], p = 1, totalPages = 1) => ({
  body: { success: true, data, pagination: { total: 25, page: p, limit: 20, totalPages } },
});

describe('TravelerHistory', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('loads when opened and tells each entry in words, newest first, page by page', async () => {
    const { calls } = mockApi({
      'GET /api/pilgrims/p1/history': ({ url }) =>
        url.searchParams.get('page') === '2'
          ? page([entry({ action: 'pilgrim.self_registered', by: 'traveler', actor: null })], 2, 2)
          : page(
              [
                entry({
                  action: 'pilgrim.document_viewed',
                  by: 'support',
                  actor: null,
                  documents: ['front'],
                  size: 'preview',
                }),
                entry({
                  action: 'pilgrim.updated',
                  fields: ['firstName', 'contactInfo.phone', 'stay.paymentType'],
                  documents: ['signature'],
                }),
                entry({
                  action: 'pilgrim.pdf_generated',
                  actor: { ...maria, email: 'maria@example.es' },
                  documents: ['front', 'signature'],
                }),
                entry({
                  action: 'pilgrim.pdf_emailed',
                  by: 'system',
                  actor: null,
                  sentTo: 'ana@example.org',
                }),
                entry({
                  action: 'pilgrim.self_registration_confirmed',
                  fields: ['entryDate'],
                  arrival: { entryDate: '2027-01-01', from: '2026-12-31' },
                  renumbered: { reportNumber: '2027/000001', from: '2026/000001' },
                }),
                entry({ action: 'pilgrim.created', source: 'import' }),
              ],
              1,
              2,
            ),
    });
    const { user } = renderPage(<TravelerHistory pilgrimId="p1" />);
    const toggle = screen.getByRole('button', { name: 'History of this record' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(calls).toHaveLength(0);

    await user.click(toggle);
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Thumbnail viewed: Front of the document',
      'Changed',
      'Registration sheet (PDF) downloaded',
      'Registration sheet (PDF) sent by e-mail',
      'Checked against the document and confirmed',
      'Imported from a file',
    ]);
    // The confirmation set the day of arrival, in another year: a number of that year's series.
    expect(items[4]).toHaveTextContent('Arrival date: Jan 1, 2027 (was Dec 31, 2026)');
    expect(items[4]).toHaveTextContent('Form no.: 2027/000001 (was 2026/000001)');
    expect(items[4]).not.toHaveTextContent('Fields:');
    expect(items[1]).toHaveTextContent('Fields: First name, Phone, Payment type, Signature');
    // Support by its role, staff by name (and e-mail when the server gives it), else Hospes.
    expect(items[0]).toHaveTextContent('Hospes support');
    expect(items[1]).toHaveTextContent('· María');
    expect(items[2]).toHaveTextContent('With the images: Front of the document, Signature');
    expect(items[2]).toHaveTextContent('María (maria@example.es)');
    expect(items[3]).toHaveTextContent('To: ana@example.org');
    expect(items[3]).toHaveTextContent(/· Hospes$/);
    expect(items[0]!.querySelector('time')).toHaveAttribute('datetime', '2026-11-22T13:05:00.000Z');
    expect(calls[0]!.url.searchParams.get('page')).toBe('1');
    expect(calls[0]!.url.searchParams.get('limit')).toBe('20');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Filled in by the traveler')).toBeInTheDocument();
    expect(screen.getByText(/The traveler, with the check-in link/)).toBeInTheDocument();
    expect(calls[1]!.url.searchParams.get('page')).toBe('2');
  });

  it('folds the thumbnail views of one page opening into one entry', async () => {
    const ana = { id: '22222222-2222-4222-8222-222222222222', name: 'Ana', email: null };
    const preview = (at: string, kind: 'front' | 'back' | 'signature', actor = maria) =>
      entry({
        action: 'pilgrim.document_viewed',
        at,
        actor,
        documents: [kind],
        size: 'preview',
      });
    mockApi({
      'GET /api/pilgrims/p1/history': page([
        preview('2026-11-22T13:05:02.000Z', 'signature'),
        preview('2026-11-22T13:05:01.000Z', 'back'),
        preview('2026-11-22T13:05:00.000Z', 'front'),
        // Another person, then the same one again but long after: not folded with the above.
        preview('2026-11-22T13:04:00.000Z', 'front', ana),
        preview('2026-11-22T12:00:00.000Z', 'front'),
        preview('2026-11-22T11:59:59.000Z', 'front'),
        entry({ action: 'pilgrim.document_viewed', documents: ['front'], size: 'full' }),
      ]),
    });
    const { user } = renderPage(<TravelerHistory pilgrimId="p1" />);
    await user.click(screen.getByRole('button', { name: 'History of this record' }));
    const items = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Thumbnails viewed: Front of the document, Back of the document, Signature',
      'Thumbnail viewed: Front of the document',
      'Thumbnail viewed: Front of the document',
      'Image viewed: Front of the document',
    ]);
    expect(items[0]!.querySelector('time')).toHaveAttribute('datetime', '2026-11-22T13:05:02.000Z');
    expect(items[1]).toHaveTextContent('· Ana');
  });

  it('says when it cannot load, and tries again', async () => {
    let fail = true;
    mockApi({
      'GET /api/pilgrims/p1/history': () => (fail ? apiFailure(403, 'FORBIDDEN', 'No') : page([])),
    });
    const { user } = renderPage(<TravelerHistory pilgrimId="p1" />);
    await user.click(screen.getByRole('button', { name: 'History of this record' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The history could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing recorded yet.')).toBeInTheDocument();
  });

  it('starts afresh, closed, for another traveler', async () => {
    mockApi({
      'GET /api/pilgrims/p1/history': page([entry({})]),
      'GET /api/pilgrims/p2/history': page([]),
    });
    const { user } = renderPage(<Switcher />);
    await user.click(screen.getByRole('button', { name: 'History of this record' }));
    expect(await screen.findByText('Registered')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next traveler' }));
    expect(screen.getByRole('button', { name: 'History of this record' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.queryByText('Registered')).toBeNull();
  });
});

function Switcher() {
  const [id, setId] = useState('p1');
  return (
    <>
      <button type="button" onClick={() => setId('p2')}>
        Next traveler
      </button>
      <TravelerHistory pilgrimId={id} />
    </>
  );
}
