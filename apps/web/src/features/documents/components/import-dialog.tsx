import { useId, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { ImportFormat } from '@hospes/shared/documents';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Modal } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { errorText } from '@/lib/error-text';
import { useMediaQuery } from '@/lib/use-media-query';
import {
  downloadImportTemplate,
  usePreviewImport,
  useRunImport,
  type ImportPreview,
  type ImportResult,
} from '../api/import';
import { bcp47Of } from '@hospes/shared/languages';

type RowStatus = ImportPreview['rows'][number]['status'];

const statusKey: Record<RowStatus, string> = {
  valid: 'import.statusValid',
  invalid: 'import.statusInvalid',
  duplicate: 'import.statusDuplicate',
};
const statusClasses: Record<RowStatus, string> = {
  valid: 'border-success bg-success-soft',
  invalid: 'border-danger bg-danger-soft',
  duplicate: 'border-line bg-surface-muted',
};

function StatusBadge({ status }: { status: RowStatus }) {
  const { t } = useTranslation('documents');
  return (
    <span
      className={cn(
        'inline-block rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-fg',
        statusClasses[status],
      )}
    >
      {t(statusKey[status])}
    </span>
  );
}

type PreviewRow = ImportPreview['rows'][number];

/** A row's traveler as the file gives them: name, document number, the sex as it was read. */
function RowTraveler({ values: v }: { values: PreviewRow['values'] }) {
  const { t } = useTranslation('documents');
  const name = [v.firstName, v.lastName, v.secondLastName].filter(Boolean).join(' ');
  return (
    <>
      {name || '—'}
      {v.passportNumber && <span className="block text-muted">{v.passportNumber}</span>}
      {/* The sex as it will be stored: a file's M may be read as male or as mujer. */}
      {v.gender && ['M', 'F', 'O'].includes(v.gender) && (
        <span className="block text-muted">{t(`genders.${v.gender}`, { ns: 'clients' })}</span>
      )}
    </>
  );
}

/** A row's problems, or why a duplicate is left out. */
function RowProblems({ row }: { row: PreviewRow }) {
  const { t } = useTranslation('documents');
  if (row.errors.length > 0) {
    return (
      <ul className="space-y-1">
        {row.errors.map((e, index) => (
          <li key={`${e.field}-${index}`} className="break-words">
            {e.column || e.field ? (
              <span className="font-semibold">{e.column || e.field}: </span>
            ) : null}
            {e.message || e.code}
          </li>
        ))}
      </ul>
    );
  }
  return row.status === 'duplicate' ? t('import.duplicateText') : <span aria-hidden="true">—</span>;
}

/** The width from which the preview is a table (the dialog widens for it); below, one card a row. */
export const IMPORT_TABLE_QUERY = '(min-width: 40rem)';

/**
 * Every row of the file with its status and problems, in a scrollable, focusable box: a table
 * where there is room for its four columns, else a card per row (row, status, traveler,
 * problems one under the other), so nothing hides off to the side on a phone.
 */
export function ImportPreviewTable({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation('documents');
  const captionId = useId();
  const wide = useMediaQuery(IMPORT_TABLE_QUERY);
  const boxClasses =
    'relative mt-3 max-h-72 overflow-auto rounded-lg border border-line focus-visible:outline-2 focus-visible:outline-primary';
  if (!wide) {
    return (
      <div role="region" aria-labelledby={captionId} tabIndex={0} className={boxClasses}>
        <span id={captionId} hidden>
          {t('import.table')}
        </span>
        <ul aria-labelledby={captionId} className="divide-y divide-line text-sm">
          {preview.rows.map((row) => (
            <li key={row.row} className="px-3 py-2">
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
                <dt className="font-semibold text-muted">{t('import.row')}</dt>
                <dd>{row.row}</dd>
                <dt className="font-semibold text-muted">{t('import.status')}</dt>
                <dd>
                  <StatusBadge status={row.status} />
                </dd>
                <dt className="font-semibold text-muted">{t('import.traveler')}</dt>
                <dd className="break-words">
                  <RowTraveler values={row.values} />
                </dd>
                <dt className="font-semibold text-muted">{t('import.problems')}</dt>
                <dd>
                  <RowProblems row={row} />
                </dd>
              </dl>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <div role="region" aria-labelledby={captionId} tabIndex={0} className={boxClasses}>
      <table className="w-full min-w-[32rem] border-collapse text-start text-sm">
        <caption id={captionId} className="sr-only">
          {t('import.table')}
        </caption>
        <thead className="sticky top-0 bg-surface-muted">
          <tr>
            <th scope="col" className="px-2 py-2 font-semibold">
              {t('import.row')}
            </th>
            <th scope="col" className="px-2 py-2 font-semibold">
              {t('import.status')}
            </th>
            <th scope="col" className="px-2 py-2 font-semibold">
              {t('import.traveler')}
            </th>
            <th scope="col" className="px-2 py-2 font-semibold">
              {t('import.problems')}
            </th>
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row) => (
            <tr key={row.row} className="border-t border-line align-top">
              <th scope="row" className="px-2 py-2 font-normal">
                {row.row}
              </th>
              <td className="px-2 py-2">
                <StatusBadge status={row.status} />
              </td>
              <td className="px-2 py-2 break-words">
                <RowTraveler values={row.values} />
              </td>
              <td className="px-2 py-2">
                <RowProblems row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ImportSummary({ result }: { result: ImportResult }) {
  const { t } = useTranslation('documents');
  const { data } = result;
  return (
    <FormAlert tone="success" title={t('import.doneTitle')} className="mt-4">
      <p>{t('import.imported', { count: data.imported })}</p>
      {data.skipped.length > 0 && (
        <>
          <p>{t('import.skipped', { count: data.skipped.length })}</p>
          <ul className="ms-5 list-disc">
            {data.skipped.map((row) => (
              <li key={row.row} className="break-words">
                {t('import.skippedRow', { row: row.row, status: t(statusKey[row.status]) })}
                {row.errors.length > 0 &&
                  `: ${row.errors.map((e) => `${e.column || e.field}: ${e.message || e.code}`).join('; ')}`}
                {row.status === 'duplicate' && `: ${t('import.duplicateText')}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </FormAlert>
  );
}

/**
 * Import travelers from a CSV or Excel file (spec §2): download a template, choose the
 * establishment and the file, check every row (nothing stored), then import the valid ones and
 * see what was skipped and why. The list refreshes afterwards.
 */
export function ImportDialog({
  open,
  onClose,
  establishments,
  defaultEstablishmentId,
}: {
  open: boolean;
  onClose: () => void;
  establishments: ReadonlyArray<{ id: string; name: string }>;
  defaultEstablishmentId?: string;
}) {
  const { t, i18n } = useTranslation('documents');
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const fileId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [establishmentId, setEstablishmentId] = useState(
    defaultEstablishmentId ?? establishments[0]?.id ?? '',
  );
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  const preview = usePreviewImport();
  const run = useRunImport();
  const busy = preview.isPending || run.isPending;

  const reset = () => {
    preview.reset();
    run.reset();
    setFile(null);
    setFileError('');
    if (fileRef.current) fileRef.current.value = '';
  };

  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const template = async (format: ImportFormat) => {
    try {
      await downloadImportTemplate(format);
    } catch (error) {
      toast.error(errorText(error, t('import.failed')));
    }
  };

  const check = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setFileError(t('import.fileRequired'));
      fileRef.current?.focus();
      return;
    }
    run.reset();
    try {
      await preview.mutateAsync({ file, establishmentId });
    } catch {
      // shown below
    }
  };

  const importValid = async () => {
    if (!file) return;
    try {
      await run.mutateAsync({ file, establishmentId });
    } catch {
      // shown below
    }
  };

  const data = preview.data;
  const result = run.data;
  const fmt = (n: number) => new Intl.NumberFormat(bcp47Of(lng)).format(n);
  // The preview's table needs room: the dialog widens for it (on a phone it is cards anyway).
  const roomForTable = useMediaQuery(IMPORT_TABLE_QUERY) && !!data && !result;

  return (
    <Modal open={open} onClose={close} busy={busy} title={t('import.title')} wide={roomForTable}>
      {!result && (
        <form noValidate onSubmit={(event) => void check(event)}>
          <p className="mt-4 text-sm text-fg">{t('import.templateIntro')}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => void template('csv')}>
              {t('import.templateCsv')}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => void template('xlsx')}>
              {t('import.templateXlsx')}
            </Button>
          </div>
          {establishments.length > 1 && (
            <SelectField
              className="mt-4"
              label={t('import.establishment')}
              value={establishmentId}
              disabled={busy}
              onChange={(event) => {
                setEstablishmentId(event.target.value);
                preview.reset();
              }}
              options={establishments.map((e) => ({ value: e.id, label: e.name }))}
            />
          )}
          <div className="mt-4">
            <label htmlFor={fileId} className="mb-1 block text-sm font-semibold text-fg">
              {t('import.file')}
            </label>
            <input
              ref={fileRef}
              id={fileId}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-describedby={`${fileId}-hint${fileError ? ` ${fileId}-error` : ''}`}
              aria-invalid={fileError ? true : undefined}
              disabled={busy}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setFileError('');
                preview.reset();
              }}
              className="block w-full max-w-full text-sm text-fg file:me-3 file:min-h-11 file:rounded-lg file:border file:border-control file:bg-surface file:px-3 file:font-semibold file:text-fg"
            />
            <p id={`${fileId}-hint`} className="mt-1 text-sm text-muted">
              {t('import.fileHint')}
            </p>
            {fileError && (
              <p id={`${fileId}-error`} className="mt-1 text-sm font-medium text-danger">
                {fileError}
              </p>
            )}
          </div>
          {preview.isError && (
            <FormAlert className="mt-4">{errorText(preview.error, t('import.failed'))}</FormAlert>
          )}
          {data && (
            <div className="mt-4">
              <p role="status" className="text-sm font-semibold text-fg">
                {t('import.summary', {
                  total: fmt(data.total),
                  valid: fmt(data.valid),
                  invalid: fmt(data.invalid),
                  duplicates: fmt(data.duplicates),
                })}
              </p>
              {data.ignoredColumns.length > 0 && (
                <p className="mt-1 text-sm text-muted">
                  {t('import.ignored', { columns: data.ignoredColumns.join(', ') })}
                </p>
              )}
              <ImportPreviewTable preview={data} />
              {data.valid === 0 && (
                <FormAlert tone="info" className="mt-3">
                  {t('import.nothing')}
                </FormAlert>
              )}
            </div>
          )}
          {run.isError && (
            <FormAlert className="mt-4">{errorText(run.error, t('import.failed'))}</FormAlert>
          )}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close} disabled={busy}>
              {t('import.cancel')}
            </Button>
            {data && data.valid > 0 ? (
              <Button
                pending={run.isPending}
                disabled={preview.isPending}
                onClick={() => void importValid()}
              >
                {t('import.run', { count: data.valid })}
              </Button>
            ) : (
              <Button type="submit" pending={preview.isPending}>
                {t('import.preview')}
              </Button>
            )}
          </div>
        </form>
      )}
      {result && (
        <>
          <ImportSummary result={result} />
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={reset}>
              {t('import.another')}
            </Button>
            <Button onClick={close}>{t('import.close')}</Button>
          </div>
        </>
      )}
    </Modal>
  );
}
