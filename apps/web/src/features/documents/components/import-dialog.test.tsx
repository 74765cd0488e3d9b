import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '@/lib/auth';
import { hiddenTextEscapingScrollBoxes } from '@/test/layout';
import { wideScreen } from '@/test/media';
import { mockApi, renderPage, sampleUser } from '@/test/utils';
import { IMPORT_TABLE_QUERY, ImportDialog } from './import-dialog';
import { ESTABLISHMENT_ID, lucia } from './test-data';

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
    authStore.setSession(sampleUser, { remember: true });
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
    authStore.setSession(sampleUser, { remember: true });
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
    authStore.setSession(sampleUser, { remember: true });
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
});
