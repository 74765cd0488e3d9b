import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Traveler } from '@hospes/shared/travelers';
import { Button } from '@/components/ui/button';
import { useCan } from '@/lib/auth';
import type { ExportFilters } from '../api/export';
import { ExportDialog } from './export-dialog';
import { ImportDialog } from './import-dialog';
import { SesXmlDialog, type SesEstablishment } from './ses-xml-dialog';

type Establishments = ReadonlyArray<SesEstablishment>;
type Open = 'export' | 'import' | 'xml' | null;

/**
 * The client list's file actions (spec §2): Export (Excel/CSV), Import, Generate XML, given the
 * list's total and current page.
 */
export function DocumentsToolbar({
  filters,
  establishments,
  rows,
  total,
}: {
  filters: ExportFilters & { establishmentId?: string };
  establishments: Establishments;
  /** The travelers on the list's current page. */
  rows: readonly Traveler[];
  /** Travelers matching the filters. */
  total: number;
}) {
  const { t } = useTranslation('documents');
  const [open, setOpen] = useState<Open>(null);
  const establishmentId = filters.establishmentId;
  // What the role may not do is not offered (the server refuses it all the same, decision 058).
  const can = useCan();
  const mayExport = can('travelers.export', establishmentId);
  const mayImport = can('travelers.import', establishmentId);
  const maySend = can('ses.send', establishmentId);
  if (!mayExport && !mayImport && !maySend) return null;

  return (
    // Small buttons: on a phone the three fit on one line above the list.
    <div role="group" aria-label={t('toolbar.label')} className="mb-4 flex flex-wrap gap-2">
      {mayExport && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setOpen('export')}
          disabled={total === 0}
        >
          {t('export.button')}
        </Button>
      )}
      {mayImport && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setOpen('import')}
          disabled={establishments.length === 0}
        >
          {t('import.button')}
        </Button>
      )}
      {maySend && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setOpen('xml')}
          disabled={establishments.length === 0}
        >
          {t('xml.button')}
        </Button>
      )}
      {open === 'export' && (
        <ExportDialog
          open
          onClose={() => setOpen(null)}
          filters={filters}
          total={total}
          pageIds={rows.map((row) => row.id)}
        />
      )}
      {open === 'import' && (
        <ImportDialog
          open
          onClose={() => setOpen(null)}
          establishments={establishments}
          defaultEstablishmentId={establishmentId}
        />
      )}
      {open === 'xml' && (
        <SesXmlDialog
          open
          onClose={() => setOpen(null)}
          establishments={establishments}
          defaultEstablishmentId={establishmentId}
          knownTravelers={rows}
        />
      )}
    </div>
  );
}

/**
 * "Send to SES (or XML)" for the travelers selected in the list (its bulk-actions bar): the SES
 * dialog, which sends where the establishment is connected, else makes the file (decision 043).
 */
export function SesXmlSelectionButton({
  selected,
  establishments,
}: {
  selected: readonly Traveler[];
  establishments: Establishments;
}) {
  const { t } = useTranslation('documents');
  const [open, setOpen] = useState(false);
  const owning = establishments.length
    ? establishments
    : [...new Map(selected.map((p) => [p.establishment.id, p.establishment])).values()];
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        {t('xml.generateSelected')}
      </Button>
      {open && (
        <SesXmlDialog
          open
          onClose={() => setOpen(false)}
          establishments={owning}
          defaultEstablishmentId={selected[0]?.establishmentId}
          selected={selected}
          knownTravelers={selected}
        />
      )}
    </>
  );
}
