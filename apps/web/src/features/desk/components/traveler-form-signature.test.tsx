import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentUpload } from '@hospes/shared/travelers';
import { loadReviewForm, RegistrationModes } from '@/app/routes/registration-modes';
import { authStore } from '@/lib/auth';
import { mockApi, renderPage, sampleUser } from '@/test/utils';
import { ESTABLISHMENT_ID, NO_SAME_DOCUMENT, sampleTraveler } from '../test/fixtures';
import { EditTravelerForm } from './edit-traveler-form';

const signature: DocumentUpload = {
  id: '1a0c3a52-5f0e-4c43-9a56-3b8f3f0e2a02',
  kind: 'signature',
  mimeType: 'image/png',
  originalName: 'signature.png',
  size: 900,
  createdAt: '2026-11-20T10:00:00.000Z',
};
const signed = sampleTraveler({ documentUploads: [signature] });
const signatureUrl = `/api/pilgrims/${signed.id}/documents/${signature.id}`;

beforeEach(() => {
  authStore.setSession(sampleUser, { remember: true });
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:signature', revokeObjectURL: () => {} }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the signature a traveler already gave', { timeout: 20_000 }, () => {
  // The review's form, loaded after the page's first render (decision 082), as once loaded.
  beforeAll(async () => {
    await loadReviewForm();
  });
  it('shows above the pad on the record’s edit form, the pad still there to replace it', async () => {
    const { calls } = mockApi({ [`GET ${signatureUrl}`]: { body: 'x' } }, NO_SAME_DOCUMENT);
    renderPage(<EditTravelerForm traveler={signed} onSaved={vi.fn()} />, {
      path: `/clients/edit/${signed.id}`,
    });

    const current = screen.getByRole('figure', { name: 'Current signature' });
    const image = await within(current).findByRole('img', { name: "Traveler's current signature" });
    expect(image).toHaveAttribute('src', 'blob:signature');
    // Fetched with the session cookie, as the server's preview.
    const fetched = calls.filter((call) => call.url.pathname === signatureUrl);
    expect(fetched).toHaveLength(1);
    expect(fetched[0]?.url.search).toBe('?size=preview');
    expect(fetched[0]).toMatchObject({ credentials: 'same-origin' });
    expect(fetched[0]?.headers.has('authorization')).toBe(false);
    // The pad that would replace it follows, optional.
    const pad = screen.getByRole('img', { name: /New signature/ });
    expect(pad).toHaveAccessibleDescription(/leave the box empty to keep the stored signature/);
    expect(current.compareDocumentPosition(pad) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows nothing of the kind for a record without a signature', () => {
    const { calls } = mockApi({}, NO_SAME_DOCUMENT);
    renderPage(<EditTravelerForm traveler={sampleTraveler()} onSaved={vi.fn()} />, {
      path: `/clients/edit/${signed.id}`,
    });
    expect(screen.queryByRole('figure', { name: 'Current signature' })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: /New signature/ })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows on the review of a self check-in opened by its QR code', async () => {
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: {
        getUserMedia: vi.fn(() => Promise.reject(new DOMException('denied', 'NotAllowedError'))),
      },
    });
    try {
      const pending = {
        ...signed,
        selfRegistration: { status: 'pending' as const, confirmationCode: '7K2M9QXA' },
      };
      mockApi(
        {
          'GET /api/pilgrims/by-code/7K2M9QXA': { body: { success: true, data: pending } },
          [`GET ${signatureUrl}`]: { body: 'x' },
        },
        NO_SAME_DOCUMENT,
      );
      const { user } = renderPage(<RegistrationModes establishmentId={ESTABLISHMENT_ID} />, {
        path: '/traveler-registration',
      });
      await user.click(screen.getByRole('radio', { name: 'Scan QR code' }));
      await user.type(screen.getByLabelText(/Confirmation code/), '7k2m-9qxa');
      await user.click(screen.getByRole('button', { name: 'Open registration' }));

      const current = await screen.findByRole('figure', { name: 'Current signature' });
      expect(
        await within(current).findByRole('img', { name: "Traveler's current signature" }),
      ).toHaveAttribute('src', 'blob:signature');
      expect(screen.getByRole('button', { name: 'Save and confirm' })).toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(navigator, 'mediaDevices');
    }
  });
});
