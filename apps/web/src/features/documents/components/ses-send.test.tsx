import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SesSubmission } from '@hospes/shared/ses';
import { authStore } from '@/lib/auth';
import { apiFailure, mockApi, renderPage, sampleUser } from '@/test/utils';
import { SesCommunications } from './ses-communications';
import { SesConnectionPanel } from './ses-connection-panel';
import { SesXmlDialog } from './ses-xml-dialog';

const ID = '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d';
const ANA = '1b2c3d4e-5f60-4718-9a2b-3c4d5e6f7a8b';
const LUIS = '2b2c3d4e-5f60-4718-9a2b-3c4d5e6f7a8c';
const SUBMISSION = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const establishments = [
  { id: ID, name: 'Albergue San Roque', province: 'A Coruña', postalCode: '15705' },
];

const connection = (data: Record<string, unknown>) => ({
  body: {
    success: true,
    data: {
      user: 'B58378431WS',
      passwordSet: true,
      environment: 'production',
      landlordCode: '0000004242',
      ...data,
    },
  },
});

function submission(overrides: Partial<SesSubmission> = {}): SesSubmission {
  return {
    id: SUBMISSION,
    establishmentId: ID,
    kind: 'PV',
    environment: 'production',
    state: 'queued',
    lote: '11111111-2222-4333-8444-555555555555',
    responseCode: 0,
    responseText: 'Ok',
    failure: null,
    loteState: null,
    loteStateText: null,
    communications: 2,
    counts: { travelers: 2, stored: 0, rejected: 0, pending: 2 },
    sentByName: 'Ana García',
    createdAt: new Date().toISOString(),
    processedAt: null,
    checkedAt: null,
    checking: true,
    skipped: 1,
    travelers: [
      {
        pilgrimId: ANA,
        name: 'Ana Pérez',
        order: 1,
        outcome: 'pending',
        communicationCode: null,
        error: null,
      },
      {
        pilgrimId: LUIS,
        name: 'Luis Gil',
        order: 2,
        outcome: 'pending',
        communicationCode: null,
        error: null,
      },
    ],
    ...overrides,
  };
}

describe('sending to SES.HOSPEDAJES from the dialog', () => {
  it('sends the day’s arrivals when connected, then tells what the Ministry stored and rejected', async () => {
    authStore.setSession(sampleUser, { remember: true });
    const processed = submission({
      state: 'processed',
      loteState: 6,
      checking: false,
      counts: { travelers: 2, stored: 1, rejected: 1, pending: 0 },
      travelers: [
        {
          pilgrimId: ANA,
          name: 'Ana Pérez',
          order: 1,
          outcome: 'stored',
          communicationCode: 'c0de',
          error: null,
        },
        {
          pilgrimId: LUIS,
          name: 'Luis Gil',
          order: 2,
          outcome: 'rejected',
          communicationCode: null,
          error: 'Documento incorrecto',
        },
      ],
    });
    const { calls } = mockApi(
      {
        [`POST /api/establishments/${ID}/ses-submissions`]: {
          status: 201,
          body: { success: true, data: submission() },
        },
        [`POST /api/ses-submissions/${SUBMISSION}/check`]: {
          body: { success: true, data: processed },
        },
      },
      { unrecorded: { [`GET /api/establishments/${ID}/ses-connection`]: connection({}) } },
    );
    const { user } = renderPage(
      <SesXmlDialog open onClose={() => {}} establishments={establishments} />,
    );
    const dialog = screen.getByRole('dialog');
    const sendNow = await within(dialog).findByLabelText('Send to SES.HOSPEDAJES now');
    expect(sendNow).toBeChecked();
    // No file format to choose when sending.
    expect(within(dialog).queryByLabelText('XML file')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    const result = await screen.findByRole('dialog', { name: 'Sent to SES.HOSPEDAJES' });
    expect(calls[0]!.body).toMatchObject({ kind: 'PV', resend: false });
    expect((calls[0]!.body as { from: string }).from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(result).toHaveTextContent(
      /the Ministry is processing the communications of 2 travelers/,
    );
    expect(result).toHaveTextContent('1 traveler already sent was left out.');

    await user.click(within(result).getByRole('button', { name: 'Check now' }));
    expect(
      await within(result).findByText(/The Ministry stored 1 and rejected 1/),
    ).toBeInTheDocument();
    expect(within(result).getByText('Documento incorrecto')).toBeInTheDocument();
    expect(within(result).getByRole('link', { name: 'Fix Luis Gil' })).toHaveAttribute(
      'href',
      `/clients/edit/${LUIS}`,
    );
  });

  it('lists travelers already sent and sends them again only when asked', async () => {
    authStore.setSession(sampleUser, { remember: true });
    let attempt = 0;
    const { calls } = mockApi(
      {
        [`POST /api/establishments/${ID}/ses-submissions`]: () =>
          ++attempt === 1
            ? {
                ...apiFailure(409, 'SES_ALREADY_SENT', 'These travelers were already sent.', [
                  {
                    field: `${ANA}.id`,
                    message: '',
                    code: 'ses.already.unknown',
                    travelerId: ANA,
                    travelerName: 'Ana Pérez',
                  } as never,
                ]),
              }
            : { status: 201, body: { success: true, data: submission({ skipped: 0 }) } },
      },
      { unrecorded: { [`GET /api/establishments/${ID}/ses-connection`]: connection({}) } },
    );
    const { user } = renderPage(
      <SesXmlDialog
        open
        onClose={() => {}}
        establishments={establishments}
        selected={[{ id: ANA, firstName: 'Ana', lastName: 'Pérez', establishmentId: ID }]}
      />,
    );
    const dialog = screen.getByRole('dialog');
    await within(dialog).findByLabelText('Send to SES.HOSPEDAJES now');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const alert = await within(dialog).findByText('These travelers were already sent.');
    expect(alert).toBeInTheDocument();
    expect(within(dialog).getByText(/Ana Pérez/)).toHaveTextContent(
      'Ana Pérez (sent, no answer came)',
    );
    await user.click(within(dialog).getByLabelText(/Send again those whose request had no answer/));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await screen.findByRole('dialog', { name: 'Sent to SES.HOSPEDAJES' });
    expect(calls.map((c) => c.body)).toEqual([
      { kind: 'PV', pilgrimIds: [ANA], resend: false },
      { kind: 'PV', pilgrimIds: [ANA], resend: true },
    ]);
  });

  it('after a lost answer, shows what the server recorded instead of inviting a second send', async () => {
    authStore.setSession(sampleUser, { remember: true });
    mockApi(
      {
        [`POST /api/establishments/${ID}/ses-submissions`]: new TypeError('Failed to fetch'),
        [`GET /api/establishments/${ID}/ses-submissions`]: {
          body: {
            success: true,
            data: [submission({ skipped: undefined, travelers: undefined })],
            pagination: { total: 1, page: 1, limit: 1, totalPages: 1 },
          },
        },
        [`POST /api/ses-submissions/${SUBMISSION}/check`]: {
          body: { success: true, data: submission() },
        },
      },
      { unrecorded: { [`GET /api/establishments/${ID}/ses-connection`]: connection({}) } },
    );
    const { user } = renderPage(
      <SesXmlDialog open onClose={() => {}} establishments={establishments} />,
    );
    const dialog = screen.getByRole('dialog');
    await within(dialog).findByLabelText('Send to SES.HOSPEDAJES now');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const result = await screen.findByRole('dialog', { name: 'Sent to SES.HOSPEDAJES' });
    expect(result).toHaveTextContent(/but the request was sent: this is what became of it/);
    expect(result).toHaveTextContent(
      /the Ministry is processing the communications of 2 travelers/,
    );
  });

  it('without a web-service user, makes files and says how to send from Hospes', async () => {
    authStore.setSession(sampleUser, { remember: true });
    mockApi(
      {},
      {
        unrecorded: {
          [`GET /api/establishments/${ID}/ses-connection`]: connection({
            user: null,
            passwordSet: false,
          }),
        },
      },
    );
    renderPage(<SesXmlDialog open onClose={() => {}} establishments={establishments} />);
    const dialog = screen.getByRole('dialog');
    expect(
      await within(dialog).findByText(
        /To send from Hospes, add the establishment's web-service user/,
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Send to SES.HOSPEDAJES now')).toBeDisabled();
    expect(within(dialog).getByLabelText(/Download the file/)).toBeChecked();
    expect(within(dialog).getByRole('link', { name: 'Set it up' })).toHaveAttribute(
      'href',
      '/profile?tab=establishments',
    );
    expect(within(dialog).getByRole('button', { name: 'Generate' })).toBeEnabled();
  });
});

describe('the web-service user of an establishment', () => {
  const establishment = {
    id: ID,
    name: 'Albergue San Roque',
    authority: 'ses' as const,
    landlordCode: '0000004242',
  };

  it('saves the user and password, never shows the password, and checks them with the Ministry', async () => {
    authStore.setSession(sampleUser, { remember: true });
    let saved = false;
    const { calls } = mockApi({
      [`GET /api/establishments/${ID}/ses-connection`]: () =>
        connection(saved ? { environment: 'test' } : { user: null, passwordSet: false }),
      [`PUT /api/establishments/${ID}/ses-connection`]: () => {
        saved = true;
        return connection({ environment: 'test' });
      },
      [`POST /api/establishments/${ID}/ses-connection/check`]: {
        body: { success: true, data: { outcome: 'unauthorized', code: 401, text: null } },
      },
    });
    const { user } = renderPage(<SesConnectionPanel establishment={establishment} />);
    const toggle = await screen.findByRole('button', {
      name: /SES.HOSPEDAJES web service.*Not connected/,
    });
    await user.click(toggle);
    await user.type(screen.getByLabelText('Web-service user'), 'B58378431WS');
    await user.type(screen.getByLabelText('Password'), 'secreto');
    await user.selectOptions(screen.getByLabelText('Service'), 'test');
    await user.click(screen.getByRole('button', { name: 'Save (Albergue San Roque)' }));

    expect(
      await screen.findByRole('button', { name: /Connected as B58378431WS \(test service\)/ }),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      user: 'B58378431WS',
      password: 'secreto',
      environment: 'test',
    });
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByText('Leave it empty to keep the stored password')).toBeInTheDocument();

    await user.click(
      screen.getByRole('button', { name: 'Check the connection (Albergue San Roque)' }),
    );
    expect(await screen.findByText('the user or password was refused.')).toBeInTheDocument();
  });

  it('shows nothing for an establishment that reports to another police', () => {
    authStore.setSession(sampleUser, { remember: true });
    mockApi({});
    const { container } = renderPage(
      <SesConnectionPanel establishment={{ ...establishment, authority: 'mossos' }} />,
    );
    expect(container).toHaveTextContent('');
  });
});

describe('a traveler’s communications', () => {
  it('lists what was sent of them, newest first, the rejected one marked', async () => {
    authStore.setSession(sampleUser, { remember: true });
    mockApi({
      [`GET /api/pilgrims/${ANA}/ses-communications`]: {
        body: {
          success: true,
          data: [
            {
              submissionId: SUBMISSION,
              kind: 'PV',
              environment: 'production',
              state: 'processed',
              outcome: 'stored',
              lote: 'l1',
              communicationCode: 'abc-123',
              error: null,
              responseText: 'Ok',
              failure: null,
              createdAt: '2026-06-01T18:00:00.000Z',
              processedAt: '2026-06-01T18:00:20.000Z',
            },
            {
              submissionId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c',
              kind: 'PV',
              environment: 'production',
              state: 'processed',
              outcome: 'rejected',
              lote: 'l0',
              communicationCode: null,
              error: 'Documento incorrecto',
              responseText: 'Ok',
              failure: null,
              createdAt: '2026-06-01T17:00:00.000Z',
              processedAt: '2026-06-01T17:00:20.000Z',
            },
          ],
        },
      },
    });
    renderPage(<SesCommunications pilgrimId={ANA} />);
    const section = await screen.findByRole('region', { name: 'Sent to SES.HOSPEDAJES' });
    const items = within(section).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(
      /Parte de viajeros: Stored by the Ministry on .* \(code abc-123\)/,
    );
    expect(items[1]).toHaveTextContent(/Rejected on .*: Documento incorrecto/);
  });

  it('is not there when nothing was sent from Hospes', async () => {
    authStore.setSession(sampleUser, { remember: true });
    const { calls } = mockApi({
      [`GET /api/pilgrims/${ANA}/ses-communications`]: { body: { success: true, data: [] } },
    });
    renderPage(<SesCommunications pilgrimId={ANA} />);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('region')).toBeNull();
  });
});
