import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SesProblem } from '@hospes/shared/ses-preflight';
import type { Traveler } from '@hospes/shared/travelers';
import { Button, ButtonLink } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { links } from '@/config/paths';
import { useCan } from '@/lib/auth';
import {
  CompleteTravelerLink,
  UnreportableBadge,
} from '@/features/traveler/components/parte-badge';
import { ReportedToLine } from '@/features/traveler/components/reported-to';
import { ReviewBadge } from '@/features/traveler/components/review-badge';
import { StayBadge } from '@/features/traveler/components/stay-badge';
import { countryName } from '@/features/traveler/countries';
import { documentLabel, formatDate, fullName } from '@/features/traveler/format';

type RowAction = 'view' | 'edit' | 'delete';

const ACTION_ICON_PATHS: Record<RowAction, ReactNode> = {
  view: (
    <>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  edit: (
    <>
      <path d="M12 20h9" />
      <path d="M16.5 3.5a2.12 2.12 0 0 1 3 3L7 19l-4 1 1-4Z" />
    </>
  ),
  delete: (
    <>
      <path d="M3 6h18" />
      <path d="M8 6V4h8v2" />
      <path d="M19 6l-1 14H6L5 6" />
      <path d="M10 11v6M14 11v6" />
    </>
  ),
};

function ActionIcon({ action }: { action: RowAction }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {ACTION_ICON_PATHS[action]}
    </svg>
  );
}

/**
 * View, edit and delete of one traveler. In the table (`compact`) they are icons on one line, each
 * named in full for assistive technology and titled for a pointer, so a row stays one line high
 * on a tablet; on a card, words.
 */
function RowActions({
  pilgrim,
  onDelete,
  compact = false,
}: {
  pilgrim: Traveler;
  onDelete: () => void;
  compact?: boolean;
}) {
  const { t } = useTranslation('clients');
  const name = fullName(pilgrim);
  // What the member's role there may not do is not offered (decisions 058, 062).
  const can = useCan();
  const mayEdit = can('travelers.edit', pilgrim.establishmentId);
  const mayDelete = can('travelers.delete', pilgrim.establishmentId);
  if (compact) {
    const rowLinks = [
      ['view', links.clientView(pilgrim.id)] as const,
      ...(mayEdit ? [['edit', links.clientEdit(pilgrim.id)] as const] : []),
    ];
    return (
      <div className="flex items-center gap-1">
        {rowLinks.map(([action, to]) => (
          <ButtonLink
            key={action}
            to={to}
            variant="secondary"
            size="sm"
            className="w-11"
            title={t(`list.${action}`)}
          >
            <ActionIcon action={action} />
            <span className="sr-only">
              {t(`list.${action}`)} {name}
            </span>
          </ButtonLink>
        ))}
        {mayDelete && (
          <Button
            variant="danger"
            size="sm"
            className="w-11"
            title={t('list.delete')}
            onClick={onDelete}
          >
            <ActionIcon action="delete" />
            <span className="sr-only">
              {t('list.delete')} {name}
            </span>
          </Button>
        )}
      </div>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <ButtonLink to={links.clientView(pilgrim.id)} variant="secondary" size="sm">
        {t('list.view')}
        <span className="sr-only"> {name}</span>
      </ButtonLink>
      {mayEdit && (
        <ButtonLink to={links.clientEdit(pilgrim.id)} variant="secondary" size="sm">
          {t('list.edit')}
          <span className="sr-only"> {name}</span>
        </ButtonLink>
      )}
      {mayDelete && (
        <Button variant="danger" size="sm" onClick={onDelete}>
          {t('list.delete')}
          <span className="sr-only"> {name}</span>
        </Button>
      )}
    </div>
  );
}

export function SelectBox({
  checked,
  onChange,
  label,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
}) {
  return (
    <label className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-5 accent-primary"
      />
      <span className="sr-only">{label}</span>
    </label>
  );
}

interface RowsProps {
  rows: readonly Traveler[];
  selected: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
  onDelete: (traveler: Traveler) => void;
  /** With a column (or a line) naming each traveler's establishment: the user has several. */
  showEstablishment: boolean;
  /** The previous filters' rows, shown dimmed while the new ones are on the way. */
  dimmed: boolean;
  /** What the parte still needs of each traveler who cannot be reported (decision 043). */
  problems: ReadonlyMap<string, readonly SesProblem[]>;
}

const NO_PROBLEMS: readonly SesProblem[] = [];

/**
 * The list's travelers, each with a box to select it, the stay indicator, and view, edit and
 * delete; one who cannot be reported yet says so, with a link to complete it: a table on wide
 * screens (`wide`), cards on phones and tablets.
 */
export function TravelerRows({ wide, ...props }: RowsProps & { wide: boolean }) {
  return wide ? <TravelersTable {...props} /> : <TravelerCards {...props} />;
}

function TravelersTable({
  rows,
  selected,
  onToggle,
  onDelete,
  showEstablishment,
  dimmed,
  problems,
}: RowsProps) {
  const { t, i18n } = useTranslation('clients');
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return (
    <div
      className={cn(
        'relative overflow-x-auto rounded-2xl border border-line bg-surface',
        dimmed && 'opacity-70',
      )}
    >
      <table className="w-full text-start text-sm">
        <caption className="sr-only">{t('list.caption')}</caption>
        <thead className="border-b border-line bg-surface-muted text-fg">
          <tr>
            <th scope="col" className="w-12 px-2 py-2">
              <span className="sr-only">{t('list.selectColumn')}</span>
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('list.name')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('list.document')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('list.nationality')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('list.entry')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('list.checkOut')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('list.stay')}
            </th>
            {showEstablishment && (
              <th scope="col" className="px-3 py-2 font-semibold">
                {t('list.establishment')}
              </th>
            )}
            <th scope="col" className="w-px px-3 py-2 font-semibold whitespace-nowrap">
              {t('list.actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.id} className="border-b border-line last:border-b-0">
              <td className="px-2 py-1">
                <SelectBox
                  checked={selected.has(p.id)}
                  onChange={(on) => onToggle(p.id, on)}
                  label={t('list.select', { name: fullName(p) })}
                />
              </td>
              <th scope="row" className="px-3 py-2 text-base font-semibold text-fg">
                {fullName(p)}
                <ReviewBadge pilgrim={p} className="ms-2" />
              </th>
              <td className="px-3 py-2 text-fg">{documentLabel(p, t)}</td>
              <td className="px-3 py-2 text-fg">{countryName(p.nationality, lng)}</td>
              <td className="px-3 py-2 whitespace-nowrap text-fg">
                {formatDate(p.entryDate, lng)}
              </td>
              <td className="px-3 py-2 whitespace-nowrap text-fg">
                {p.checkOutDate ? formatDate(p.checkOutDate, lng) : '—'}
              </td>
              <td className="px-3 py-2">
                <StayBadge status={p.stayStatus} />
                {/* Beside the stay, not in the row's name, which names the traveler alone. */}
                <UnreportableBadge problems={problems.get(p.id) ?? NO_PROBLEMS} className="mt-1" />
                <ReportedToLine reportedTo={p.reportedTo} className="mt-1 text-xs" />
              </td>
              {showEstablishment && <td className="px-3 py-2 text-fg">{p.establishment.name}</td>}
              <td className="px-3 py-1">
                <div className="flex items-center gap-1">
                  <CompleteTravelerLink traveler={p} problems={problems.get(p.id) ?? NO_PROBLEMS} />
                  <RowActions compact pilgrim={p} onDelete={() => onDelete(p)} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TravelerCards({
  rows,
  selected,
  onToggle,
  onDelete,
  showEstablishment,
  dimmed,
  problems,
}: RowsProps) {
  const { t, i18n } = useTranslation('clients');
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return (
    <ul aria-label={t('list.caption')} className={cn('space-y-3', dimmed && 'opacity-70')}>
      {rows.map((p) => (
        <li key={p.id} className="rounded-2xl border border-line bg-surface p-4">
          <div className="flex items-start gap-2">
            <div className="-ms-2 -mt-2">
              <SelectBox
                checked={selected.has(p.id)}
                onChange={(on) => onToggle(p.id, on)}
                label={t('list.select', { name: fullName(p) })}
              />
            </div>
            <div className="min-w-0 flex-1">
              <h2 className="text-base font-semibold break-words text-fg">{fullName(p)}</h2>
              <StayBadge status={p.stayStatus} className="mt-1" />
              <ReviewBadge pilgrim={p} className="mt-1" />
              <UnreportableBadge problems={problems.get(p.id) ?? NO_PROBLEMS} className="mt-1" />
              <ReportedToLine reportedTo={p.reportedTo} className="mt-1" />
            </div>
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <div className="col-span-2">
              <dt className="text-muted">{t('list.document')}</dt>
              <dd className="break-words text-fg">{documentLabel(p, t)}</dd>
            </div>
            <div>
              <dt className="text-muted">{t('list.nationality')}</dt>
              <dd className="text-fg">{countryName(p.nationality, lng)}</dd>
            </div>
            <div>
              <dt className="text-muted">{t('list.entry')}</dt>
              <dd className="text-fg">{formatDate(p.entryDate, lng)}</dd>
            </div>
            <div>
              <dt className="text-muted">{t('list.checkOut')}</dt>
              <dd className="text-fg">{p.checkOutDate ? formatDate(p.checkOutDate, lng) : '—'}</dd>
            </div>
            {showEstablishment && (
              <div>
                <dt className="text-muted">{t('list.establishment')}</dt>
                <dd className="break-words text-fg">{p.establishment.name}</dd>
              </div>
            )}
          </dl>
          <div className="mt-3 flex flex-wrap gap-2">
            <CompleteTravelerLink traveler={p} problems={problems.get(p.id) ?? NO_PROBLEMS} />
            <RowActions pilgrim={p} onDelete={() => onDelete(p)} />
          </div>
        </li>
      ))}
    </ul>
  );
}
