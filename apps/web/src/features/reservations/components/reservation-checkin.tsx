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
import {
  useReservationCheckinLink,
  useReservationGuestLinks,
  useSendReservationCheckinLink,
} from '../api/checkin-link';

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

/**
 * One check-in link per guest (decision 071): each copied, or e-mailed from the owner's own mail
 * program (a mailto: with the link), marked once its guest registered.
 */
function GuestLinksDialog({
  establishmentId,
  reservation,
  onClose,
}: {
  establishmentId: string;
  reservation: Reservation;
  onClose: () => void;
}) {
  const { t } = useTranslation('reservations');
  const links = useReservationGuestLinks(establishmentId, reservation.id);
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('checkin.copied'));
    } catch (error) {
      toast.error(errorText(error, t('checkin.copyFailed')));
    }
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={t('guestLinks.title', { name: reservation.holderName })}
      description={t('guestLinks.intro')}
    >
      {links.isPending ? (
        <p role="status" className="mt-4 text-muted">
          {t('list.loading')}
        </p>
      ) : links.isError ? (
        <FormAlert>{errorText(links.error, t('checkin.copyFailed'))}</FormAlert>
      ) : (
        <ul className="mt-4 space-y-3">
          {links.data.map((link) => {
            const name = t(link.slot === 1 ? 'guestLinks.holder' : 'guestLinks.guest', {
              n: link.slot,
            });
            const mail = `mailto:?subject=${encodeURIComponent(
              t('guestLinks.mailSubject', { arrival: reservation.arrival }),
            )}&body=${encodeURIComponent(`${t('guestLinks.mailBody')}\n\n${link.url}`)}`;
            return (
              <li key={link.slot} className="rounded-lg border border-line p-3">
                <p className="font-semibold text-fg">
                  {name}
                  {' · '}
                  <span className={link.registered ? 'text-success' : 'text-muted'}>
                    {t(link.registered ? 'guestLinks.registered' : 'guestLinks.waiting')}
                  </span>
                </p>
                <p className="break-all text-sm text-muted">{link.url}</p>
                <div className="mt-2 flex flex-wrap gap-2">
                  <Button size="sm" variant="secondary" onClick={() => void copy(link.url)}>
                    {t('guestLinks.copy')}
                    <span className="sr-only">: {name}</span>
                  </Button>
                  <a
                    href={mail}
                    className="inline-flex min-h-9 items-center rounded-lg border border-control px-3 py-1.5 text-sm font-semibold text-fg hover:bg-surface-muted"
                  >
                    {t('guestLinks.email')}
                    <span className="sr-only">: {name}</span>
                  </a>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t('guestLinks.close')}
        </Button>
      </div>
    </Modal>
  );
}

/** A reservation's check-in link: copy it, or e-mail it to the holder; and each guest's. */
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
  const [perGuest, setPerGuest] = useState(false);
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
      <Button size="sm" variant="secondary" onClick={() => setPerGuest(true)}>
        {t('guestLinks.open')}
        <span className="sr-only">: {reservation.holderName}</span>
      </Button>
      {perGuest && (
        <GuestLinksDialog
          establishmentId={establishmentId}
          reservation={reservation}
          onClose={() => setPerGuest(false)}
        />
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
