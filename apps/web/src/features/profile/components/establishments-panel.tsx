import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { links } from '@/config/paths';
import { errorText } from '@/lib/error-text';
import { useDeleteEstablishment } from '@/features/establishment/api/delete-establishment';
import {
  useUserEstablishments,
  type UserEstablishment,
} from '@/features/establishment/api/get-user-establishments';
import { EstablishmentForm } from './establishment-form';

function StatusBadge({ status }: { status: UserEstablishment['status'] }) {
  const { t } = useTranslation('establishments');
  const tone =
    status === 'active'
      ? 'border-success bg-success-soft'
      : status === 'pending'
        ? 'border-primary bg-info-soft'
        : 'border-control bg-surface-muted';
  return (
    <span
      className={`inline-flex rounded-full border px-2 py-0.5 text-sm font-medium text-fg ${tone}`}
    >
      {t(`statuses.${status}`)}
    </span>
  );
}

/**
 * The profile's establishments tab: the user's establishments, with create, edit and delete
 * (confirmed, naming the establishment). The server refuses to delete one that still keeps
 * traveler records within the legal retention; its explanation is shown in the dialog.
 * `extra` adds a section to each establishment's card (the app composes other features' parts,
 * such as the SES.HOSPEDAJES web-service user).
 */
export function EstablishmentsPanel({
  extra,
}: { extra?: (establishment: UserEstablishment) => ReactNode } = {}) {
  const { t } = useTranslation('establishments');
  const query = useUserEstablishments();
  const remove = useDeleteEstablishment();
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<UserEstablishment | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // After a form closes, focus goes back to the heading (the form's buttons are gone).
  const [focusRequest, setFocusRequest] = useState(0);
  useLayoutEffect(() => {
    if (focusRequest) headingRef.current?.focus();
  }, [focusRequest]);

  const close = () => {
    setEditing(null);
    setFocusRequest((n) => n + 1);
  };

  if (query.isPending) {
    return (
      <div role="status" className="flex items-center gap-3 text-muted">
        <Spinner className="size-6 text-primary" />
        {t('loading')}
      </div>
    );
  }
  // Only a failed first load replaces the list: a failed refetch keeps an open form mounted.
  if (query.isLoadingError) {
    return (
      <FormAlert>
        <p>{errorText(query.error, t('messages.listFailed'))}</p>
        <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </FormAlert>
    );
  }

  const establishments = query.data;

  return (
    <section aria-labelledby="establishments-heading" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id="establishments-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold text-fg outline-none"
        >
          {t('heading')}
        </h2>
        {editing !== 'new' && <Button onClick={() => setEditing('new')}>{t('add')}</Button>}
      </div>

      {editing === 'new' && (
        <section
          aria-labelledby="establishment-new"
          className="rounded-2xl border border-primary p-4 sm:p-6"
        >
          <h3 id="establishment-new" className="mb-4 text-base font-semibold text-fg">
            {t('newHeading')}
          </h3>
          <EstablishmentForm onDone={close} onCancel={close} />
        </section>
      )}

      {establishments.length === 0 && editing !== 'new' && (
        <FormAlert tone="info" title={t('emptyTitle')}>
          <p>{t('emptyText')}</p>
        </FormAlert>
      )}

      <ul className="space-y-4">
        {establishments.map((e) => (
          <li key={e.id} className="rounded-2xl border border-line p-4 sm:p-5">
            {editing === e.id ? (
              <section aria-labelledby={`est-edit-${e.id}`}>
                <h3 id={`est-edit-${e.id}`} className="mb-4 text-base font-semibold text-fg">
                  {t('editHeading', { name: e.name })}
                </h3>
                <EstablishmentForm establishment={e} onDone={close} onCancel={close} />
              </section>
            ) : (
              <article aria-labelledby={`est-${e.id}`}>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h3 id={`est-${e.id}`} className="text-base font-semibold break-words text-fg">
                    {e.name}
                  </h3>
                  <StatusBadge status={e.status} />
                </div>
                <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
                  <div>
                    <dt className="text-muted">{t('fields.type')}</dt>
                    <dd className="text-fg">{t(`types.${e.type}`)}</dd>
                  </div>
                  <div>
                    <dt className="text-muted">{t('fields.nif')}</dt>
                    <dd className="text-fg">{e.nif}</dd>
                  </div>
                  <div>
                    <dt className="text-muted">{t('travelers')}</dt>
                    <dd className="text-fg">{e.pilgrimsCount}</dd>
                  </div>
                  <div className="sm:col-span-2">
                    <dt className="text-muted">{t('fields.address')}</dt>
                    <dd className="break-words text-fg">
                      {e.address}, {e.postalCode} {e.city} ({e.province})
                    </dd>
                  </div>
                  <div>
                    <dt className="text-muted">{t('fields.phone')}</dt>
                    <dd className="text-fg">{e.phone}</dd>
                  </div>
                </dl>
                <div className="mt-4 flex flex-wrap gap-2">
                  <ButtonLink to={links.travelerRegistration(e.id)} size="sm">
                    {t('registerHere')}
                    <span className="sr-only"> ({e.name})</span>
                  </ButtonLink>
                  <Button variant="secondary" size="sm" onClick={() => setEditing(e.id)}>
                    {t('edit')}
                    <span className="sr-only"> {e.name}</span>
                  </Button>
                  <Button variant="danger" size="sm" onClick={() => setToDelete(e)}>
                    {t('delete')}
                    <span className="sr-only"> {e.name}</span>
                  </Button>
                </div>
                {extra?.(e)}
              </article>
            )}
          </li>
        ))}
      </ul>

      <ConfirmDialog
        open={toDelete !== null}
        title={t('deleteDialog.title', { name: toDelete?.name ?? '' })}
        description={<p>{t('deleteDialog.text', { name: toDelete?.name ?? '' })}</p>}
        confirmLabel={t('deleteDialog.confirm')}
        pending={remove.isPending}
        error={remove.isError ? errorText(remove.error, t('messages.deleteFailed')) : null}
        onCancel={() => {
          remove.reset();
          setToDelete(null);
        }}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete.id, {
            onSuccess: () => {
              toast.success(t('messages.deleted'));
              remove.reset();
              setToDelete(null);
            },
          });
        }}
      />
    </section>
  );
}
