import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth';
import { LUIS, toReport, toReportItem } from '@/test/ses-to-report';
import { mockApi, renderPage, sampleUser } from '@/test/utils';
import { ToReportLink } from './to-report-link';

describe('the header’s badge', () => {
  it('counts the travelers to report and links to their list; nothing when none', async () => {
    authStore.setSession(sampleUser, { remember: true });
    mockApi({
      'GET /api/ses-to-report': toReport([
        toReportItem({}),
        toReportItem({ pilgrimId: LUIS, hoursLeft: 30 }),
      ]),
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
