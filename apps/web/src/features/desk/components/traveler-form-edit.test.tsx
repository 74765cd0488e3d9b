import { screen, within } from '@testing-library/react';
import { Link, useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth';
import { apiFailure, mockApi, renderPage, renderRoutes, sampleUser } from '@/test/utils';
import { NO_SAME_DOCUMENT, sampleTraveler } from '../test/fixtures';
import { EditTravelerForm } from './edit-traveler-form';
import { field } from '../test/form';

function signIn() {
  authStore.setSession(sampleUser, { remember: true });
}

// A long form typed key by key: jsdom needs more than the default 5 s on a slow machine.
describe('traveler form: the rules of spec §3 and §5', { timeout: 30_000 }, () => {
  it('puts the server’s field errors on their fields, opening a closed section for one', async () => {
    const pilgrim = sampleTraveler();
    mockApi(
      {
        'PUT /api/pilgrims/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d': apiFailure(
          400,
          'VALIDATION_FAILED',
          'Error in the data sent',
          [
            { field: 'contactInfo.email', message: 'This email is refused by the server' },
            {
              field: 'address.municipalityCode',
              message: 'The municipality code is required for an address in Spain',
            },
          ],
        ),
      },
      NO_SAME_DOCUMENT,
    );
    signIn();
    const onSaved = vi.fn();
    const { user } = renderPage(<EditTravelerForm traveler={pilgrim} onSaved={onSaved} />, {
      path: '/clients/edit/1',
    });
    const homeAddress = screen.getByRole('button', { name: /Home address/ });
    expect(homeAddress).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Signature is required')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('This email is refused by the server')).toBeInTheDocument();
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(homeAddress).toHaveAttribute('aria-expanded', 'true');
    expect(field('Municipality code (INE)')).toHaveAccessibleDescription(
      expect.stringContaining('The municipality code is required for an address in Spain'),
    );
    expect(field('Email')).toHaveFocus();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('an edit sends the whole record, without images nobody changed', async () => {
    const pilgrim = sampleTraveler();
    const { calls } = mockApi(
      {
        'PUT /api/pilgrims/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d': {
          body: { success: true, message: 'ok', data: pilgrim },
        },
      },
      NO_SAME_DOCUMENT,
    );
    signIn();
    const onSaved = vi.fn();
    const { user } = renderPage(<EditTravelerForm traveler={pilgrim} onSaved={onSaved} />, {
      path: '/clients/edit/1',
    });
    await user.clear(field('Phone'));
    await user.type(field('Phone'), '+34 611 999 888{Enter}');
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled(), { timeout: 5_000 });
    const body = calls[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      contactInfo: { phone: '+34 611 999 888', email: 'lucia@example.com' },
      documentSupportNumber: 'CAA123456',
    });
    expect(body).not.toHaveProperty('signatureImage');
    expect(body).not.toHaveProperty('frontDocImage');
    expect(body).not.toHaveProperty('establishmentId');
    expect(await screen.findByText('Pilgrim saved')).toBeInTheDocument();
  });

  it('opens on what the SES file’s check asked to fix: listed, marked on its fields, the first focused', async () => {
    mockApi({}, NO_SAME_DOCUMENT);
    signIn();
    renderPage(
      <EditTravelerForm
        traveler={sampleTraveler()}
        onSaved={() => {}}
        problems={[
          { field: 'stay.paymentType', message: 'The payment type is required by SES' },
          { field: 'establishment.establishmentCode', message: 'The establishment has no code' },
        ]}
      />,
      { path: '/clients/edit/1' },
    );
    const alert = screen.getByText('To fix for the SES file:').closest('[role="alert"], div')!;
    expect(alert).toHaveTextContent('The payment type is required by SES');
    expect(alert).toHaveTextContent('The establishment has no code');
    // The payment section, closed by default, opens with the field marked and focused.
    await vi.waitFor(() => expect(field('Payment type')).toHaveFocus());
    expect(field('Payment type')).toHaveAccessibleDescription(
      expect.stringContaining('The payment type is required by SES'),
    );
  });

  it('says where the photos a record already has are, in an establishment that keeps none', () => {
    signIn();
    const pilgrim = sampleTraveler({
      documentUploads: [
        {
          id: '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e',
          kind: 'front',
          mimeType: 'image/jpeg',
          originalName: 'front-document.jpg',
          size: 1000,
          createdAt: '2026-11-20T10:00:00.000Z',
        },
      ],
    });
    renderPage(
      <EditTravelerForm traveler={pilgrim} keepDocumentImages={false} onSaved={vi.fn()} />,
      { path: '/clients/edit/1' },
    );
    expect(
      screen.getByText(/no new photo is stored\. The photos this record already has are shown/),
    ).toBeInTheDocument();
    expect(screen.queryByText('Front of the document')).not.toBeInTheDocument();
  });

  it('shows the request failure when the server names no field', async () => {
    mockApi(
      {
        'PUT /api/pilgrims/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d': apiFailure(
          404,
          'PILGRIM_NOT_FOUND',
          'Pilgrim not found',
        ),
      },
      NO_SAME_DOCUMENT,
    );
    signIn();
    const { user } = renderPage(
      <EditTravelerForm traveler={sampleTraveler()} onSaved={() => {}} />,
      { path: '/clients/edit/1' },
    );
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Pilgrim not found');
    expect(within(screen.getByRole('alert')).queryByRole('button')).not.toBeInTheDocument();
  });

  describe('editing: the question before leaving unsaved changes', () => {
    const pilgrim = sampleTraveler();
    function EditPage() {
      const navigate = useNavigate();
      return (
        <EditTravelerForm
          traveler={pilgrim}
          onSaved={(saved) => void navigate(`/clients/view/${saved.id}`)}
          actions={<Link to="/clients">Back to the list</Link>}
        />
      );
    }
    function renderEdit() {
      signIn();
      return renderRoutes(
        [
          { path: '/clients/edit/:id', element: <EditPage /> },
          { path: '/clients/view/:id', element: <h1>View stand-in</h1> },
          { path: '/clients', element: <h1>Clients stand-in</h1> },
        ],
        { path: `/clients/edit/${pilgrim.id}` },
      );
    }

    it('asks before a changed edit is left, in the app and on reload', async () => {
      mockApi({}, NO_SAME_DOCUMENT);
      const { user, router } = renderEdit();
      await user.clear(field('Phone'));
      await user.type(field('Phone'), '+34 611 999 888');
      const reload = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(reload);
      expect(reload.defaultPrevented).toBe(true);

      await user.click(screen.getByRole('link', { name: 'Back to the list' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Leave this page?' });
      await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
      expect(router.state.location.pathname).toBe(`/clients/edit/${pilgrim.id}`);
      expect(field('Phone')).toHaveValue('+34 611 999 888');

      await user.click(screen.getByRole('link', { name: 'Back to the list' }));
      await user.click(
        within(await screen.findByRole('alertdialog', { name: 'Leave this page?' })).getByRole(
          'button',
          { name: 'Leave' },
        ),
      );
      expect(await screen.findByRole('heading', { name: 'Clients stand-in' })).toBeInTheDocument();
    });

    it('does not ask once the changes are saved', async () => {
      mockApi(
        {
          [`PUT /api/pilgrims/${pilgrim.id}`]: {
            body: { success: true, message: 'ok', data: pilgrim },
          },
        },
        NO_SAME_DOCUMENT,
      );
      const { user, router } = renderEdit();
      await user.clear(field('Phone'));
      await user.type(field('Phone'), '+34 611 999 888');
      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(
        await screen.findByRole('heading', { name: 'View stand-in' }, { timeout: 5_000 }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(router.state.location.pathname).toBe(`/clients/view/${pilgrim.id}`);
    });
  });
});
