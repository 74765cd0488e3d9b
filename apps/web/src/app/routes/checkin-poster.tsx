import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { CheckinPoster } from '@/features/checkin/components/checkin-poster';
import { establishmentQuery } from '@/features/establishment/api/get-establishment';
import { errorText } from '@/lib/error-text';
import { PageHeader } from './page-header';
import { PageTitle } from './page-title';

/** /checkin-poster?establishmentId=: the self check-in poster, on screen and to print. */
export function CheckinPosterRoute() {
  const { t } = useTranslation('checkin');
  const [params] = useSearchParams();
  const establishmentId = params.get('establishmentId') ?? '';
  const establishment = useQuery({
    ...establishmentQuery(establishmentId),
    enabled: establishmentId !== '',
  });
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 nav:px-6 print:max-w-none print:p-0">
      <PageTitle page={t('poster.title')} />
      <div className="print:hidden">
        <PageHeader title={t('poster.title')} intro={t('poster.intro')} />
      </div>
      {!establishmentId ? (
        <FormAlert>{t('poster.noEstablishment')}</FormAlert>
      ) : establishment.isPending ? (
        <div role="status" className="flex items-center gap-2 text-muted">
          <Spinner className="size-5 text-primary" />
          {t('share.loading')}
        </div>
      ) : establishment.isError ? (
        <FormAlert>{errorText(establishment.error, t('share.failed'))}</FormAlert>
      ) : (
        <CheckinPoster
          establishmentId={establishment.data.id}
          establishmentName={establishment.data.name}
        />
      )}
    </div>
  );
}

export default CheckinPosterRoute;
