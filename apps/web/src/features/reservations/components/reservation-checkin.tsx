import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { LANGUAGES, matchLanguage, type Language } from '@hospes/shared/languages';
import type { Reservation } from '@hospes/shared/reservations';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { Modal } from '@/components/ui/dialog';
import { errorText } from '@/lib/error-text';
import { currentLanguage, LANGUAGE_NAMES } from '@/lib/i18n';
import { useReservationCheckinLink, useSendReservationCheckinLink } from '../api/checkin-link';

/** "n of m guests checked in", marked once complete (decision 066). */
export function CheckinProgress({ reservation }: { reservation: Reservation }) {
  const { t } = useTranslation('reservations');
  const complete = reservation.registeredGuests >= reservation.guests;
  return (
    <span className={complete ? 'font-semibold text-success' : 'text-muted'}>
      {t(complete ? 'checkin.complete' : 'checkin.progress', {
        registered: reservation.registeredGuests,
        guests: reservation.guests,
      })}
    </span>
  );
}

/** Sends the check-in link to the holder, in the language chosen (the holder's, not the owner's). */
function SendLinkDialog({
  establishmentId,
  reservation,
  onClose,
}: {
  establishmentId: string;
  reservation: Reservation;
  onClose: () => void;
}) {
  const { t } = useTranslation('reservations');
  const [language, setLanguage] = useState<Language>(
    matchLanguage(currentLanguage()) ?? ('en' as Language),
  );
  const send = useSendReservationCheckinLink(establishmentId);
  return (
    <Modal
      open
      onClose={onClose}
      busy={send.isPending}
      title={t('checkin.sendTitle')}
      description={t('checkin.sendIntro', {
        name: reservation.holderName,
        email: reservation.holderEmail,
      })}
    >
      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          send.mutate(
            { id: reservation.id, language },
            {
              onSuccess: () => {
                toast.success(t('checkin.sent', { email: reservation.holderEmail }));
                onClose();
              },
            },
          );
        }}
      >
        <SelectField
          label={t('checkin.language')}
          name="language"
          options={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
          value={language}
          onChange={(event) => setLanguage(matchLanguage(event.target.value) ?? language)}
        />
        {send.isError && <FormAlert>{errorText(send.error, t('checkin.sendFailed'))}</FormAlert>}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={send.isPending}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" pending={send.isPending}>
            {t('checkin.sendButton')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** A reservation's check-in link: copy it, or e-mail it to the holder. */
export function ReservationCheckinActions({
  establishmentId,
  reservation,
}: {
  establishmentId: string;
  reservation: Reservation;
}) {
  const { t } = useTranslation('reservations');
  const link = useReservationCheckinLink();
  const [sending, setSending] = useState(false);
  if (reservation.status === 'cancelled') return null;
  const copy = async () => {
    try {
      const { url } = await link.mutateAsync(reservation.id);
      await navigator.clipboard.writeText(url);
      toast.success(t('checkin.copied'));
    } catch (error) {
      toast.error(errorText(error, t('checkin.copyFailed')));
    }
  };
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="secondary" pending={link.isPending} onClick={() => void copy()}>
        {t('checkin.copy')}
        <span className="sr-only">: {reservation.holderName}</span>
      </Button>
      {reservation.holderEmail && (
        <Button size="sm" variant="secondary" onClick={() => setSending(true)}>
          {t('checkin.send')}
          <span className="sr-only">: {reservation.holderName}</span>
        </Button>
      )}
      {sending && (
        <SendLinkDialog
          establishmentId={establishmentId}
          reservation={reservation}
          onClose={() => setSending(false)}
        />
      )}
    </div>
  );
}
