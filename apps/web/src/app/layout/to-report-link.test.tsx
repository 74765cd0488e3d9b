import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SesToReportItem } from '@hospes/shared/ses-auto';
import { authStore } from '@/lib/auth';
import { mockApi, renderPage, sampleUser } from '@/test/utils';
import { ToReportLink } from './to-report-link';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz012345';
const SAN_ROQUE = '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d';
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

describe('the header’s badge', () => {
  it('counts the travelers to report and links to their list; nothing when none', async () => {
    authStore.setSession(TOKEN, sampleUser, { remember: true });
    mockApi({
      'GET /api/ses-to-report': toReport([item({}), item({ pilgrimId: LUIS, hoursLeft: 30 })]),
    });
    const { unmount } = renderPage(
      <ul>
        <ToReportLink className={() => ''} />
      </ul>,
    );
    const link = await screen.findByRole('link', { name: 'To report 2' });
    expect(link).toHaveAttribute('href', '/to-report');
    unmount();

    const { calls } = mockApi({ 'GET /api/ses-to-report': toReport([]) });
    renderPage(
      <ul>
        <ToReportLink className={() => ''} />
      </ul>,
    );
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
