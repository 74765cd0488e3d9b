import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { A19CertificatePanel } from '@/features/documents/components/a19-certificate-panel';
import { SesConnectionPanel } from '@/features/documents/components/ses-connection-panel';
import { DeclarationPanel } from '@/features/profile/components/declaration-panel';
import { EstablishmentsPanel } from '@/features/profile/components/establishments-panel';
import { ProfileView } from '@/features/profile/components/profile-view';
import { DevicesPanel } from '@/features/team/components/devices-panel';
import { useAuth } from '@/lib/auth';
import { PageHeader } from './page-header';
import { PageTitle } from './page-title';

/** /profile (?tab=personal|establishments|security): the tab follows the URL. */
export function ProfileRoute() {
  const { t } = useTranslation('profile');
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  // The route sits behind RequireAuth, so the user is there; the check keeps TypeScript honest.
  if (!user) return null;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 nav:px-6">
      <PageTitle page={t('title')} />
      <PageHeader title={t('title')} intro={t('intro')} />
      <ProfileView
        user={user}
        tab={params.get('tab') ?? undefined}
        establishments={
          <EstablishmentsPanel
            extra={(e) => (
              <>
                <SesConnectionPanel establishment={e} />
                <A19CertificatePanel establishment={e} />
                <DeclarationPanel establishment={e} />
              </>
            )}
          />
        }
        onTabChange={(tab) => setParams({ tab }, { replace: true })}
      />
      <div className="mt-6">
        <DevicesPanel />
      </div>
    </div>
  );
}

export default ProfileRoute;
