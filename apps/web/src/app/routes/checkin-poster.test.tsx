import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleEstablishment } from '@/features/admin/components/test-data';
import { ESTABLISHMENT_ID } from '@/features/desk/test/fixtures';
import { authStore } from '@/lib/auth';
import { mockApi, renderPage, sampleUser } from '@/test/utils';
import { CheckinPosterRoute } from './checkin-poster';

afterEach(() => {
  vi.restoreAllMocks();
});

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';

describe('the self check-in poster', () => {
  it('shows the establishment, a QR code of its self check-in link and the link, and prints', async () => {
    // jsdom draws nothing: the QR code's canvas stays blank, its text is what is checked.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const print = vi.fn();
    vi.stubGlobal('print', print);
    authStore.setSession(sampleUser, { remember: true });
    mockApi({
      [`GET /api/establishments/${ESTABLISHMENT_ID}`]: {
        body: {
          success: true,
          data: sampleEstablishment({ id: ESTABLISHMENT_ID, name: 'Albergue San Roque' }),
        },
      },
      [`GET /api/establishments/${ESTABLISHMENT_ID}/checkin-link`]: {
        body: {
          success: true,
          data: {
            establishmentId: ESTABLISHMENT_ID,
            token: TOKEN,
            active: true,
            createdAt: '2026-11-20T10:00:00.000Z',
            revokedAt: null,
          },
        },
      },
    });
    const { user } = renderPage(<CheckinPosterRoute />, {
      path: `/checkin-poster?establishmentId=${ESTABLISHMENT_ID}`,
    });

    const poster = await screen.findByRole('article', { name: 'Albergue San Roque' });
    const url = `${window.location.origin}/registro-viajero?t=${TOKEN}`;
    expect(
      within(poster).getByRole('img', { name: 'QR code of the self check-in link' }),
    ).toHaveAttribute('data-qr-text', url);
    expect(within(poster).getByRole('link', { name: url })).toHaveAttribute('href', url);
    expect(within(poster).getByText('Hier mit dem Handy anmelden')).toHaveAttribute('lang', 'de');
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Back to the desk' })).toHaveAttribute(
      'href',
      `/traveler-registration?establishmentId=${ESTABLISHMENT_ID}`,
    );
  });

  it('says when the link is revoked', async () => {
    authStore.setSession(sampleUser, { remember: true });
    mockApi({
      [`GET /api/establishments/${ESTABLISHMENT_ID}`]: {
        body: { success: true, data: sampleEstablishment({ id: ESTABLISHMENT_ID }) },
      },
      [`GET /api/establishments/${ESTABLISHMENT_ID}/checkin-link`]: {
        body: {
          success: true,
          data: {
            establishmentId: ESTABLISHMENT_ID,
            token: null,
            active: false,
            createdAt: '2026-11-20T10:00:00.000Z',
            revokedAt: '2026-11-21T10:00:00.000Z',
          },
        },
      },
    });
    renderPage(<CheckinPosterRoute />, {
      path: `/checkin-poster?establishmentId=${ESTABLISHMENT_ID}`,
    });
    expect(await screen.findByText(/The self check-in link is revoked/)).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
  });
});
