import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { PageTitle } from './page-title';

/** Any unknown path (spec §2): 'Página no encontrada' with 'Volver al inicio' to /. */
export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 flex-col items-start justify-center gap-4 px-4 py-16">
      <PageTitle page={t('notFound.title')} />
      <p aria-hidden="true" className="text-6xl font-bold text-primary">
        404
      </p>
      <h1 className="text-2xl font-bold text-fg">{t('notFound.title')}</h1>
      <p className="text-fg">{t('notFound.text')}</p>
      <ButtonLink to={paths.home}>{t('notFound.home')}</ButtonLink>
    </div>
  );
}
