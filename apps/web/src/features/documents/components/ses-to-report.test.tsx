import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SesToReportItem } from '@hospes/shared/ses-auto';
import { authStore } from '@/lib/auth';
import { apiFailure, mockApi, renderPage, sampleUser } from '@/test/utils';
import { SesToReport } from './ses-to-report';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz012345';
const SAN_ROQUE = '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d';
const LA_PAZ = '8a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d';
const ANA = '1b2c3d4e-5f60-4718-9a2b-3c4d5e6f7a8b';
const LUIS = '2b2c3d4e-5f60-4718-9a2b-3c4d5e6f7a8c';

function item(overrides: Partial<SesToReportItem>): SesToReportItem {
  return {
    pilgrimId: ANA,
    establishmentId: SAN_ROQUE,
    establishmentName: 'Albergue San Roque',
    name: 'Ana Pérez',
    entryDate: '2026-06-19',
    state: 'unsent',
    error: null,
    deadline: '2026-06-20T12:30:00.000Z',
    hoursLeft: 2.5,
    ...overrides,
  };
}

const toReport = (data: SesToReportItem[]) => ({ body: { success: true, data } });

describe('the travelers to report to SES.HOSPEDAJES', () => {
  it('lists each with its state and the time left, the most urgent first, each a link to the record', async () => {
    authStore.setSession(TOKEN, sampleUser, { remember: true });
    mockApi({
      'GET /api/ses-to-report': toReport([
        item({ hoursLeft: -3.2 }),
        item({
          pilgrimId: LUIS,
          name: 'Luis Gil',
          establishmentId: LA_PAZ,
          establishmentName: 'Hostal La Paz',
          state: 'rejected',
          error: 'El documento no es válido',
          hoursLeft: 20,
        }),
      ]),
    });
    renderPage(<SesToReport />);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Ana Pérez' })).toHaveAttribute(
      'href',
      `/clients/view/${ANA}`,
    );
    expect(rows[0]).toHaveTextContent('Not sent');
    expect(rows[0]).toHaveTextContent('Limit passed 3 h ago');
    // Two establishments: each row names its own.
    expect(rows[1]).toHaveTextContent('Hostal La Paz');
    expect(rows[1]).toHaveTextContent('Refused');
    expect(rows[1]).toHaveTextContent('El documento no es válido');
    expect(rows[1]).toHaveTextContent('20 h left');
  });

  it('says when there is nothing to report, and when the list cannot be loaded', async () => {
    authStore.setSession(TOKEN, sampleUser, { remember: true });
    mockApi({ 'GET /api/ses-to-report': toReport([]) });
    const { unmount } = renderPage(<SesToReport />);
    expect(await screen.findByText(/Nothing to report/)).toBeInTheDocument();
    unmount();

    mockApi({
      'GET /api/ses-to-report': apiFailure(
        404,
        'ESTABLISHMENT_NOT_FOUND',
        'Establecimiento no encontrado',
      ),
    });
    renderPage(<SesToReport />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Establecimiento no encontrado');
  });
});
