import { useTranslation } from 'react-i18next';
import { ProfileView } from '@/features/profile/components/profile-view';
import { useAuth } from '@/lib/auth';
import { PageHeader } from './page-header';
import { PageTitle } from './page-title';

export function ProfileRoute() {
  const { t } = useTranslation('profile');
  const { user } = useAuth();
  // The route sits behind RequireAuth, so the user is there; the check keeps TypeScript honest.
  if (!user) return null;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 nav:px-6">
      <PageTitle page={t('title')} />
      <PageHeader title={t('title')} intro={t('intro')} />
      <ProfileView user={user} />
    </div>
  );
}

export default ProfileRoute;
