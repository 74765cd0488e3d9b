import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '@hospes/shared/documents';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import type { DownloadProgress } from '@/lib/api-client';
import { exportTravelers, LARGE_EXPORT_ROWS, type ExportFilters } from '../api/export';
import { formatBytes } from './format-bytes';
import { RadioGroup } from './radio-group';
import { bcp47Of } from '@hospes/shared/languages';

/** Spec §4: the export's states (plus idle, before it starts). */
export type ExportState = 'idle' | 'exporting' | 'started' | 'completed' | 'failed';

type Scope = 'all' | 'page';

/**
 * Export to Excel or CSV (spec §2): all travelers matching the filters or the current page only,
 * a warning for large exports, and the progress of the streamed file.
 */
export function ExportDialog({
  open,
  onClose,
  filters,
  total,
  pageIds,
}: {
  open: boolean;
  onClose: () => void;
  filters: ExportFilters;
  /** Travelers matching the filters. */
  total: number;
  /** The ids of the rows on the current page. */
  pageIds: readonly string[];
}) {
  const { t, i18n } = useTranslation('documents');
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [scope, setScope] = useState<Scope>('all');
  const [state, setState] = useState<ExportState>('idle');
  const [progress, setProgress] = useState<DownloadProgress>({ received: 0, total: null });
  const [fileName, setFileName] = useState('');
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const busy = state === 'exporting' || state === 'started';
  const count = scope === 'all' ? total : pageIds.length;
  const large = count > LARGE_EXPORT_ROWS;

  const start = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setState('exporting');
    setProgress({ received: 0, total: null });
    try {
      const name = await exportTravelers({
        filters,
        format,
        ids: scope === 'page' ? pageIds : undefined,
        onStarted: () => setState('started'),
        onProgress: setProgress,
        signal: abort.signal,
      });
      if (abort.signal.aborted) return;
      setFileName(name);
      setState('completed');
    } catch {
      if (abort.signal.aborted) return;
      setState('failed');
    }
  };

  const cancel = () => {
    controller.current?.abort();
    controller.current = null;
    setState('idle');
  };

  const close = () => {
    if (busy) cancel();
    setState('idle');
    onClose();
  };

  const percent =
    progress.total && progress.total > 0
      ? Math.min(100, Math.round((progress.received / progress.total) * 100))
      : null;

  return (
    <Modal open={open} onClose={close} title={t('export.title')}>
      <RadioGroup<ExportFormat>
        legend={t('export.format')}
        name="export-format"
        value={format}
        onChange={setFormat}
        disabled={busy}
        options={[
          { value: 'xlsx', label: t('export.xlsx') },
          { value: 'csv', label: t('export.csv') },
        ]}
      />
      <RadioGroup<Scope>
        legend={t('export.scope')}
        name="export-scope"
        value={scope}
        onChange={setScope}
        disabled={busy}
        options={[
          { value: 'all', label: t('export.scopeAll', { count: total }) },
          {
            value: 'page',
            label: t('export.scopePage', { count: pageIds.length }),
            disabled: pageIds.length === 0,
          },
        ]}
      />
      {large && (
        <FormAlert tone="info" className="mt-4">
          {t('export.large', { total: new Intl.NumberFormat(bcp47Of(lng)).format(count) })}
        </FormAlert>
      )}

      <div aria-live="polite" className="mt-4 space-y-2">
        {busy && (
          <>
            <p className="text-sm font-semibold text-fg">
              {state === 'exporting' ? t('export.exporting') : t('export.started')}
            </p>
            <progress
              aria-label={t('export.progress')}
              className="h-2 w-full accent-primary"
              max={percent === null ? undefined : 100}
              value={percent === null ? undefined : percent}
            />
            {state === 'started' && (
              <p className="text-sm text-muted">
                {progress.total
                  ? t('export.receivedOf', {
                      size: formatBytes(progress.received, lng),
                      total: formatBytes(progress.total, lng),
                    })
                  : t('export.received', { size: formatBytes(progress.received, lng) })}
              </p>
            )}
          </>
        )}
        {state === 'completed' && (
          <FormAlert tone="success">{t('export.completed', { file: fileName })}</FormAlert>
        )}
      </div>
      {state === 'failed' && <FormAlert className="mt-2">{t('export.failed')}</FormAlert>}

      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={busy ? cancel : close}>
          {busy ? t('export.cancel') : t('export.close')}
        </Button>
        <Button onClick={() => void start()} pending={busy} disabled={count === 0}>
          {busy ? t('export.exporting') : t('export.start')}
        </Button>
      </div>
    </Modal>
  );
}
