import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequireAuth } from '@/app/guards';
import { authStore } from '@/lib/auth';
import { findToast, sampleTraveler } from '@/features/admin/components/test-data';
import { apiFailure, mockApi, renderRoutes, sampleUser } from '@/test/utils';
import { adminRoute } from './routes';

const admin = { ...sampleUser, role: 'admin' as const, name: 'Admin' };
const emptyList = {
  body: {
    success: true,
    data: [],
    pagination: { total: 0, page: 1, limit: 10, totalPages: 1 },
  },
};

function renderAdmin(path: string) {
  return renderRoutes(
    [
      { path: '/', element: <h1>Home stand-in</h1> },
      { path: '/login', element: <h1>Login stand-in</h1> },
      { element: <RequireAuth />, children: [adminRoute] },
    ],
    { path },
  );
}

describe('the /admin area guard and routes (spec §2, §6)', () => {
  it.each(['/admin', '/admin/establishments/create', '/admin/users'])(
    'a signed-in non-admin visiting %s is told "no permission" and sent to /',
    async (path) => {
      mockApi({});
      authStore.setSession(sampleUser, { remember: true });
      const { router } = renderAdmin(path);
      expect(await screen.findByRole('heading', { name: 'Home stand-in' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
      expect(
        await findToast('You do not have permission to perform this action'),
      ).toBeInTheDocument();
    },
  );

  it('a visitor without a session goes to /login', async () => {
    mockApi({});
    await authStore.initialise();
    renderAdmin('/admin/users');
    expect(await screen.findByRole('heading', { name: 'Login stand-in' })).toBeInTheDocument();
  });

  it('any other path under /admin goes to /admin; the sidebar marks the section', async () => {
    mockApi({
      'GET /api/establishments': emptyList,
      'GET /api/admin/reports': {
        body: {
          success: true,
          data: {
            from: '2025-04-01',
            to: '2026-03-15',
            establishment: null,
            total: 0,
            byMonth: [],
            byEstablishment: [],
            byNationality: [],
            byDocumentType: [],
          },
        },
      },
    });
    authStore.setSession(admin, { remember: true });
    const { router, user } = renderAdmin('/admin/no/such/page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Establishments' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');

    const sidebar = screen.getByRole('navigation', { name: 'Administration' });
    expect(within(sidebar).getByRole('link', { name: 'Establishments' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(within(sidebar).getByRole('link', { name: 'Reports' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/reports');
    expect(within(sidebar).getByRole('link', { name: 'Reports' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

describe('admin traveler detail (spec §2)', () => {
  const pilgrim = sampleTraveler({
    contactInfo: {
      email: 'hans@example.de',
      phone: '+49 30 1234567',
      phone2: null,
      address: 'Hauptstr. 1, Berlin',
    },
    documentUploads: [
      {
        id: '1a0c3a52-5f0e-4c43-9a56-3b8f3f0e2a01',
        kind: 'front',
        mimeType: 'image/jpeg',
        originalName: 'front-document.jpg',
        size: 2000,
        createdAt: '2026-03-01T09:00:00.000Z',
      },
      {
        id: '1a0c3a52-5f0e-4c43-9a56-3b8f3f0e2a02',
        kind: 'signature',
        mimeType: 'image/png',
        originalName: 'signature.png',
        size: 70,
        createdAt: '2026-03-01T09:00:00.000Z',
      },
      {
        id: '1a0c3a52-5f0e-4c43-9a56-3b8f3f0e2a03',
        kind: 'back',
        mimeType: 'application/pdf',
        originalName: 'back.pdf',
        size: 900,
        createdAt: '2026-03-01T09:00:00.000Z',
      },
    ],
  });
  const url = `/admin/pilgrims/view/${pilgrim.id}`;

  beforeEach(() => {
    authStore.setSession(admin, { remember: true });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:thumb', revokeObjectURL: () => {} }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows every block, contact links, the establishment link and the thumbnails', async () => {
    const { calls } = mockApi({
      [`GET /api/pilgrims/${pilgrim.id}`]: { body: { success: true, data: pilgrim } },
      [`GET /api/pilgrims/${pilgrim.id}/documents/${pilgrim.documentUploads[0]!.id}`]: {
        body: 'x',
      },
      [`GET /api/pilgrims/${pilgrim.id}/documents/${pilgrim.documentUploads[1]!.id}`]: {
        body: 'x',
      },
    });
    const { user } = renderAdmin(url);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hans Müller Schmidt' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Passport · PA1234567')).toBeInTheDocument();
    for (const title of [
      'Personal information',
      'Document',
      'Contact information',
      'Emergency contact',
      'Uploaded documents',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    // The address wraps only at its joints (<wbr> before "@" and "."): browsers leave those out of
    // the link's name, jsdom's name computation reads each as a space.
    expect(screen.getByRole('link', { name: /^hans\s?@example\s?\.de$/ })).toHaveAttribute(
      'href',
      'mailto:hans@example.de',
    );
    expect(screen.getByRole('link', { name: '+49 30 1234567' })).toHaveAttribute(
      'href',
      'tel:+49301234567',
    );
    expect(screen.getByRole('link', { name: 'Albergue San Roque' })).toHaveAttribute(
      'href',
      `/admin/establishments/view/${pilgrim.establishment.id}`,
    );
    expect(screen.getByText('Germany')).toBeInTheDocument();
    expect(screen.getByText('Spouse')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/clients/edit/${pilgrim.id}`,
    );
    // Thumbnails: the server's previews, each a button that opens the image at full size.
    const front = await screen.findByRole('button', { name: 'Document, front: show at full size' });
    expect(front.querySelector('img')).toHaveAttribute('src', 'blob:thumb');
    expect(
      await screen.findByRole('button', { name: 'Signature: show at full size' }),
    ).toBeInTheDocument();
    expect(screen.getByText('back.pdf')).toBeInTheDocument();
    // The non-image is not fetched, the images are, as previews, with the session cookie.
    const documentCalls = () => calls.filter((call) => call.url.pathname.includes('/documents/'));
    expect(documentCalls()).toHaveLength(2);
    expect(documentCalls().map((call) => call.url.search)).toEqual([
      '?size=preview',
      '?size=preview',
    ]);
    expect(documentCalls()[0]).toMatchObject({ credentials: 'same-origin' });
    expect(documentCalls()[0]?.headers.has('authorization')).toBe(false);

    await user.click(front);
    const dialog = await screen.findByRole('dialog', { name: 'Document, front' });
    expect(
      await within(dialog).findByRole('img', { name: 'Document, front, full size' }),
    ).toHaveAttribute('src', 'blob:thumb');
    expect(documentCalls()).toHaveLength(3);
    expect(documentCalls()[2]?.url.search).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(front).toHaveFocus();
  });

  it('shows only the emergency-contact fields that are present', async () => {
    mockApi({
      [`GET /api/pilgrims/${pilgrim.id}`]: {
        body: {
          success: true,
          data: {
            ...pilgrim,
            documentUploads: [],
            emergencyContact: { name: '', phone: '', relationship: 'other' },
          },
        },
      },
    });
    renderAdmin(url);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Emergency contact' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Greta Müller')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '+49 30 7654321' })).not.toBeInTheDocument();
    expect(screen.getByText('Other')).toBeInTheDocument();
  });

  it('deletes after a confirmation and returns to /admin', async () => {
    const { calls } = mockApi({
      [`GET /api/pilgrims/${pilgrim.id}`]: {
        body: { success: true, data: { ...pilgrim, documentUploads: [] } },
      },
      [`DELETE /api/pilgrims/${pilgrim.id}`]: {
        body: { success: true, message: 'Pilgrim deleted.', data: { id: pilgrim.id } },
      },
      'GET /api/establishments': emptyList,
    });
    const { user, router } = renderAdmin(url);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete pilgrim?' });
    expect(dialog).toHaveTextContent('Hans Müller Schmidt');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Establishments' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    expect(await findToast('Pilgrim deleted')).toBeInTheDocument();
    expect(
      calls
        .filter((call) => call.url.pathname === `/api/pilgrims/${pilgrim.id}`)
        .map((c) => c.method),
    ).toEqual(['GET', 'DELETE']);
  });

  it('a missing traveler shows "not found" with a way back', async () => {
    mockApi({
      [`GET /api/pilgrims/${pilgrim.id}`]: apiFailure(
        404,
        'PILGRIM_NOT_FOUND',
        'Pilgrim not found',
      ),
    });
    renderAdmin(url);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pilgrim not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Not found');
    expect(screen.getByRole('link', { name: 'Back to administration' })).toHaveAttribute(
      'href',
      '/admin',
    );
  });

  it('a failure to load says "Something went wrong" in a toast and an error box', async () => {
    mockApi({
      [`GET /api/pilgrims/${pilgrim.id}`]: apiFailure(
        403,
        'FORBIDDEN',
        'You do not have permission to perform this action',
      ),
    });
    renderAdmin(url);
    expect(await findToast('Something went wrong')).toBeInTheDocument();
    const box = (await screen.findAllByRole('alert')).find(
      (node) => !node.closest('[data-rht-toaster]'),
    );
    expect(box).toHaveTextContent('Something went wrong');
    expect(box).toHaveTextContent('You do not have permission to perform this action');
  });
});
