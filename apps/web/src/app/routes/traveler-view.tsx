import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { establishmentTimeZone } from '@hospes/shared/provinces';
import { Button, ButtonLink } from '@/components/ui/button';
import { TravelerHistory } from '@/features/traveler/components/traveler-history';
import { FormAlert } from '@/components/ui/form-alert';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { links, paths } from '@/config/paths';
import { SelfRegistrationReview } from '@/features/checkin/components/self-registration-review';
import { useTraveler } from '@/features/traveler/api/get-traveler';
import { DeleteTravelerDialog } from '@/features/traveler/components/delete-traveler-dialog';
import { StayBadge } from '@/features/traveler/components/stay-badge';
import { TravelerDetails } from '@/features/traveler/components/traveler-details';
import { documentLabel, fullName } from '@/features/traveler/format';
import { PdfActions } from '@/features/documents/components/pdf-actions';
import { SesCommunications } from '@/features/documents/components/ses-communications';
import { ReportedToLine } from '@/features/traveler/components/reported-to';
import { useUserEstablishments } from '@/features/establishment/api/get-user-establishments';
import { useCan } from '@/lib/auth';
import { errorText } from '@/lib/error-text';
import { PageTitle } from './page-title';

/**
 * /clients/view/{id}: the traveler's record, read-only, with Edit and Delete; a self-registered
 * one shows its status and code, and can be confirmed here (a traveler who lost the code).
 */
export function TravelerViewRoute() {
  const { t } = useTranslation('clients');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = useTraveler(id);
  // The clock of the traveler's establishment, when it is one of the user's: its today is the day
  // of arrival a confirmation proposes.
  const establishments = useUserEstablishments();
  const [deleting, setDeleting] = useState(false);
  const can = useCan();

  if (query.isPending) return <FullScreenSpinner />;
  if (query.isError) {
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-8 nav:px-6">
        <PageTitle page={t('view.title')} />
        <h1 className="mb-4 text-3xl font-bold text-fg">{t('view.title')}</h1>
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
  const name = fullName(pilgrim);
  const establishment = establishments.data?.find((e) => e.id === pilgrim.establishmentId);
  // What the member's role there may not do is not offered (the server refuses it all the same,
  // decisions 058, 062).
  const may = (permission: Parameters<typeof can>[0]) => can(permission, pilgrim.establishmentId);
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 nav:px-6">
      <PageTitle page={name} />
      <p className="mb-3">
        <TextLink to={paths.clients}>{t('view.back')}</TextLink>
      </p>
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight break-words text-fg">{name}</h1>
          <p className="mt-1 text-muted">{documentLabel(pilgrim, t)}</p>
          <StayBadge status={pilgrim.stayStatus} className="mt-2" />
          <ReportedToLine reportedTo={pilgrim.reportedTo} record className="mt-2" />
        </div>
        <div className="flex flex-wrap gap-2">
          <PdfActions traveler={pilgrim} />
          {/* A traveler sent in the background had no summary to offer it from (decision 032). */}
          {may('travelers.register') && (
            <ButtonLink
              variant="secondary"
              to={links.companionRegistration(pilgrim.establishmentId, pilgrim.id)}
            >
              {t('registration.companion')}
            </ButtonLink>
          )}
          {may('travelers.edit') && (
            <ButtonLink to={links.clientEdit(pilgrim.id)}>{t('view.edit')}</ButtonLink>
          )}
          {may('travelers.delete') && (
            <Button variant="danger" onClick={() => setDeleting(true)}>
              {t('view.delete')}
            </Button>
          )}
        </div>
      </div>
      <SelfRegistrationReview
        key={pilgrim.id}
        pilgrim={pilgrim}
        name={name}
        timeZone={establishment ? establishmentTimeZone(establishment) : undefined}
        className="mb-6"
      />
      <div className="rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-8">
        <TravelerDetails pilgrim={pilgrim} />
      </div>
      <SesCommunications
        pilgrimId={pilgrim.id}
        establishmentId={pilgrim.establishmentId}
        className="mt-6"
      />
      {may('audit.view') && <TravelerHistory pilgrimId={pilgrim.id} className="mt-6" />}
      <DeleteTravelerDialog
        traveler={deleting ? pilgrim : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate(paths.clients, { replace: true })}
      />
    </div>
  );
}

export default TravelerViewRoute;
