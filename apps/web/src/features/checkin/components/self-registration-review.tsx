import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatConfirmationCode } from '@hospes/shared/checkin';
import type { Pilgrim } from '@hospes/shared/pilgrims';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Modal } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { errorText } from '@/lib/error-text';
import { useConfirmSelfRegistration } from '../api/review';

/**
 * The check-in link registration of a traveler on the record's page: its status and confirmation
 * code, and, while it awaits review, "Confirm registration" (the same call as the QR flow) once
 * staff have checked the details against the document. Nothing for a record staff entered.
 */
export function SelfRegistrationReview({
  pilgrim,
  name,
  className,
}: {
  pilgrim: Pilgrim;
  /** The traveler's full name, for the question. */
  name: string;
  className?: string;
}) {
  const { t } = useTranslation('checkin');
  const { t: tc } = useTranslation();
  const confirm = useConfirmSelfRegistration();
  const [asking, setAsking] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const resultRef = useRef<HTMLParagraphElement>(null);
  // The button that opened the question is gone once confirmed: focus goes to the result.
  useEffect(() => {
    if (confirmed) resultRef.current?.focus();
  }, [confirmed]);

  const registration = pilgrim.selfRegistration;
  if (!registration) return null;
  const pending = registration.status === 'pending' && !confirmed;
  const close = () => {
    confirm.reset();
    setAsking(false);
  };

  return (
    <section
      aria-labelledby="self-registration-review"
      className={cn(
        'rounded-2xl border p-4 sm:p-6',
        pending ? 'border-danger bg-danger-soft' : 'border-line bg-surface',
        className,
      )}
    >
      <h2 id="self-registration-review" className="text-lg font-semibold text-fg">
        {t('review.title')}
      </h2>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-semibold text-muted">{t('review.status')}</dt>
          <dd className="text-fg" data-testid="self-registration-status">
            {pending ? t('review.badge') : t('review.statusConfirmed')}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-muted">{t('qr.codeLabel')}</dt>
          <dd className="font-mono text-lg font-bold tracking-widest text-fg">
            {formatConfirmationCode(registration.confirmationCode)}
          </dd>
        </div>
      </dl>
      {pending && (
        <>
          <p className="mt-4 text-sm text-fg">{t('review.pendingIntro')}</p>
          <Button className="mt-4" onClick={() => setAsking(true)}>
            {t('review.confirm')}
          </Button>
        </>
      )}
      {confirmed && (
        <p
          ref={resultRef}
          tabIndex={-1}
          role="status"
          className="mt-4 rounded-lg border-s-4 border-success bg-success-soft px-4 py-3 text-sm font-semibold text-fg outline-none"
        >
          {t('qr.confirmed')}
        </p>
      )}
      <Modal
        open={asking}
        onClose={close}
        role="alertdialog"
        busy={confirm.isPending}
        title={t('review.confirmTitle', { name })}
        description={<p>{t('review.confirmText')}</p>}
      >
        {confirm.isError && (
          <FormAlert className="mt-4">
            {errorText(confirm.error, t('review.confirmFailed'))}
          </FormAlert>
        )}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={confirm.isPending}>
            {tc('dialog.cancel')}
          </Button>
          <Button
            pending={confirm.isPending}
            onClick={() =>
              confirm.mutate(pilgrim.id, {
                onSuccess: () => {
                  confirm.reset();
                  setAsking(false);
                  setConfirmed(true);
                },
              })
            }
          >
            {t('review.confirm')}
          </Button>
        </div>
      </Modal>
    </section>
  );
}
