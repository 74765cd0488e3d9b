import { useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Disclosure } from '@/components/ui/disclosure';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import {
  useDeclaration,
  useDownloadDeclarationPdf,
  useSignDeclaration,
  type Declaration,
} from '@/features/establishment/api/declaration';
import { SignaturePad } from '@/features/traveler/components/signature-pad';
import { isApiError } from '@/lib/api-client';
import { useAuth, useCan } from '@/lib/auth';
import { errorText } from '@/lib/error-text';
import { formatDate } from '@/lib/format-date-time';

/** The state beside the title: not signed, valid until, ends on, expired. */
function summaryOf(t: TFunction<'establishments'>, d: Declaration, lng: string) {
  const date = formatDate(d.validUntil, lng);
  if (d.state === 'never') return t('declaration.never');
  if (d.state === 'valid') return t('declaration.validUntil', { date });
  if (d.state === 'expiring') return t('declaration.expiresSoon', { date });
  return t('declaration.expired', { date });
}

/**
 * An establishment's declaración responsable (decision 063), as a closed section of its card: its
 * state (warned 30 days before it ends), the signed versions with their PDFs, and the statement in
 * the interface language signed on the traveler's signature pad, once a year. Shown to members
 * who may manage the establishment.
 */
export function DeclarationPanel({
  establishment,
}: {
  establishment: { id: string; name: string };
}) {
  const { t, i18n } = useTranslation('establishments');
  const can = useCan();
  const { user } = useAuth();
  const allowed = can('establishment.manage', establishment.id);
  const [open, setOpen] = useState(false);
  const query = useDeclaration(establishment.id, allowed);
  const sign = useSignDeclaration(establishment.id);
  const download = useDownloadDeclarationPdf(establishment.id);
  const [signing, setSigning] = useState(false);
  const [signature, setSignature] = useState('');
  const [signatureError, setSignatureError] = useState<string>();

  if (!allowed) return null;
  const declaration = query.data;
  const date = (iso: string | null) => formatDate(iso, i18n.language);

  const close = () => {
    setSigning(false);
    setSignature('');
    setSignatureError(undefined);
    sign.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSignatureError(undefined);
    if (!signature) {
      setSignatureError(t('declaration.signatureRequired'));
      return;
    }
    sign.mutate(
      { signatureImage: signature },
      {
        onSuccess: (data) => {
          close();
          toast.success(t('declaration.signed', { date: date(data.validUntil) }));
        },
        onError: (error) => {
          const detail = isApiError(error)
            ? error.details.find((d) => d.field === 'signatureImage')
            : undefined;
          if (detail) setSignatureError(detail.message || t('declaration.failed'));
        },
      },
    );
  };

  return (
    <Disclosure
      title={t('declaration.title')}
      summary={declaration ? summaryOf(t, declaration, i18n.language) : null}
      open={open}
      onToggle={setOpen}
      headingLevel={4}
      className="mt-4"
    >
      {query.isError ? (
        <FormAlert>{errorText(query.error, t('declaration.loadFailed'))}</FormAlert>
      ) : !declaration ? (
        <p role="status" className="flex items-center gap-2 text-muted">
          <Spinner className="size-5 text-primary" />
          {t('loading')}
        </p>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-fg">{t('declaration.intro')}</p>
          {declaration.state === 'never' && (
            <FormAlert tone="info">{t('declaration.neverText')}</FormAlert>
          )}
          {declaration.state === 'expiring' && (
            <FormAlert tone="info">
              {t('declaration.expiringText', { date: date(declaration.validUntil) })}
            </FormAlert>
          )}
          {declaration.state === 'expired' && (
            <FormAlert>
              {t('declaration.expiredText', { date: date(declaration.validUntil) })}
            </FormAlert>
          )}

          {declaration.versions.length > 0 && (
            <section aria-labelledby={`declaration-versions-${establishment.id}`}>
              <h5
                id={`declaration-versions-${establishment.id}`}
                className="mb-2 text-sm font-semibold text-fg"
              >
                {t('declaration.versions')}
              </h5>
              <ul className="space-y-2">
                {declaration.versions.map((v) => (
                  <li
                    key={v.id}
                    className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-line px-3 py-2 text-sm"
                  >
                    <span className="min-w-0 break-words text-fg">
                      {t('declaration.version', {
                        signedOn: date(v.signedOn),
                        validUntil: date(v.validUntil),
                        name: v.signerName,
                      })}
                    </span>
                    <Button
                      size="sm"
                      variant="secondary"
                      pending={download.isPending && download.variables === v.id}
                      onClick={() => download.mutate(v.id)}
                    >
                      {t('declaration.download')}
                      <span className="sr-only"> ({date(v.signedOn)})</span>
                    </Button>
                  </li>
                ))}
              </ul>
              {download.isError && (
                <FormAlert className="mt-2">
                  {errorText(download.error, t('declaration.downloadFailed'))}
                </FormAlert>
              )}
            </section>
          )}

          {!signing ? (
            <Button size="sm" onClick={() => setSigning(true)}>
              {t(declaration.versions.length ? 'declaration.renew' : 'declaration.sign')}
              <span className="sr-only"> ({establishment.name})</span>
            </Button>
          ) : (
            <form
              noValidate
              onSubmit={submit}
              aria-label={t('declaration.formLabel', { name: establishment.name })}
              className="space-y-4 rounded-lg border border-primary p-3 sm:p-4"
            >
              <article lang={declaration.statement.language} className="space-y-2 text-sm text-fg">
                <h5 className="font-semibold">{declaration.statement.title}</h5>
                {declaration.statement.paragraphs.map((paragraph, i) => (
                  <p key={i} className="break-words">
                    {paragraph}
                  </p>
                ))}
              </article>
              {declaration.statement.language !== 'es' && (
                <p className="text-sm text-muted">{t('declaration.spanishNote')}</p>
              )}
              <SignaturePad
                value={signature}
                onChange={(value) => {
                  setSignature(value);
                  setSignatureError(undefined);
                }}
                label={t('declaration.signatureLabel')}
                hint={t('declaration.signatureHint', { name: user?.name ?? '' })}
                error={signatureError}
                required
              />
              {sign.isError && !signatureError && (
                <FormAlert>{errorText(sign.error, t('declaration.failed'))}</FormAlert>
              )}
              <div className="flex flex-wrap gap-2">
                <Button type="submit" size="sm" pending={sign.isPending}>
                  {t('declaration.submit')}
                </Button>
                <Button size="sm" variant="secondary" onClick={close}>
                  {t('cancel')}
                </Button>
              </div>
            </form>
          )}
        </div>
      )}
    </Disclosure>
  );
}
