import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth';
import {
  apiFailure,
  mockApi,
  renderPage,
  sampleUser,
  SIGNED_IN_ME,
  TEST_CSRF_TOKEN,
} from '@/test/utils';
import { ExportDialog } from './export-dialog';
import { PdfActions } from './pdf-actions';
import { SesXmlDialog } from './ses-xml-dialog';
import { ESTABLISHMENT_ID, lucia } from './test-data';

describe('send the PDF by e-mail', () => {
  it('prefills the address, disables Send while empty and while sending, then says e-mail sent', async () => {
    authStore.setSession(sampleUser, { remember: true });
    let release: () => void = () => {};
    const { calls } = mockApi({
      [`POST /api/pilgrims/${lucia.id}/send-pdf`]: () =>
        new Promise((resolve) => {
          release = () =>
            resolve({
              body: {
                success: true,
                message: 'sent',
                data: { to: 'other@example.com', reportNumber: '2026/000001' },
              },
            });
        }),
    });
    const { user } = renderPage(<PdfActions traveler={lucia} />);

    await user.click(screen.getByRole('button', { name: 'Send by e-mail' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Send the registration sheet by e-mail',
    });
    const field = within(dialog).getByLabelText('E-mail address');
    expect(field).toHaveValue('lucia@example.com');
    expect(field).toHaveFocus();
    const send = within(dialog).getByRole('button', { name: 'Send' });
    expect(send).toBeEnabled();
    // Written in the traveler's language unless changed.
    const language = within(dialog).getByLabelText('Language of the e-mail and the sheet');
    expect(language).toHaveValue('de');
    await user.selectOptions(language, 'fr');

    await user.clear(field);
    expect(send).toBeDisabled();
    await user.type(field, '   ');
    expect(send).toBeDisabled();
    await user.clear(field);
    await user.type(field, 'other@example.com');
    expect(send).toBeEnabled();

    await user.click(send);
    await waitFor(() => expect(send).toBeDisabled());
    expect(send).toHaveAttribute('aria-busy', 'true');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ email: 'other@example.com' });
    expect(calls[0]!.url.searchParams.get('language')).toBe('fr');
    expect(calls[0]).toMatchObject({ credentials: 'same-origin' });
    expect(calls[0]!.headers.get('x-csrf-token')).toBe(TEST_CSRF_TOKEN);

    release();
    expect(await screen.findByText('E-mail sent')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the dialog open with the server message when the mail cannot be sent', async () => {
    authStore.setSession(sampleUser, { remember: true });
    mockApi({
      [`POST /api/pilgrims/${lucia.id}/send-pdf`]: apiFailure(
        503,
        'MAIL_NOT_SENT',
        'The e-mail could not be delivered.',
      ),
    });
    const { user } = renderPage(
      <PdfActions traveler={lucia} failureToast="Something went wrong" />,
    );
    await user.click(screen.getByRole('button', { name: 'Send by e-mail' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The e-mail could not be delivered.',
    );
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeEnabled();
  });
});

/** The establishment sends nothing from Hospes: the dialog makes files. */
const notConnected = {
  [`GET /api/establishments/${ESTABLISHMENT_ID}/ses-connection`]: {
    body: {
      success: true,
      data: { user: null, passwordSet: false, environment: 'production', landlordCode: null },
    },
  },
};

describe('SES pre-flight problems', () => {
  it('lists the problems per traveler (name when known, else id) with a Fix link', async () => {
    authStore.setSession(sampleUser, { remember: true });
    const unknownId = '0f0e0d0c-0b0a-4908-8706-050403020100';
    const { calls } = mockApi(
      {
        [`POST /api/establishments/${ESTABLISHMENT_ID}/ses-xml`]: apiFailure(
          422,
          'SES_PREFLIGHT_FAILED',
          'The file cannot be generated.',
          [
            {
              field: `${lucia.id}.stay.paymentType`,
              message: 'Payment type is required.',
              code: 'required',
              travelerId: lucia.id,
            } as never,
            {
              field: 'establishment.establishmentCode',
              message: 'The establishment has no SES code.',
              code: 'required',
              travelerId: null,
            } as never,
            {
              field: `${lucia.id}.address.street`,
              message: 'Address is required.',
              code: 'required',
              travelerId: lucia.id,
            } as never,
            {
              field: `${unknownId}.documentSupportNumber`,
              message: 'Support number is required.',
              code: 'required',
            },
          ],
        ),
      },
      { unrecorded: notConnected },
    );
    const { user, router } = renderPage(
      <SesXmlDialog
        open
        onClose={() => {}}
        establishments={[{ id: ESTABLISHMENT_ID, name: 'Albergue San Roque' }]}
        knownTravelers={[lucia]}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Generate the SES.HOSPEDAJES file' });
    await user.click(within(dialog).getByLabelText('Reservas de hospedaje (RH)'));
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));

    const alert = await within(dialog).findByRole('alert');
    expect(calls[0]!.body).toMatchObject({ kind: 'RH', format: 'xml' });
    expect((calls[0]!.body as { from: string }).from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const groups = within(alert)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement?.parentElement === alert.querySelector('div'));
    expect(groups.map((g) => g.querySelector('p')?.textContent)).toEqual([
      'The establishment',
      'Lucía Fernández Ruiz',
      unknownId,
    ]);
    expect(within(groups[1]!).getByText('Payment type is required.')).toBeInTheDocument();
    expect(within(groups[1]!).getByText('Address is required.')).toBeInTheDocument();
    expect(
      within(groups[1]!).getByRole('link', { name: 'Fix Lucía Fernández Ruiz' }),
    ).toHaveAttribute('href', `/clients/edit/${lucia.id}`);
    expect(within(groups[2]!).getByRole('link', { name: `Fix ${unknownId}` })).toHaveAttribute(
      'href',
      `/clients/edit/${unknownId}`,
    );
    expect(
      within(groups[0]!).getByRole('link', { name: 'Edit the establishment' }),
    ).toBeInTheDocument();

    // "Fix" takes the traveler's problems to the edit form, which marks their fields.
    await user.click(within(groups[1]!).getByRole('link', { name: 'Fix Lucía Fernández Ruiz' }));
    expect(router.state.location.state).toEqual({
      sesProblems: [
        { field: 'stay.paymentType', message: 'Payment type is required.' },
        { field: 'address.street', message: 'Address is required.' },
      ],
    });
  });
});

describe('SES pre-flight: a self check-in awaiting confirmation', () => {
  it('links to the record to review and confirm it, and the other problems to the edit form', async () => {
    authStore.setSession(sampleUser, { remember: true });
    const waiting = { ...lucia, id: '1b2c3d4e-5f60-4718-9a2b-3c4d5e6f7a8b', firstName: 'Ana' };
    mockApi(
      {
        [`POST /api/establishments/${ESTABLISHMENT_ID}/ses-xml`]: apiFailure(
          422,
          'SES_PREFLIGHT_FAILED',
          'The file cannot be generated.',
          [
            {
              field: `${lucia.id}.selfRegistration`,
              message: 'A self check-in not yet confirmed at the desk',
              code: 'ses.notConfirmed',
              travelerId: lucia.id,
            } as never,
            {
              field: `${lucia.id}.stay.paymentType`,
              message: 'The payment type is missing',
              code: 'ses.paymentTypeRequired',
              travelerId: lucia.id,
            } as never,
            {
              field: `${waiting.id}.selfRegistration`,
              message: 'A self check-in not yet confirmed at the desk',
              code: 'ses.notConfirmed',
              travelerId: waiting.id,
              // Not on the list's page: named by the server.
              travelerName: 'Ana Fernández Ruiz',
            } as never,
          ],
        ),
      },
      { unrecorded: notConnected },
    );
    const { user, router } = renderPage(
      <SesXmlDialog
        open
        onClose={() => {}}
        establishments={[{ id: ESTABLISHMENT_ID, name: 'Albergue San Roque' }]}
        knownTravelers={[lucia]}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Generate the SES.HOSPEDAJES file' });
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    const alert = await within(dialog).findByRole('alert');

    expect(
      within(alert).getByRole('link', { name: 'Review and confirm Lucía Fernández Ruiz' }),
    ).toHaveAttribute('href', `/clients/view/${lucia.id}`);
    expect(
      within(alert).getByRole('link', { name: 'Review and confirm Ana Fernández Ruiz' }),
    ).toHaveAttribute('href', `/clients/view/${waiting.id}`);
    // Nothing to fix in Ana's record but the confirmation.
    expect(within(alert).queryByRole('link', { name: 'Fix Ana Fernández Ruiz' })).toBeNull();

    // Lucía's other problem still goes to the edit form, without the confirmation.
    await user.click(within(alert).getByRole('link', { name: 'Fix Lucía Fernández Ruiz' }));
    expect(router.state.location.state).toEqual({
      sesProblems: [{ field: 'stay.paymentType', message: 'The payment type is missing' }],
    });
  });
});

describe('SES file of an establishment that reports elsewhere', () => {
  // Decisions 056 and 057: a Catalan lodging gets the Mossos d'Esquadra's file, a Basque one the
  // Ertzaintza's A19 send; neither is offered a SES.HOSPEDAJES file.
  it('a Catalan one: says so before anything is sent, and offers the Mossos file instead', async () => {
    authStore.setSession(sampleUser, { remember: true });
    const { calls } = mockApi({}, { unrecorded: { 'GET /api/auth/me': SIGNED_IN_ME } });
    renderPage(
      <SesXmlDialog
        open
        onClose={() => {}}
        establishments={[{ id: ESTABLISHMENT_ID, name: 'Alberg de Girona', authority: 'mossos' }]}
      />,
    );
    expect(screen.queryByRole('dialog', { name: 'Generate the SES.HOSPEDAJES file' })).toBeNull();
    const dialog = screen.getByRole('dialog', { name: "Report to the Mossos d'Esquadra" });
    expect(
      within(dialog).getByText(/This establishment reports to the Mossos d'Esquadra/),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Generate' })).toBeNull();
    expect(within(dialog).queryByRole('radio', { name: 'XML file' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Download the Mossos file' })).toBeEnabled();
    expect(calls).toEqual([]);
  });

  it('a Basque one: offers no SES file, only the A19 send (here without a certificate)', async () => {
    authStore.setSession(sampleUser, { remember: true });
    const { calls } = mockApi(
      {},
      {
        unrecorded: {
          'GET /api/auth/me': SIGNED_IN_ME,
          [`GET /api/establishments/${ESTABLISHMENT_ID}/a19-certificate`]: {
            body: {
              success: true,
              data: {
                configured: false,
                subject: null,
                expiresAt: null,
                expiresSoon: false,
                expired: false,
                environment: 'test',
                landlordCode: null,
              },
            },
          },
        },
      },
    );
    renderPage(
      <SesXmlDialog
        open
        onClose={() => {}}
        establishments={[
          { id: ESTABLISHMENT_ID, name: 'Albergue de Bilbao', authority: 'ertzaintza' },
        ]}
      />,
    );
    const dialog = screen.getByRole('dialog');
    expect(
      await within(dialog).findByText(/upload its certificate to send from Hospes/),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Generate' })).toBeNull();
    expect(within(dialog).queryByRole('radio', { name: 'XML file' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(calls).toEqual([]);
  });
});

describe('keyboard use of the file dialogs', () => {
  it('Export pressed with the keyboard: focus stays in the dialog, Escape stops and closes it', async () => {
    authStore.setSession(sampleUser, { remember: true });
    // The file never comes: the export stays under way.
    mockApi({ 'GET /api/pilgrims/export': () => new Promise(() => {}) });
    const onClose = vi.fn();
    const { user } = renderPage(
      <ExportDialog open onClose={onClose} filters={{}} total={3} pageIds={[lucia.id]} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Export travelers' });
    const start = within(dialog).getByRole('button', { name: 'Export' });
    start.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(start).toBeDisabled());

    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    expect(document.activeElement).not.toBeDisabled();
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
