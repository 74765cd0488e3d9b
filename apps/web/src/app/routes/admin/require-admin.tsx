import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { isAdmin, useAuth } from '@/lib/auth';

/**
 * The /admin area, inside RequireAuth: a signed-in user who is not an administrator sees "You do
 * not have permission to perform this action" and goes to / (spec §2, §6). The create route is
 * under this guard like the rest.
 */
export function RequireAdmin() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const allowed = isAdmin(user);
  useEffect(() => {
    if (!allowed) toast.error(t('api.forbidden'), { id: 'admin-forbidden' });
  }, [allowed, t]);
  if (!allowed) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}
