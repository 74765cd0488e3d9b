import { useEffect, useId, useState } from 'react';
import { EmailText } from '@/components/ui/contact-text';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { Traveler } from '@hospes/shared/travelers';
import { Button, ButtonLink } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ConfirmDialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { STICKY_END_CELL } from '@/components/ui/table';
import { TextLink } from '@/components/ui/text-link';
import { links } from '@/config/paths';
import { errorText } from '@/lib/error-text';
import { useDeleteTraveler } from '@/features/traveler/api/delete-traveler';
import { useEstablishmentTravelers } from '@/features/traveler/api/get-establishment-travelers';
import { countryName } from '@/features/traveler/countries';
import { travelerChangeRefreshes } from '../api/keys';
import { formatDate, fullName } from '../format';
import { Pagination } from './pagination';

/**
 * The travelers of one establishment (spec §2): name with second surname, e-mail, nationality,
 * document number, entry and check-out dates; view, edit and delete (after a confirmation that
 * names the traveler; the delete really happens). A button registers a new traveler there.
 */
export function EstablishmentTravelers({
  establishmentId,
  establishmentName,
  headingLevel = 2,
}: {
  establishmentId: string;
  establishmentName: string;
  headingLevel?: 2 | 3;
}) {
  const { t, i18n } = useTranslation('admin');
  const lng = i18n.language;
  const headingId = `pilgrims-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [page, setPage] = useState(1);
  const [lastEstablishment, setLastEstablishment] = useState(establishmentId);
  if (lastEstablishment !== establishmentId) {
    setLastEstablishment(establishmentId);
    setPage(1);
  }
  const list = useEstablishmentTravelers(establishmentId, page);
  const removal = useDeleteTraveler(travelerChangeRefreshes);
  const [target, setTarget] = useState<Traveler | null>(null);
  const Heading = `h${headingLevel}` as const;

  useEffect(() => {
    if (list.isError) toast.error(t('somethingWentWrong'), { id: `pilgrims-${establishmentId}` });
  }, [list.isError, establishmentId, t]);

  // After a delete the last page may have become empty: step back to the one before.
  const totalPages = list.data?.pagination.totalPages ?? 1;
  if (list.data && page > totalPages) setPage(totalPages);

  const confirmDelete = async () => {
    if (!target) return;
    try {
      await removal.mutateAsync(target.id);
      toast.success(t('pilgrims.deleted'));
      setTarget(null);
    } catch {
      // Spec §8: a toast; the dialog stays open with the reason (removal.error).
      toast.error(t('somethingWentWrong'));
    }
  };

  const rows = list.data?.data ?? [];
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line bg-surface p-5">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <Heading id={headingId} className="text-lg font-semibold text-fg">
          {t('pilgrims.title', { name: establishmentName })}
        </Heading>
        <ButtonLink to={links.travelerRegistration(establishmentId)} size="sm">
          {t('pilgrims.new')}
        </ButtonLink>
      </div>

      {list.isPending && (
        <p role="status" className="flex items-center gap-2 text-muted">
          <Spinner /> {t('loading')}
        </p>
      )}
      {list.isError && <FormAlert>{errorText(list.error, t('somethingWentWrong'))}</FormAlert>}
      {list.data && rows.length === 0 && <p className="text-muted">{t('pilgrims.empty')}</p>}

      {rows.length > 0 && (
        <div
          role="region"
          aria-label={t('pilgrims.table', { name: establishmentName })}
          tabIndex={0}
          className="relative -mx-1 overflow-x-auto px-1"
        >
          <table className="w-full min-w-[48rem] border-collapse text-start text-sm">
            <thead>
              <tr className="border-b border-line text-muted">
                <th scope="col" className="py-2 pe-3 font-semibold">
                  {t('pilgrims.columns.name')}
                </th>
                <th scope="col" className="py-2 pe-3 font-semibold">
                  {t('pilgrims.columns.email')}
                </th>
                <th scope="col" className="py-2 pe-3 font-semibold">
                  {t('pilgrims.columns.nationality')}
                </th>
                <th scope="col" className="py-2 pe-3 font-semibold">
                  {t('pilgrims.columns.document')}
                </th>
                <th scope="col" className="py-2 pe-3 font-semibold">
                  {t('pilgrims.columns.entry')}
                </th>
                <th scope="col" className="py-2 pe-3 font-semibold">
                  {t('pilgrims.columns.checkOut')}
                </th>
                <th scope="col" className={cn('py-2 ps-3 font-semibold', STICKY_END_CELL)}>
                  {t('pilgrims.columns.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((pilgrim) => {
                const name = fullName(pilgrim);
                return (
                  <tr key={pilgrim.id} className="border-b border-line align-top last:border-0">
                    <th scope="row" className="py-2 pe-3 font-semibold text-fg">
                      {name}
                    </th>
                    <td className="py-2 pe-3">
                      <EmailText email={pilgrim.contactInfo.email} />
                    </td>
                    <td className="py-2 pe-3">{countryName(pilgrim.nationality, lng)}</td>
                    <td className="py-2 pe-3 font-mono">{pilgrim.passportNumber}</td>
                    <td className="whitespace-nowrap py-2 pe-3">
                      {formatDate(pilgrim.entryDate, lng)}
                    </td>
                    <td className="whitespace-nowrap py-2 pe-3">
                      {pilgrim.checkOutDate ? formatDate(pilgrim.checkOutDate, lng) : '—'}
                    </td>
                    <td className={cn('py-1 ps-3', STICKY_END_CELL)}>
                      <div className="flex items-center gap-3 whitespace-nowrap">
                        <TextLink to={links.adminTravelerView(pilgrim.id)}>
                          {t('actions.view')}
                          <span className="sr-only"> {name}</span>
                        </TextLink>
                        <TextLink to={links.clientEdit(pilgrim.id)}>
                          {t('actions.edit')}
                          <span className="sr-only"> {name}</span>
                        </TextLink>
                        <Button
                          variant="danger"
                          size="sm"
                          onClick={() => {
                            removal.reset();
                            setTarget(pilgrim);
                          }}
                        >
                          {t('actions.delete')}
                          <span className="sr-only"> {name}</span>
                        </Button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      <Pagination
        page={page}
        totalPages={totalPages}
        onPage={setPage}
        label={t('pilgrims.pagination', { name: establishmentName })}
      />

      <ConfirmDialog
        open={target !== null}
        title={t('pilgrims.deleteTitle')}
        description={target ? t('pilgrims.deleteText', { name: fullName(target) }) : undefined}
        cancelLabel={t('discard.cancel')}
        confirmLabel={t('actions.delete')}
        pending={removal.isPending}
        error={removal.isError ? errorText(removal.error, t('somethingWentWrong')) : null}
        onCancel={() => setTarget(null)}
        onConfirm={() => void confirmDelete()}
      />
    </section>
  );
}
