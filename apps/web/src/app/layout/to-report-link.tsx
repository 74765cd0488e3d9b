import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '@/components/ui/cn';
import { paths } from '@/config/paths';
import { useSesToReport } from '@/features/establishment/api/get-ses-to-report';

/**
 * The header's badge of the deadline guard (decision 044): how many travelers of the user's
 * establishments are still to report to SES.HOSPEDAJES, a link to their list; nothing when none.
 */
export function ToReportLink({
  className,
}: {
  className: (state: { isActive: boolean }) => string;
}) {
  const { t } = useTranslation();
  const query = useSesToReport();
  const count = query.data?.length ?? 0;
  if (count === 0) return null;
  const urgent = query.data?.some((item) => item.hoursLeft <= 4) ?? false;
  return (
    <li>
      <NavLink to={paths.toReport} className={(state) => cn(className(state), 'gap-2')}>
        <span>{t('nav.toReport')}</span>
        <span
          className={cn(
            'inline-flex min-w-6 items-center justify-center rounded-full px-1.5 text-sm font-bold',
            urgent ? 'bg-danger-soft text-danger' : 'border border-line text-fg',
          )}
        >
          {count}
        </span>
      </NavLink>
    </li>
  );
}
