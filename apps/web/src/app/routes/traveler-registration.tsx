import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { ShareLinkDialog } from '@/features/checkin/components/share-link-dialog';
import { useUserEstablishments } from '@/features/establishments/api/get-user-establishments';
import {
  EstablishmentChooser,
  NoEstablishmentWarning,
} from '@/features/establishments/components/establishment-chooser';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/error-text';
import { PageHeader } from './page-header';
import { PageTitle } from './page-title';
import { RegistrationModes } from './registration-modes';
import { establishmentTimeZone } from '@hospes/shared/provinces';

/**
 * /traveler-registration (?establishmentId=): choose the establishment first (pre-selected when
 * there is only one or the address names one), then register the traveler.
 */
export function TravelerRegistrationRoute() {
  const { t } = useTranslation('clients');
  const { t: tc } = useTranslation('checkin');
  const [sharing, setSharing] = useState(false);
  const [params, setParams] = useSearchParams();
  const establishments = useUserEstablishments();
  const list = establishments.data ?? [];
  const requested = params.get('establishmentId');
  const chosen =
    list.find((e) => e.id === requested)?.id ?? (list.length === 1 ? list[0]?.id : '') ?? '';

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 nav:px-6">
      <PageTitle page={t('registration.title')} />
      <PageHeader title={t('registration.title')} intro={t('registration.intro')} />
      {establishments.isPending ? (
        <div role="status" className="flex items-center gap-3 text-muted">
          <Spinner className="size-6 text-primary" />
          {t('list.loading')}
        </div>
      ) : establishments.isLoadingError ? (
        <FormAlert>{errorText(establishments.error, t('messages.establishmentsFailed'))}</FormAlert>
      ) : list.length === 0 ? (
        <NoEstablishmentWarning />
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
                <Button variant="secondary" onClick={() => setSharing(true)}>
                  {tc('share.button')}
                </Button>
              </div>
              <ShareLinkDialog
                establishmentId={chosen}
                establishmentName={list.find((e) => e.id === chosen)?.name ?? ''}
                open={sharing}
                onClose={() => setSharing(false)}
              />
              <div className="rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-8">
                <RegistrationModes
                  key={chosen}
                  establishmentId={chosen}
                  keepsDocumentImages={(id) =>
                    list.find((e) => e.id === id)?.keepDocumentImages !== false
                  }
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
