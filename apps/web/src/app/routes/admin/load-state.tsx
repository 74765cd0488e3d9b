import { useEffect, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form-alert';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { TextLink } from '@/components/ui/text-link';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { PageHeader } from '../page-header';
import { PageTitle } from '../page-title';

/**
 * What a detail page shows before its record is there: a spinner while loading; for a 404 the
 * not-found text with a way back; for another failure a "something went wrong" toast and an
 * error box with the message (spec §2, §8).
 */
export function LoadState({
  isPending,
  error,
  title,
  notFound,
  backTo = paths.admin,
}: {
  isPending: boolean;
  error: unknown;
  title: string;
  notFound: string;
  backTo?: string;
}): ReactNode {
  const { t } = useTranslation('admin');
  const missing = isApiError(error) && error.status === 404;
  const failed = !!error && !missing;
  useEffect(() => {
    if (failed) toast.error(t('somethingWentWrong'), { id: 'admin-load' });
  }, [failed, t]);

  if (isPending) return <FullScreenSpinner />;
  return (
    <>
      <PageTitle page={missing ? notFound : title} />
      <PageHeader title={missing ? notFound : title} />
      <FormAlert title={missing ? t('notFound') : t('somethingWentWrong')}>
        {failed && <p>{errorText(error, t('somethingWentWrong'))}</p>}
      </FormAlert>
      <p className="mt-6">
        <TextLink to={backTo}>{t('actions.backToAdmin')}</TextLink>
      </p>
    </>
  );
}
