import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@hospes/shared/auth';
import { Card } from '@/components/ui/card';
import { Tabs } from '@/components/ui/tabs';
import { ChangePasswordForm } from './change-password-form';
import { PersonalInfo } from './personal-info';
import { SessionPanel } from './session-panel';

/**
 * The profile: tabs (personal info, establishments when the page provides them, security) and
 * the session panel. `tab` opens one tab first; `onTabChange` hears every change.
 */
export function ProfileView({
  user,
  establishments,
  tab,
  onTabChange,
}: {
  user: User;
  establishments?: ReactNode;
  tab?: string;
  onTabChange?: (tab: string) => void;
}) {
  const { t } = useTranslation('profile');
  return (
    <div className="space-y-6">
      <Card>
        <Tabs
          label={t('tabs.label')}
          initialKey={tab}
          onSelect={onTabChange}
          items={[
            { key: 'personal', label: t('tabs.personal'), content: <PersonalInfo user={user} /> },
            ...(establishments
              ? [
                  {
                    key: 'establishments',
                    label: t('tabs.establishments'),
                    content: establishments,
                  },
                ]
              : []),
            { key: 'security', label: t('tabs.security'), content: <ChangePasswordForm /> },
          ]}
        />
      </Card>
      <SessionPanel />
    </div>
  );
}
