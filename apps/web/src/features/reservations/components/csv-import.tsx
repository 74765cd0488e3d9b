import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESERVATION_CSV_COLUMNS, RESERVATION_CSV_REQUIRED } from '@hospes/shared/reservations';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { useImportReservations } from '../api/import-reservations';

/** Reservations from a CSV file: every row checked first, all imported or none. */
export function CsvImport({ establishmentId }: { establishmentId: string }) {
  const { t } = useTranslation('reservations');
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const importing = useImportReservations(establishmentId);
  const details = isApiError(importing.error) ? importing.error.details : [];

  return (
    <section aria-labelledby="reservations-csv-title" className="space-y-3">
      <h2 id="reservations-csv-title" className="text-xl font-bold text-fg">
        {t('csv.title')}
      </h2>
      <p className="text-sm text-muted">
        {t('csv.intro', {
          columns: RESERVATION_CSV_COLUMNS.join(';'),
          required: RESERVATION_CSV_REQUIRED.join(', '),
        })}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label
            htmlFor="reservations-csv-file"
            className="mb-1 block text-sm font-semibold text-fg"
          >
            {t('csv.file')}
          </label>
          <input
            ref={input}
            id="reservations-csv-file"
            type="file"
            accept=".csv,text/csv,text/plain"
            className="block max-w-full text-sm text-fg"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              importing.reset();
            }}
          />
        </div>
        <Button
          disabled={!file || importing.isPending}
          onClick={() => {
            if (file)
              importing.mutate(file, {
                onSuccess: () => {
                  setFile(null);
                  if (input.current) input.current.value = '';
                },
              });
          }}
        >
          {t('csv.import')}
        </Button>
      </div>
      {importing.isSuccess && (
        <FormAlert tone="success">
          {t('csv.done', { created: importing.data.created, updated: importing.data.updated })}
        </FormAlert>
      )}
      {importing.isError && (
        <FormAlert title={errorText(importing.error, t('csv.failed'))}>
          {details.length > 0 && (
            <ul className="list-disc ps-5">
              {details.map((detail, i) => (
                <li key={i}>
                  <span className="font-mono">{detail.field}</span>: {detail.message}
                </li>
              ))}
            </ul>
          )}
        </FormAlert>
      )}
    </section>
  );
}
