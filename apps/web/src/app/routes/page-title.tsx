import { useTranslation } from 'react-i18next';

/** The document title, "<page> · Hospes" (React 19 hoists <title> into <head>). */
export function PageTitle({ page }: { page: string }) {
  const { t } = useTranslation();
  return <title>{t('pageTitle', { page })}</title>;
}
