import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth';
import { apiFailure, mockApi, renderPage, sampleUser } from '@/test/utils';
import { SesConnectionPanel } from './ses-connection-panel';

const ID = '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d';
const establishment = {
  id: ID,
  name: 'Albergue San Roque',
  authority: 'ses' as const,
  landlordCode: '0000004242',
};

const connected = {
  body: {
    success: true,
    data: {
      user: 'B58378431WS',
      passwordSet: true,
      environment: 'production',
      landlordCode: '0000004242',
    },
  },
};
const schedule = (data: object) => ({ body: { success: true, data } });
const MANUAL = { PV: { mode: 'manual', time: null }, RH: { mode: 'manual', time: null } };

describe('the send modes of an establishment', () => {
  it('sets the partes to go every day at 21:00 and the reservas after each registration', async () => {
    authStore.setSession(sampleUser, { remember: true });
    const { calls } = mockApi({
      [`GET /api/establishments/${ID}/ses-connection`]: connected,
      [`GET /api/establishments/${ID}/ses-schedule`]: schedule(MANUAL),
      [`PUT /api/establishments/${ID}/ses-schedule`]: (call) => schedule(call.body as object),
    });
    const { user } = renderPage(<SesConnectionPanel establishment={establishment} />);
    await user.click(await screen.findByRole('button', { name: /SES.HOSPEDAJES web service/ }));
    const form = await screen.findByRole('form', {
      name: 'Sending by itself (Albergue San Roque)',
    });
    const save = within(form).getByRole('button', {
      name: 'Save the sending times (Albergue San Roque)',
    });
    expect(save).toBeDisabled();

    const partes = within(form).getByRole('group', { name: 'Partes de viajeros' });
    await user.selectOptions(within(partes).getByLabelText('When'), 'daily');
    // A daily send needs its time.
    expect(save).toBeDisabled();
    fireEvent.change(within(partes).getByLabelText('Time (the establishment’s clock)'), {
      target: { value: '21:00' },
    });
    const reservas = within(form).getByRole('group', { name: 'Reservas' });
    await user.selectOptions(
      within(reservas).getByLabelText('When'),
      'A few minutes after each registration',
    );
    await user.click(save);

    expect(await screen.findByText('Sending times saved')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      PV: { mode: 'daily', time: '21:00' },
      RH: { mode: 'on_registration', time: null },
    });
    expect(save).toBeDisabled();
  });

  it('says sending by itself is manual again when the web-service user is removed', async () => {
    authStore.setSession(sampleUser, { remember: true });
    mockApi({
      [`GET /api/establishments/${ID}/ses-connection`]: connected,
      [`GET /api/establishments/${ID}/ses-schedule`]: schedule({
        PV: { mode: 'daily', time: '21:00' },
        RH: { mode: 'manual', time: null },
      }),
      [`DELETE /api/establishments/${ID}/ses-connection`]: {
        body: {
          success: true,
          data: {
            user: null,
            passwordSet: false,
            environment: 'production',
            landlordCode: '0000004242',
            sendModesReset: true,
          },
        },
      },
    });
    const { user } = renderPage(<SesConnectionPanel establishment={establishment} />);
    await user.click(await screen.findByRole('button', { name: /SES.HOSPEDAJES web service/ }));
    await screen.findByRole('form', { name: 'Sending by itself (Albergue San Roque)' });
    await user.click(screen.getByRole('button', { name: 'Remove (Albergue San Roque)' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText(
        'Web-service user removed. Sending by itself is set back to manual: send from Hospes or upload the files on the portal.',
      ),
    ).toBeInTheDocument();
  });

  it('tells why the modes could not be saved', async () => {
    authStore.setSession(sampleUser, { remember: true });
    mockApi({
      [`GET /api/establishments/${ID}/ses-connection`]: connected,
      [`GET /api/establishments/${ID}/ses-schedule`]: schedule(MANUAL),
      [`PUT /api/establishments/${ID}/ses-schedule`]: apiFailure(
        409,
        'SES_NOT_CONNECTED',
        'El establecimiento no tiene usuario del servicio web',
      ),
    });
    const { user } = renderPage(<SesConnectionPanel establishment={establishment} />);
    await user.click(await screen.findByRole('button', { name: /SES.HOSPEDAJES web service/ }));
    const form = await screen.findByRole('form', {
      name: 'Sending by itself (Albergue San Roque)',
    });
    const partes = within(form).getByRole('group', { name: 'Partes de viajeros' });
    await user.selectOptions(within(partes).getByLabelText('When'), 'on_registration');
    await user.click(
      within(form).getByRole('button', { name: 'Save the sending times (Albergue San Roque)' }),
    );
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'El establecimiento no tiene usuario del servicio web',
    );
  });
});
