import { useEffect, useState } from 'react';
import { NO_REPORT_DEFAULTS, reportDefaultsOf } from '@hospes/shared/report-defaults';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { establishmentTimeZone } from '@hospes/shared/provinces';
import { ButtonLink } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { links, paths } from '@/config/paths';
import { useTraveler } from '@/features/traveler/api/get-traveler';
import { EditTravelerForm } from '@/features/desk/components/edit-traveler-form';
import { useUserEstablishments } from '@/features/establishment/api/get-user-establishments';
import { fullName } from '@/features/traveler/format';
import { useCan } from '@/lib/auth';
import { errorText } from '@/lib/error-text';
import { PageHeader } from './page-header';
import { PageTitle } from './page-title';

/** /clients/edit/{id}: the traveler form filled with the record; saving goes to the view page. */
export function TravelerEditRoute() {
  const { t } = useTranslation(['clients', 'common']);
  const can = useCan();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  // What the SES file's check found, when the "Fix" link of Generate XML led here: taken once,
  // and cleared from the history entry, so that Back or a reload does not list it again.
  const location = useLocation() as { pathname: string; state: { sesProblems?: unknown } | null };
  const [problems] = useState(() =>
    Array.isArray(location.state?.sesProblems)
      ? (location.state.sesProblems as { field: string; message: string }[])
      : undefined,
  );
  useEffect(() => {
    if (location.state?.sesProblems)
      void navigate(location.pathname, { replace: true, state: null });
  }, [location, navigate]);
  const query = useTraveler(id);
  // Whether the traveler's establishment keeps photos of documents (decision 023).
  const establishments = useUserEstablishments();

  if (query.isPending) return <FullScreenSpinner />;
  // Only a first load that failed hides the form: a later refetch that fails (say, while the
  // session is being renewed over unsaved input) must not unmount it.
  if (query.isLoadingError) {
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-8 nav:px-6">
        <PageTitle page={t('edit.title')} />
        <h1 className="mb-4 text-3xl font-bold text-fg">{t('edit.title')}</h1>
        <FormAlert>
          <p>{errorText(query.error, t('messages.loadFailed'))}</p>
          <p>
            <TextLink to={paths.clients}>{t('view.back')}</TextLink>
          </p>
        </FormAlert>
      </div>
    );
  }

  const pilgrim = query.data;
  const establishment = establishments.data?.find((e) => e.id === pilgrim.establishmentId);
  // Opened by its address by a member whose role may not edit (decision 062): no form the server
  // would refuse to save, but the way back to the record.
  if (!can('travelers.edit', pilgrim.establishmentId)) {
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-8 nav:px-6">
        <PageTitle page={t('edit.title')} />
        <h1 className="mb-4 text-3xl font-bold text-fg">{t('edit.title')}</h1>
        <FormAlert>
          <p>{t('common:api.forbidden')}</p>
          <p>
            <TextLink to={links.clientView(pilgrim.id)}>{t('edit.back')}</TextLink>
          </p>
        </FormAlert>
      </div>
    );
  }
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 nav:px-6">
      <PageTitle page={t('edit.title')} />
      <p className="mb-3">
        <TextLink to={links.clientView(pilgrim.id)}>{t('edit.back')}</TextLink>
      </p>
      <PageHeader
        title={t('edit.heading', { name: fullName(pilgrim) })}
        intro={t('edit.intro', { establishment: pilgrim.establishment.name })}
      />
      <div className="rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-8">
        <EditTravelerForm
          key={pilgrim.updatedAt}
          traveler={pilgrim}
          problems={problems}
          keepDocumentImages={establishment?.keepDocumentImages !== false}
          emergencyContactOptional={establishment?.emergencyContactOptional === true}
          reportDefaultsFor={() =>
            establishment ? reportDefaultsOf(establishment) : NO_REPORT_DEFAULTS
          }
          // Its date rules by the establishment's clock, when it is one of the user's.
          timeZone={establishment ? establishmentTimeZone(establishment) : undefined}
          onSaved={(saved) => void navigate(links.clientView(saved.id))}
          actions={
            <ButtonLink to={links.clientView(pilgrim.id)} variant="secondary">
              {t('edit.cancel')}
            </ButtonLink>
          }
        />
      </div>
    </div>
  );
}

export default TravelerEditRoute;
