import { useTranslation } from 'react-i18next';
import { SesToReport } from '@/features/documents/components/ses-to-report';
import { PageHeader } from './page-header';
import { PageTitle } from './page-title';

/**
 * /to-report: the travelers still to report to their establishment's authority (decisions 044,
 * 057, 061).
 */
export function ToReportRoute() {
  const { t } = useTranslation('documents');
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 nav:px-6">
      <PageTitle page={t('toReport.title')} />
      <PageHeader title={t('toReport.title')} intro={t('toReport.intro')} />
      <SesToReport />
    </div>
  );
}

export default ToReportRoute;
