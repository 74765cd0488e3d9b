import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmationArrivalDay, formatConfirmationCode } from '@hospes/shared/checkin';
import { todayIso } from '@hospes/shared/dates';
import type { Traveler } from '@hospes/shared/travelers';
import { Button } from '@/components/ui/button';
import { useCan } from '@/lib/auth';
import { cn } from '@/components/ui/cn';
import { Modal } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import {
  confirmErrors,
  useConfirmSelfRegistration,
} from '@/features/traveler/api/confirm-self-registration';

/**
 * The check-in link registration of a traveler on the record's page: its status and confirmation
 * code, and, while it awaits review, "Confirm registration" (the same call as the QR flow) once
 * staff have checked the details against the document. The confirmation is the arrival (decision
 * 031): the question proposes the day of arrival, today, which becomes the entry date. Nothing for
 * a record staff entered.
 */
export function SelfRegistrationReview({
  pilgrim,
  name,
  timeZone,
  className,
}: {
  pilgrim: Traveler;
  /** The traveler's full name, for the question. */
  name: string;
  /**
   * The clock of the traveler's establishment (establishmentTimeZone), whose today is proposed.
   * Unknown (say, to an admin): the mainland's day is proposed, and when it is left as it is, no
   * day is sent, so that the server takes the establishment's own.
   */
  timeZone?: string | undefined;
  className?: string;
}) {
  const { t } = useTranslation('checkin');
  const { t: tc } = useTranslation();
  const confirm = useConfirmSelfRegistration();
  // Confirming is registering (travelers.register, decision 058): offered to a role that may.
  const mayConfirm = useCan()('travelers.register', pilgrim.establishmentId);
  const [asking, setAsking] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  // The day proposed when the question opened, and the day in the field.
  const [arrival, setArrival] = useState({ proposed: '', value: '' });
  const [arrivalMissing, setArrivalMissing] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
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
  const ask = () => {
    // Today when the question opens (a page left open overnight proposes the new day).
    const proposed = confirmationArrivalDay(pilgrim, todayIso(new Date(), timeZone));
    setArrival({ proposed, value: proposed });
    setArrivalMissing(false);
    setAsking(true);
  };
  const send = () => {
    if (!arrival.value) {
      setArrivalMissing(true);
      return;
    }
    const entryDate = !timeZone && arrival.value === arrival.proposed ? undefined : arrival.value;
    confirm.mutate(
      { id: pilgrim.id, entryDate },
      {
        onSuccess: () => {
          confirm.reset();
          setAsking(false);
          setConfirmed(true);
        },
      },
    );
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
          {mayConfirm && (
            <Button className="mt-4" onClick={ask}>
              {t('review.confirm')}
            </Button>
          )}
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
        // The least harmful choice first, as in every question; Confirm is one tap away.
        initialFocus={cancelRef}
        title={t('review.confirmTitle', { name })}
        description={<p>{t('review.confirmText')}</p>}
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          <TextField
            className="mt-4"
            label={t('review.arrivalDate')}
            hint={t('review.arrivalDateHint')}
            type="date"
            min="1900-01-01"
            required
            value={arrival.value}
            error={arrivalMissing && !arrival.value ? 'validation.required' : undefined}
            disabled={confirm.isPending}
            onChange={(event) => {
              setArrival({ ...arrival, value: event.target.value });
              if (confirm.isError) confirm.reset();
            }}
          />
          {confirm.isError && (
            <FormAlert className="mt-4">
              {confirmErrors(confirm.error, t('review.confirmFailed')).map((reason) => (
                <p key={reason}>{reason}</p>
              ))}
            </FormAlert>
          )}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button
              ref={cancelRef}
              variant="secondary"
              onClick={close}
              disabled={confirm.isPending}
            >
              {tc('dialog.cancel')}
            </Button>
            <Button type="submit" pending={confirm.isPending}>
              {t('review.confirm')}
            </Button>
          </div>
        </form>
      </Modal>
    </section>
  );
}
