import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmationQrText, formatConfirmationCode } from '@hospes/shared/checkin';
import { Button } from '@/components/ui/button';
import { QrCanvas } from './qr-code';

/**
 * The traveler's confirmation: a QR code of the code, the code in text, a reminder to keep it,
 * and (one phone for a couple or a group) a fresh form on the same link for the next person.
 */
export function SelfRegistrationDone({
  code,
  onRegisterAnother,
}: {
  code: string;
  onRegisterAnother: () => void;
}) {
  const { t } = useTranslation('checkin');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => headingRef.current?.focus(), []);
  const shown = formatConfirmationCode(code);
  return (
    <section
      aria-labelledby="self-registration-done"
      className="space-y-4 rounded-2xl border border-success bg-success-soft p-6 text-center"
    >
      <h2
        id="self-registration-done"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-bold text-fg outline-none"
      >
        {t('public.doneTitle')}
      </h2>
      <p className="text-fg">{t('public.doneText')}</p>
      <div className="flex justify-center">
        <QrCanvas
          text={confirmationQrText(code)}
          label={t('public.qrAlt', { code: shown })}
          size={260}
        />
      </div>
      <p className="text-sm font-semibold text-muted">{t('public.codeLabel')}</p>
      <p
        data-testid="confirmation-code"
        className="font-mono text-3xl font-bold tracking-widest text-fg"
      >
        {shown}
      </p>
      <p className="text-fg">{t('public.keepCode')}</p>
      <Button variant="secondary" onClick={onRegisterAnother} className="w-full sm:w-auto">
        {t('public.registerAnother')}
      </Button>
    </section>
  );
}
