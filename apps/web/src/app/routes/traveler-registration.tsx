import { useQuery } from '@tanstack/react-query';
import { NO_REPORT_DEFAULTS, reportDefaultsOf } from '@hospes/shared/report-defaults';
import { lazy, Suspense, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { Traveler } from '@hospes/shared/travelers';
import { ConfirmDialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { links } from '@/config/paths';
import { useTraveler } from '@/features/traveler/api/get-traveler';
import { DeskTravelerForm } from '@/features/desk/components/desk-traveler-form';
import { RegistrationSuccess } from '@/features/desk/components/traveler-registration';
import { establishmentQuery } from '@/features/establishment/api/get-establishment';
import { establishmentsQuery } from '@/features/establishment/api/get-establishments';
import { discardQueued, removeQueued, useSendQueue } from '@/features/desk/send-queue';
import {
  useUserEstablishments,
  type UserEstablishment,
} from '@/features/establishment/api/get-user-establishments';
import {
  EstablishmentChooser,
  NoEstablishmentWarning,
} from '@/features/desk/components/establishment-chooser';
import { Button } from '@/components/ui/button';
import { isAdmin, useAuth } from '@/lib/auth';
import { errorText } from '@/lib/error-text';
import { TodayArrivals } from '@/features/reservations/components/today-arrivals';
import { PageHeader } from './page-header';
import { PageTitle } from './page-title';
import { RegistrationModes } from './registration-modes';
import { establishmentTimeZone } from '@hospes/shared/provinces';

// The share dialog (the link, its QR code, the poster) when it is first opened (decision 075).
const ShareLinkDialog = lazy(() =>
  import('@/features/checkin/components/share-link-dialog').then((module) => ({
    default: module.ShareLinkDialog,
  })),
);

/**
 * A registration the send queue could not save (a refusal: a 4xx), opened from the header: its
 * form as it was sent, with the refusal on its fields, saved again here and now (not in the
 * background), with the same registration attempt; or discarded after a question.
 */
function QueuedRegistrationFix({
  queuedId,
  establishments,
}: {
  queuedId: string;
  establishments: readonly UserEstablishment[];
}) {
  const { t } = useTranslation('clients');
  const navigate = useNavigate();
  const entry = useSendQueue().find((queued) => queued.id === queuedId);
  const [saved, setSaved] = useState<Traveler | null>(null);
  const [discarding, setDiscarding] = useState(false);
  const establishment = establishments.find((e) => e.id === (saved ?? entry)?.establishmentId);
  const backToDesk = () => void navigate(links.travelerRegistration(establishment?.id));

  if (saved) {
    return (
      <div className="rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-8">
        <RegistrationSuccess pilgrim={saved} onAnother={backToDesk} />
      </div>
    );
  }
  if (!entry || entry.status !== 'attention') {
    // Saved or discarded meanwhile, or gone with a reload (the queue lives in memory only).
    return (
      <FormAlert tone="info">
        <p>{t('registration.queuedGone')}</p>
        <TextLink to={links.travelerRegistration()}>{t('registration.another')}</TextLink>
      </FormAlert>
    );
  }
  return (
    <section
      aria-labelledby="queued-fix-title"
      className="space-y-4 rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-8"
    >
      <h2 id="queued-fix-title" className="text-xl font-bold text-fg">
        {t('registration.queuedTitle', { name: entry.name })}
      </h2>
      <p className="text-sm text-muted">{t('registration.queuedIntro')}</p>
      <DeskTravelerForm
        establishmentId={entry.establishmentId}
        keepDocumentImages={establishment?.keepDocumentImages !== false}
        timeZone={establishment ? establishmentTimeZone(establishment) : undefined}
        reportDefaultsFor={() =>
          establishment ? reportDefaultsOf(establishment) : NO_REPORT_DEFAULTS
        }
        emergencyContactOptional={establishment?.emergencyContactOptional === true}
        prefill={{ values: entry.values, marks: {} }}
        resume={{ attempt: entry.attempt, error: entry.error }}
        actions={
          <Button variant="danger" onClick={() => setDiscarding(true)}>
            {t('registration.discard')}
          </Button>
        }
        onSaved={(pilgrim) => {
          setSaved(pilgrim);
          removeQueued(entry.id);
          window.scrollTo?.({ top: 0 });
        }}
      />
      <ConfirmDialog
        open={discarding}
        title={t('registration.discardTitle', { name: entry.name })}
        description={<p>{t('registration.discardText')}</p>}
        cancelLabel={t('registration.keep')}
        confirmLabel={t('registration.discard')}
        onCancel={() => setDiscarding(false)}
        onConfirm={() => {
          // The form goes first, and its leave guard with it: the question was just answered.
          flushSync(() => {
            setDiscarding(false);
            discardQueued(entry.id);
          });
          backToDesk();
        }}
      />
    </section>
  );
}

/** How many establishments an administrator's desk offers to choose from (the list's page limit). */
export const ADMIN_DESK_ESTABLISHMENTS = 100;

/**
 * The establishments the desk may register at: the user's own; for an administrator also any
 * other (decision 052): the one the address names ("New pilgrim" on any establishment of the admin
 * pages), and the platform's establishments to choose from (the admin list's first
 * ADMIN_DESK_ESTABLISHMENTS; the admin pages' "New pilgrim" reaches any other), so that an administrator without establishments of their own can use the desk at all.
 */
function useDeskEstablishments(requested: string | null) {
  const own = useUserEstablishments();
  const admin = isAdmin(useAuth().user);
  const all = useQuery({
    ...establishmentsQuery({ page: 1, limit: ADMIN_DESK_ESTABLISHMENTS }),
    enabled: admin,
  });
  const known = [...(own.data ?? []), ...(all.data?.data ?? [])];
  const missing =
    admin && !!requested && !!own.data && !all.isPending && !known.some((e) => e.id === requested);
  const named = useQuery({ ...establishmentQuery(requested ?? ''), enabled: missing });
  const list: UserEstablishment[] = [...(own.data ?? [])];
  for (const establishment of all.data?.data ?? []) {
    if (!list.some((e) => e.id === establishment.id)) list.push({ ...establishment, role: null });
  }
  return {
    ...own,
    isPending: own.isPending || (admin && all.isPending) || (missing && named.isPending),
    list: missing && named.data ? [{ ...named.data, role: null }, ...list] : list,
  };
}

/**
 * /traveler-registration (?establishmentId=): choose the establishment first (pre-selected when
 * there is only one or the address names one), then register the traveler; with ?companionOf=
 * (a record's "Register a companion"), as a companion of that traveler, sharing their stay. With
 * ?queued= it shows a registration of the send queue that needs attention instead.
 */
export function TravelerRegistrationRoute() {
  const { t } = useTranslation('clients');
  const { t: tc } = useTranslation('checkin');
  const [sharing, setSharing] = useState(false);
  // Mounted once opened, and kept: its closing goes as before.
  const [shareOpened, setShareOpened] = useState(false);
  const [params, setParams] = useSearchParams();
  const requested = params.get('establishmentId');
  const establishments = useDeskEstablishments(requested);
  const { list } = establishments;
  const companionId = params.get('companionOf') ?? '';
  const companionOf = useTraveler(companionId, { enabled: !!companionId });
  const queued = params.get('queued');
  const chosen =
    list.find((e) => e.id === requested)?.id ?? (list.length === 1 ? list[0]?.id : '') ?? '';

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 nav:px-6">
      <PageTitle page={t('registration.title')} />
      <PageHeader title={t('registration.title')} intro={t('registration.intro')} />
      {establishments.isPending || (companionId && companionOf.isPending) ? (
        <div role="status" className="flex items-center gap-3 text-muted">
          <Spinner className="size-6 text-primary" />
          {t('list.loading')}
        </div>
      ) : establishments.isLoadingError ? (
        <FormAlert>{errorText(establishments.error, t('messages.establishmentsFailed'))}</FormAlert>
      ) : list.length === 0 ? (
        <NoEstablishmentWarning />
      ) : queued ? (
        <QueuedRegistrationFix key={queued} queuedId={queued} establishments={list} />
      ) : (
        <div className="space-y-6">
          <EstablishmentChooser
            establishments={list}
            value={chosen}
            onChange={(id) => {
              const next = new URLSearchParams(params);
              if (id) next.set('establishmentId', id);
              else next.delete('establishmentId');
              setParams(next, { replace: true });
            }}
          />
          {chosen && (
            <>
              <div className="flex justify-end">
                <Button
                  variant="secondary"
                  onClick={() => {
                    setShareOpened(true);
                    setSharing(true);
                  }}
                >
                  {tc('share.button')}
                </Button>
              </div>
              <TodayArrivals establishmentId={chosen} />
              {shareOpened && (
                <Suspense fallback={null}>
                  <ShareLinkDialog
                    establishmentId={chosen}
                    establishmentName={list.find((e) => e.id === chosen)?.name ?? ''}
                    open={sharing}
                    onClose={() => setSharing(false)}
                  />
                </Suspense>
              )}
              <div className="rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-8">
                <RegistrationModes
                  key={chosen}
                  establishmentId={chosen}
                  // Only at the traveler's own establishment: a stay is never shared across two.
                  companionOf={
                    companionOf.data?.establishmentId === chosen ? companionOf.data : undefined
                  }
                  keepsDocumentImages={(id) =>
                    list.find((e) => e.id === id)?.keepDocumentImages !== false
                  }
                  emergencyContactOptional={(id) =>
                    list.find((e) => e.id === id)?.emergencyContactOptional === true
                  }
                  reportDefaultsFor={(id) => {
                    const establishment = list.find((e) => e.id === id);
                    return establishment ? reportDefaultsOf(establishment) : NO_REPORT_DEFAULTS;
                  }}
                  timeZone={establishmentTimeZone(list.find((e) => e.id === chosen) ?? {})}
                  timeZoneOf={(id) => {
                    const establishment = list.find((e) => e.id === id);
                    return establishment ? establishmentTimeZone(establishment) : undefined;
                  }}
                />
              </div>
            </>
          )}
        </div>
      )}
    </div>
  );
}

export default TravelerRegistrationRoute;
