import { useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmationQrText, formatConfirmationCode } from '@hospes/shared/checkin';
import { Button } from '@/components/ui/button';
import { QrCanvas } from './qr-code';

/**
 * The traveler's confirmation: a QR code of the code, the code in text, a reminder to keep it,
 * and (one phone for a couple or a group) a form on the same link for the next person: one that
 * starts with the address and contact of the person just registered, and an empty one.
 */
export function SelfRegistrationDone({
  code,
  companion,
  onRegisterCompanion,
  onRegisterAnother,
}: {
  code: string;
  /**
   * The first name of the person just registered, when what they typed is still in memory (not
   * after a reload): the next person may start from their address and contact.
   */
  companion?: string | undefined;
  onRegisterCompanion?: (() => void) | undefined;
  onRegisterAnother: () => void;
}) {
  const { t } = useTranslation('checkin');
  const hintId = `${useId().replace(/[^a-zA-Z0-9_-]/g, '')}-companion`;
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
      {/* Two separate choices, the person deciding: a phone may pass to someone unrelated, whose
          form must not start with another traveler's address and phone. */}
      <div className="flex flex-col items-stretch gap-3 sm:items-center">
        {companion && onRegisterCompanion && (
          <div className="space-y-1">
            <Button
              onClick={onRegisterCompanion}
              aria-describedby={hintId}
              className="w-full sm:w-auto"
            >
              {t('public.registerCompanion', { name: companion })}
            </Button>
            <p id={hintId} className="text-sm text-muted">
              {t('public.registerCompanionHint', { name: companion })}
            </p>
          </div>
        )}
        <Button variant="secondary" onClick={onRegisterAnother} className="w-full sm:w-auto">
          {t('public.registerAnother')}
        </Button>
      </div>
    </section>
  );
}
