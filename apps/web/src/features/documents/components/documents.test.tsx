import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth';
import { hiddenTextEscapingScrollBoxes } from '@/test/layout';
import { wideScreen } from '@/test/media';
import { apiFailure, mockApi, renderPage, sampleUser } from '@/test/utils';
import { ExportDialog } from './export-dialog';
import { IMPORT_TABLE_QUERY, ImportDialog } from './import-dialog';
import { PdfActions } from './pdf-actions';
import { SesXmlDialog } from './ses-xml-dialog';

const ESTABLISHMENT_ID = '3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f';
const lucia = {
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  firstName: 'Lucía',
  lastName: 'Fernández',
  secondLastName: 'Ruiz',
  establishmentId: ESTABLISHMENT_ID,
  contactInfo: { email: 'lucia@example.com' },
  language: 'de',
};
const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz012345';

describe('send the PDF by e-mail', () => {
  it('prefills the address, disables Send while empty and while sending, then says e-mail sent', async () => {
    authStore.setSession(TOKEN, sampleUser, { remember: true });
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
    expect(calls[0]!.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);

    release();
    expect(await screen.findByText('E-mail sent')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the dialog open with the server message when the mail cannot be sent', async () => {
    authStore.setSession(TOKEN, sampleUser, { remember: true });
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
    authStore.setSession(TOKEN, sampleUser, { remember: true });
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
    authStore.setSession(TOKEN, sampleUser, { remember: true });
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
  it('says so before anything is sent, and does not offer to generate', async () => {
    authStore.setSession(TOKEN, sampleUser, { remember: true });
    renderPage(
      <SesXmlDialog
        open
        onClose={() => {}}
        establishments={[{ id: ESTABLISHMENT_ID, name: 'Alberg de Girona', authority: 'mossos' }]}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Generate the SES.HOSPEDAJES file' });
    expect(
      within(dialog).getByText(/reports its travelers to another authority \(Mossos d'Esquadra\)/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Generate' })).toBeDisabled();
  });
});

const previewSummary = {
  format: 'csv',
  establishmentId: ESTABLISHMENT_ID,
  total: 2,
  valid: 1,
  invalid: 1,
  duplicates: 0,
  ignoredColumns: [],
};
const previewAnswer = {
  body: {
    success: true,
    data: {
      ...previewSummary,
      rows: [
        {
          row: 2,
          status: 'valid',
          errors: [],
          values: { firstName: 'Hans', lastName: 'Weber', passportNumber: 'C01X00T47' },
        },
        {
          row: 3,
          status: 'invalid',
          errors: [
            { field: 'dateOfBirth', column: 'Date of birth', code: 'x', message: 'Not a date' },
          ],
          values: { firstName: 'Eva', lastName: 'Nowak' },
        },
      ],
    },
  },
};
const csv = () =>
  new File(['firstName;lastName\nHans;Weber\nEva;Nowak\n'], 'travelers.csv', { type: 'text/csv' });

describe('import preview', () => {
  it('checks the file, shows every row with its status and problems, then imports the valid rows', async () => {
    authStore.setSession(TOKEN, sampleUser, { remember: true });
    wideScreen(IMPORT_TABLE_QUERY);
    const summary = {
      format: 'csv',
      establishmentId: ESTABLISHMENT_ID,
      total: 2,
      valid: 1,
      invalid: 1,
      duplicates: 0,
      ignoredColumns: ['notes'],
    };
    const invalidRow = {
      row: 3,
      status: 'invalid',
      errors: [
        {
          field: 'dateOfBirth',
          column: 'Date of birth',
          code: 'validation.date',
          message: 'Not a date',
        },
      ],
    };
    const { calls } = mockApi({
      'POST /api/pilgrims/import/preview': {
        body: {
          success: true,
          data: {
            ...summary,
            rows: [
              {
                row: 2,
                status: 'valid',
                errors: [],
                values: {
                  firstName: 'Hans',
                  lastName: 'Weber',
                  passportNumber: 'C01X00T47',
                  gender: 'M',
                },
              },
              { ...invalidRow, values: { firstName: 'Eva', lastName: 'Nowak' } },
            ],
          },
        },
      },
      'POST /api/pilgrims/import': {
        body: {
          success: true,
          message: '1 imported',
          data: { ...summary, imported: 1, pilgrimIds: [lucia.id], skipped: [invalidRow] },
        },
      },
    });
    const { user } = renderPage(
      <ImportDialog
        open
        onClose={() => {}}
        establishments={[
          { id: ESTABLISHMENT_ID, name: 'Albergue San Roque' },
          { id: lucia.id, name: 'Hostal Dos' },
        ]}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Import travelers' });
    await user.click(within(dialog).getByRole('button', { name: 'Check the file' }));
    expect(within(dialog).getByText('Choose a file.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    const file = new File(['firstName;lastName\nHans;Weber\nEva;Nowak\n'], 'travelers.csv', {
      type: 'text/csv',
    });
    await user.upload(within(dialog).getByLabelText('File (CSV or Excel)'), file);
    await user.click(within(dialog).getByRole('button', { name: 'Check the file' }));

    const table = await within(dialog).findByRole('table', { name: 'Rows of the file' });
    const sent = calls[0]!;
    expect(sent.url.pathname).toBe('/api/pilgrims/import/preview');
    expect(
      within(dialog).getByText('2 rows: 1 valid, 1 with errors, 0 duplicates.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Ignored columns: notes')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Valid')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Hans Weber')).toBeInTheDocument();
    // How the sex was read, so a file's M read the wrong way is seen before importing.
    expect(within(rows[0]!).getByText('Male')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('With errors')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Date of birth: Not a date');
    expect(within(dialog).getByRole('region', { name: 'Rows of the file' })).toHaveAttribute(
      'tabindex',
      '0',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Import 1 valid row' }));
    expect(await within(dialog).findByText('1 traveler imported.')).toBeInTheDocument();
    expect(
      within(dialog).getByText(/Row 3 \(With errors\): Date of birth: Not a date/),
    ).toBeInTheDocument();
    expect(calls.at(-1)!.url.pathname).toBe('/api/pilgrims/import');
  });
});

describe('import preview on a phone', () => {
  it('shows each row as a card with its row, status, traveler and problems, nothing off to the side', async () => {
    authStore.setSession(TOKEN, sampleUser, { remember: true });
    mockApi({ 'POST /api/pilgrims/import/preview': previewAnswer });
    const { user } = renderPage(
      <ImportDialog
        open
        onClose={() => {}}
        establishments={[{ id: ESTABLISHMENT_ID, name: 'Albergue San Roque' }]}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Import travelers' });
    await user.upload(within(dialog).getByLabelText('File (CSV or Excel)'), csv());
    await user.click(within(dialog).getByRole('button', { name: 'Check the file' }));

    const list = await within(dialog).findByRole('list', { name: 'Rows of the file' });
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
    const [first, second] = within(list)
      .getAllByRole('listitem')
      .filter((card) => card.parentElement === list);
    const pairs = (card: HTMLElement) =>
      Array.from(card.querySelectorAll('dt')).map(
        (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`,
      );
    expect(pairs(first!)).toEqual([
      'Row: 2',
      'Status: Valid',
      'Traveler: Hans WeberC01X00T47',
      'Problems: —',
    ]);
    expect(pairs(second!)).toEqual([
      'Row: 3',
      'Status: With errors',
      'Traveler: Eva Nowak',
      'Problems: Date of birth: Not a date',
    ]);
    expect(within(dialog).getByRole('region', { name: 'Rows of the file' })).toHaveAttribute(
      'tabindex',
      '0',
    );
    expect(hiddenTextEscapingScrollBoxes(dialog)).toEqual([]);
  });
});

describe('keyboard use of the file dialogs', () => {
  it('Check the file pressed with the keyboard: focus stays in the dialog, Escape then closes it', async () => {
    authStore.setSession(TOKEN, sampleUser, { remember: true });
    wideScreen(IMPORT_TABLE_QUERY);
    let release: () => void = () => {};
    mockApi({
      'POST /api/pilgrims/import/preview': () =>
        new Promise((resolve) => {
          release = () => resolve(previewAnswer);
        }),
    });
    const onClose = vi.fn();
    const { user } = renderPage(
      <ImportDialog
        open
        onClose={onClose}
        establishments={[{ id: ESTABLISHMENT_ID, name: 'Albergue San Roque' }]}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Import travelers' });
    await user.upload(within(dialog).getByLabelText('File (CSV or Excel)'), csv());
    const check = within(dialog).getByRole('button', { name: 'Check the file' });
    check.focus();
    await user.keyboard('{Enter}');
    // While the file is checked the button is disabled: focus does not stay on it (a browser
    // drops it to the page's body, out of the dialog).
    await waitFor(() => expect(check).toBeDisabled());
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    expect(document.activeElement).not.toBeDisabled();
    release();
    await within(dialog).findByRole('button', { name: 'Import 1 valid row' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    // The wide table has the hidden names of nothing outside its box either.
    expect(hiddenTextEscapingScrollBoxes(dialog)).toEqual([]);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('Export pressed with the keyboard: focus stays in the dialog, Escape stops and closes it', async () => {
    authStore.setSession(TOKEN, sampleUser, { remember: true });
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
