import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hiddenTextEscapingScrollBoxes } from '@/test/layout';
import { apiFailure, mockApi, renderRoutes } from '@/test/utils';
import { EstablishmentTravelers } from './establishment-travelers';
import { findToast, sampleEstablishment, sampleTraveler } from './test-data';

const establishment = sampleEstablishment();
const hans = sampleTraveler();
const ana = sampleTraveler({
  id: '6a0c3a52-5f0e-4c43-9a56-3b8f3f0e2a15',
  firstName: 'Ana',
  lastName: 'Souza',
  secondLastName: null,
  nationality: 'BRA',
  passportNumber: 'FZ998877',
  checkOutDate: null,
  contactInfo: { email: 'ana@example.br', phone: '+55 11 99999999', phone2: null, address: null },
});
const listPath = `GET /api/establishments/${establishment.id}/pilgrims`;
const page = (data: unknown[], total = data.length) => ({
  body: {
    success: true,
    data,
    pagination: { total, page: 1, limit: 10, totalPages: Math.max(1, Math.ceil(total / 10)) },
  },
});

function renderTable() {
  return renderRoutes(
    [
      {
        path: '/admin',
        element: (
          <EstablishmentTravelers
            establishmentId={establishment.id}
            establishmentName={establishment.name}
          />
        ),
      },
    ],
    { path: '/admin' },
  );
}

describe('an establishment’s travelers in the admin area (spec §2)', () => {
  it('lists name with second surname, e-mail, nationality, document, dates, and the actions', async () => {
    mockApi({ [listPath]: page([hans, ana]) });
    renderTable();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[0]?.textContent).toBe('NameEmailNationalityDocument numberEntryCheck-outActions');
    const first = within(rows[1]!);
    expect(first.getByRole('rowheader')).toHaveTextContent('Hans Müller Schmidt');
    expect(rows[1]).toHaveTextContent('hans@example.de');
    expect(rows[1]).toHaveTextContent('Germany');
    expect(rows[1]).toHaveTextContent('PA1234567');
    expect(rows[1]).toHaveTextContent('Mar 1, 2026');
    expect(rows[1]).toHaveTextContent('Mar 2, 2026');
    expect(first.getByRole('link', { name: 'View Hans Müller Schmidt' })).toHaveAttribute(
      'href',
      `/admin/pilgrims/view/${hans.id}`,
    );
    expect(first.getByRole('link', { name: 'Edit Hans Müller Schmidt' })).toHaveAttribute(
      'href',
      `/clients/edit/${hans.id}`,
    );
    expect(rows[2]).toHaveTextContent('Ana Souza');
    expect(rows[2]).toHaveTextContent('Brazil');
    expect(rows[2]).toHaveTextContent('—');
    expect(screen.getByRole('link', { name: 'New pilgrim' })).toHaveAttribute(
      'href',
      `/traveler-registration?establishmentId=${establishment.id}`,
    );
  });

  it('keeps the actions’ hidden names inside the table’s scroll box (no sideways page)', async () => {
    mockApi({ [listPath]: page([hans, ana]) });
    const { container } = renderTable();
    await screen.findByRole('table');
    expect(screen.getByRole('button', { name: 'Delete Ana Souza' })).toBeInTheDocument();
    expect(hiddenTextEscapingScrollBoxes(container)).toEqual([]);
    // From tablets up the actions stay in sight at the end of the box while the rest scrolls.
    const actions = screen.getByRole('columnheader', { name: 'Actions' });
    const cell = screen.getByRole('button', { name: 'Delete Ana Souza' }).closest('td');
    for (const element of [actions, cell]) {
      expect(element?.className.split(/\s+/)).toEqual(
        expect.arrayContaining(['sm:sticky', 'sm:inset-e-0']),
      );
    }
  });

  it('deletes for real, after a confirmation that names the traveler', async () => {
    let deleted = false;
    const { calls } = mockApi({
      [listPath]: () => page(deleted ? [ana] : [hans, ana]),
      [`DELETE /api/pilgrims/${hans.id}`]: () => {
        deleted = true;
        return { body: { success: true, message: 'Pilgrim deleted.', data: { id: hans.id } } };
      },
    });
    const { user } = renderTable();
    await user.click(await screen.findByRole('button', { name: 'Delete Hans Müller Schmidt' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Delete pilgrim?' });
    expect(dialog).toHaveAccessibleDescription(
      'The record of Hans Müller Schmidt, with their documents and signature, will be deleted. This cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Hans Müller Schmidt' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await findToast('Pilgrim deleted')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: 'Ana Souza' })).toBeInTheDocument();
    expect(
      screen.queryByRole('rowheader', { name: 'Hans Müller Schmidt' }),
    ).not.toBeInTheDocument();
  });

  it('a failed delete keeps the dialog open with the reason and says something went wrong', async () => {
    mockApi({
      [listPath]: page([hans]),
      [`DELETE /api/pilgrims/${hans.id}`]: apiFailure(
        404,
        'PILGRIM_NOT_FOUND',
        'Pilgrim not found',
      ),
    });
    const { user } = renderTable();
    await user.click(await screen.findByRole('button', { name: 'Delete Hans Müller Schmidt' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await findToast('Something went wrong')).toBeInTheDocument();
    expect(within(screen.getByRole('alertdialog')).getByRole('alert')).toHaveTextContent(
      'Pilgrim not found',
    );
  });

  it('pages through the travelers ten at a time: "Page X of N"', async () => {
    const { calls } = mockApi({
      [listPath]: (call) => ({
        body: {
          success: true,
          data: [call.url.searchParams.get('page') === '2' ? ana : hans],
          pagination: {
            total: 11,
            page: Number(call.url.searchParams.get('page')),
            limit: 10,
            totalPages: 2,
          },
        },
      }),
    });
    const { user } = renderTable();
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: 'Ana Souza' })).toBeInTheDocument();
    expect(calls.map((call) => call.url.searchParams.get('page'))).toEqual(['1', '2']);
    expect(calls[0]?.url.searchParams.get('limit')).toBe('10');
  });
});
