import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth';
import { ANA, LUIS, toReport, toReportItem } from '@/test/ses-to-report';
import { apiFailure, mockApi, renderPage, sampleUser } from '@/test/utils';
import { SesToReport } from './ses-to-report';
const LA_PAZ = '8a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d';

describe('the travelers to report to SES.HOSPEDAJES', () => {
  it('lists each with its state and the time left, the most urgent first, each a link to the record', async () => {
    authStore.setSession(sampleUser, { remember: true });
    mockApi({
      'GET /api/ses-to-report': toReport([
        toReportItem({ hoursLeft: -3.2 }),
        toReportItem({
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
    authStore.setSession(sampleUser, { remember: true });
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
