import { useTranslation } from 'react-i18next';
import type { User } from '@hospes/shared/auth';
import { Card } from '@/components/ui/card';
import { Tabs } from '@/components/ui/tabs';
import { ChangePasswordForm } from './change-password-form';
import { PersonalInfo } from './personal-info';
import { SessionPanel } from './session-panel';

/** The profile: tabs (personal info, security; establishments come later) and the session panel. */
export function ProfileView({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  return (
    <div className="space-y-6">
      <Card>
        <Tabs
          label={t('tabs.label')}
          items={[
            { key: 'personal', label: t('tabs.personal'), content: <PersonalInfo user={user} /> },
            { key: 'security', label: t('tabs.security'), content: <ChangePasswordForm /> },
          ]}
        />
      </Card>
      <SessionPanel />
    </div>
  );
}
