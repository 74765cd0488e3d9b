import { useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { SelectField, TextField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { cn } from '@/components/ui/cn';
import { LANGUAGES, matchLanguage, type Language } from '@hospes/shared/languages';
import { errorText } from '@/lib/error-text';
import { currentLanguage, LANGUAGE_NAMES } from '@/lib/i18n';
import { useDownloadTravelerPdf, useSendTravelerPdf } from '../api/pdf';

export interface PdfTraveler {
  id: string;
  firstName: string;
  lastName: string;
  secondLastName?: string | null;
  contactInfo?: { email?: string | null } | null;
  /** The traveler's language: the e-mail and its sheet are written in it unless changed. */
  language?: string | null;
}

const nameOf = (p: PdfTraveler) =>
  [p.firstName, p.lastName, p.secondLastName].filter(Boolean).join(' ');

/**
 * "Send by e-mail": an e-mail field prefilled with the traveler's address, and the language of
 * the message and its sheet, the traveler's unless changed; Send is disabled
 * while the field is empty or while sending. A failure stays in the dialog (and, on the admin
 * screens, as the spec §8 toast).
 */
export function SendPdfDialog({
  traveler,
  open,
  onClose,
  failureToast,
}: {
  traveler: PdfTraveler;
  open: boolean;
  onClose: () => void;
  /** A toast on failure (the admin screens' 'something went wrong'). */
  failureToast?: string;
}) {
  const { t } = useTranslation('documents');
  const send = useSendTravelerPdf();
  const [email, setEmail] = useState(traveler.contactInfo?.email ?? '');
  const [language, setLanguage] = useState<Language>(
    () => matchLanguage(traveler.language) ?? currentLanguage(),
  );
  const inputRef = useRef<HTMLInputElement>(null);
  const empty = email.trim() === '';

  const close = () => {
    if (send.isPending) return;
    send.reset();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (empty || send.isPending) return;
    try {
      await send.mutateAsync({ id: traveler.id, email: email.trim(), language });
      toast.success(t('pdf.sent'));
      send.reset();
      onClose();
    } catch {
      if (failureToast) toast.error(failureToast);
      inputRef.current?.focus();
    }
  };

  const fieldError =
    send.error && (send.error as { code?: string }).code === 'VALIDATION_FAILED'
      ? errorText(send.error, t('pdf.sendFailed'))
      : undefined;

  return (
    <Modal
      open={open}
      onClose={close}
      busy={send.isPending}
      title={t('pdf.sendTitle')}
      description={t('pdf.sendIntro', { name: nameOf(traveler) })}
      initialFocus={inputRef}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 space-y-4">
        <TextField
          ref={inputRef}
          label={t('pdf.email')}
          hint={t('pdf.emailHint')}
          type="email"
          name="email"
          autoComplete="off"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldError}
          required
        />
        <SelectField
          label={t('pdf.language')}
          name="language"
          options={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
          value={language}
          onChange={(event) => setLanguage(matchLanguage(event.target.value) ?? language)}
        />
        {send.isError && !fieldError && (
          <FormAlert>{errorText(send.error, t('pdf.sendFailed'))}</FormAlert>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={send.isPending}>
            {t('pdf.cancel')}
          </Button>
          <Button type="submit" disabled={empty} pending={send.isPending}>
            {t('pdf.sendButton')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * The registration sheet's actions (spec §2): Download PDF (in the interface language, named
 * by the server) and Send by e-mail.
 */
export function PdfActions({
  traveler,
  failureToast,
  className,
}: {
  traveler: PdfTraveler;
  /** On the admin screens every failure is the toast 'something went wrong' (spec §8). */
  failureToast?: string;
  className?: string;
}) {
  const { t } = useTranslation('documents');
  const download = useDownloadTravelerPdf();
  const [sending, setSending] = useState(false);

  const onDownload = async () => {
    try {
      await download.mutateAsync(traveler.id);
      toast.success(t('pdf.downloaded'));
    } catch (error) {
      toast.error(failureToast ?? errorText(error, t('pdf.downloadFailed')));
    }
  };

  return (
    <div
      role="group"
      aria-label={t('pdf.actionsLabel')}
      className={cn('flex flex-wrap gap-2', className)}
    >
      <Button variant="secondary" pending={download.isPending} onClick={() => void onDownload()}>
        {t('pdf.download')}
      </Button>
      <Button variant="secondary" onClick={() => setSending(true)}>
        {t('pdf.send')}
      </Button>
      {sending && (
        <SendPdfDialog
          traveler={traveler}
          open={sending}
          onClose={() => setSending(false)}
          failureToast={failureToast}
        />
      )}
    </div>
  );
}
