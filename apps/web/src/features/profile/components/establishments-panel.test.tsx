import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Establishment } from '@hospes/shared/establishments';
import { authStore } from '@/lib/auth';
import { apiFailure, mockApi, renderPage, sampleUser } from '@/test/utils';
import { EstablishmentsPanel } from './establishments-panel';

const roque: Establishment & { role: 'owner' } = {
  id: '3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f',
  name: 'Albergue San Roque',
  type: 'hostel',
  nif: 'B58378431',
  status: 'active',
  address: 'Rúa do Vilar 12',
  city: 'Santiago de Compostela',
  province: 'A Coruña',
  postalCode: '15705',
  phone: '+34 981 000 000',
  contactName: 'María Núñez',
  contactEmail: 'contacto@example.com',
  establishmentCode: null,
  landlordCode: null,
  authority: 'ses',
  authorityIsDefault: true,
  includeDocumentImagesInPdf: false,
  keepDocumentImages: true,
  defaultPaymentType: null,
  walkInNights: null,
  emergencyContactOptional: false,
  reservationReminderDays: 2,
  autoConfirmReservationCheckins: false,
  pilgrimsCount: 4,
  lastLogin: null,
  lastActivity: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  role: 'owner',
};

function signIn() {
  authStore.setSession(sampleUser, { remember: true });
}

describe('profile: establishments', () => {
  it('creates an establishment, checked with the shared schema first', async () => {
    signIn();
    let created = false;
    const { calls } = mockApi({
      'GET /api/establishments/user': () => ({
        body: {
          success: true,
          data: created
            ? [roque, { ...roque, id: '4a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'O Cebreiro' }]
            : [roque],
        },
      }),
      'POST /api/establishments': () => {
        created = true;
        return {
          status: 201,
          body: { success: true, message: 'ok', data: { ...roque, name: 'O Cebreiro' } },
        };
      },
    });
    const { user } = renderPage(<EstablishmentsPanel />, { path: '/profile' });
    expect(await screen.findByRole('heading', { name: 'Albergue San Roque' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New establishment' }));
    const form = screen.getByRole('region', { name: 'New establishment' });
    await user.click(within(form).getByRole('button', { name: 'Create establishment' }));
    expect(within(form).getByLabelText('Establishment name')).toHaveAccessibleDescription(
      'This field is required',
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(within(form).getByLabelText('Establishment name'), 'O Cebreiro');
    await user.type(within(form).getByLabelText('NIF/CIF'), 'B58378431');
    await user.type(within(form).getByLabelText('Address'), 'Lugar O Cebreiro 1');
    await user.type(within(form).getByLabelText('City'), 'Pedrafita');
    await user.type(within(form).getByLabelText('Province'), 'Lugo');
    await user.type(within(form).getByLabelText('Postal code'), '27670');
    await user.type(within(form).getByLabelText('Phone'), '+34 982 000 000');
    await user.type(within(form).getByLabelText('Contact name'), 'Xoán');
    await user.type(within(form).getByLabelText('Contact email'), 'x@example.com');
    await user.click(within(form).getByRole('button', { name: 'Create establishment' }));

    expect(await screen.findByText('Establishment created')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'O Cebreiro',
      type: 'hostel',
      postalCode: '27670',
      authority: null,
    });
    expect(await screen.findByRole('heading', { name: 'O Cebreiro' })).toBeInTheDocument();
  });

  it('turns off keeping photos of documents, said what it means; the PDF option goes with it', async () => {
    signIn();
    const { calls } = mockApi({
      'GET /api/establishments/user': { body: { success: true, data: [roque] } },
      [`PUT /api/establishments/${roque.id}`]: {
        body: { success: true, message: 'ok', data: { ...roque, keepDocumentImages: false } },
      },
    });
    const { user } = renderPage(<EstablishmentsPanel />, { path: '/profile' });
    await user.click(await screen.findByRole('button', { name: 'Edit Albergue San Roque' }));
    const photos = screen.getByRole('group', { name: 'Photos of identity documents' });
    const keep = within(photos).getByRole('checkbox', {
      name: 'Keep photos of identity documents',
    });
    expect(keep).toBeChecked();
    expect(keep).toHaveAccessibleDescription(/The Spanish Data Protection Agency \(AEPD\) advises/);
    const pdf = 'Include the document images in downloaded registration PDFs';
    // Only downloads: an e-mailed PDF never carries them.
    expect(screen.getByRole('checkbox', { name: pdf })).toHaveAccessibleDescription(
      'A PDF sent by e-mail never includes them.',
    );
    await user.click(keep);
    expect(screen.queryByRole('checkbox', { name: pdf })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save establishment' }));
    expect(await screen.findByText('Establishment updated')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      keepDocumentImages: false,
    });
  });

  it('sets the report defaults a walk-in takes (decision 042), offering what an albergue usually takes', async () => {
    signIn();
    const { calls } = mockApi({
      'GET /api/establishments/user': { body: { success: true, data: [roque] } },
      [`PUT /api/establishments/${roque.id}`]: {
        body: {
          success: true,
          message: 'ok',
          data: { ...roque, defaultPaymentType: 'EFECT', walkInNights: 1 },
        },
      },
    });
    const { user } = renderPage(<EstablishmentsPanel />, { path: '/profile' });
    await user.click(await screen.findByRole('button', { name: 'Edit Albergue San Roque' }));
    const defaults = screen.getByRole('group', { name: 'Defaults for walk-ins' });
    expect(defaults).toHaveTextContent('A pilgrim hostel usually takes cash and one night.');
    const payment = within(defaults).getByRole('combobox', { name: 'Payment type' });
    const nights = within(defaults).getByRole('spinbutton', { name: 'Nights of a stay' });
    // None until the owner sets them.
    expect(payment).toHaveValue('');
    expect(nights).toHaveValue(null);
    expect(nights).toHaveAccessibleDescription(/arrival date \+ this number of nights/);
    await user.selectOptions(payment, 'EFECT');
    await user.type(nights, '1');
    await user.click(screen.getByRole('button', { name: 'Save establishment' }));
    expect(await screen.findByText('Establishment updated')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      defaultPaymentType: 'EFECT',
      walkInNights: 1,
    });
  });

  it('lets the desk leave the emergency contact out when the owner says so (decision 055)', async () => {
    signIn();
    const { calls } = mockApi({
      'GET /api/establishments/user': { body: { success: true, data: [roque] } },
      [`PUT /api/establishments/${roque.id}`]: {
        body: { success: true, message: 'ok', data: { ...roque, emergencyContactOptional: true } },
      },
    });
    const { user } = renderPage(<EstablishmentsPanel />, { path: '/profile' });
    await user.click(await screen.findByRole('button', { name: 'Edit Albergue San Roque' }));
    const desk = screen.getByRole('group', { name: 'Registration at the desk' });
    const optional = within(desk).getByRole('checkbox', {
      name: 'The desk may leave out the emergency contact',
    });
    // Required, as the spec says, until the owner changes it.
    expect(optional).not.toBeChecked();
    expect(optional).toHaveAccessibleDescription(/The self check-in always asks for it/);
    await user.click(optional);
    await user.click(screen.getByRole('button', { name: 'Save establishment' }));
    expect(await screen.findByText('Establishment updated')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      emergencyContactOptional: true,
      reservationReminderDays: 2,
      autoConfirmReservationCheckins: false,
    });
  });

  it('offers to delete the photos stored before, once they are not kept, after asking', async () => {
    signIn();
    const { calls } = mockApi({
      'GET /api/establishments/user': {
        body: { success: true, data: [{ ...roque, keepDocumentImages: false }] },
      },
      [`DELETE /api/establishments/${roque.id}/document-photos`]: {
        body: { success: true, data: { deleted: 4, travelers: 3 } },
      },
    });
    const { user } = renderPage(<EstablishmentsPanel />, { path: '/profile' });
    await user.click(await screen.findByRole('button', { name: 'Edit Albergue San Roque' }));
    const button = screen.getByRole('button', {
      name: 'Delete the stored photos of identity documents',
    });
    // Ticked again in the form (not saved yet), the offer goes.
    const keep = screen.getByRole('checkbox', { name: 'Keep photos of identity documents' });
    await user.click(keep);
    expect(button).not.toBeInTheDocument();
    await user.click(keep);
    await user.click(
      screen.getByRole('button', { name: 'Delete the stored photos of identity documents' }),
    );
    const dialog = screen.getByRole('alertdialog', {
      name: 'Delete the stored photos of identity documents of Albergue San Roque?',
    });
    expect(dialog).toHaveTextContent('Their data and signatures stay. This cannot be undone.');
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete photos' }));
    expect(await screen.findByText('Photos deleted: 4')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    // The establishments are read again (their setting may have changed meanwhile).
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2));
  });

  it('asks before deleting, naming the establishment, and shows why the server refused', async () => {
    signIn();
    const retained =
      'The establishment cannot be deleted: it holds traveler records that the law requires to be kept for 3 years after the end of the stay (RD 933/2021, art. 5.3). You can mark it as inactive.';
    mockApi({
      'GET /api/establishments/user': { body: { success: true, data: [roque] } },
      [`DELETE /api/establishments/${roque.id}`]: apiFailure(
        409,
        'ESTABLISHMENT_RECORDS_RETAINED',
        retained,
      ),
    });
    const { user } = renderPage(<EstablishmentsPanel />, { path: '/profile' });
    await user.click(await screen.findByRole('button', { name: 'Delete Albergue San Roque' }));
    const dialog = screen.getByRole('alertdialog', {
      name: 'Delete establishment Albergue San Roque?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Delete establishment' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(retained);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Albergue San Roque' })).toBeInTheDocument();
  });
});
