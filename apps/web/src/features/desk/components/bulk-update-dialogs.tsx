import { useState, type FormEvent, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { PAYMENT_TYPES, type PaymentType } from '@hospes/shared/codes';
import { todayIso } from '@hospes/shared/dates';
import type { Traveler } from '@hospes/shared/travelers';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { SelectField, TextField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { translateMessage } from '@/lib/messages';
import { useBulkUpdateTravelers } from '@/features/traveler/api/bulk-update-travelers';
import { fullName } from '@/features/traveler/format';

/**
 * A refused bulk change as the dialog says it: each traveler's problem with its name (the server
 * names the field `<id>.<field>`), else the server's message.
 */
function BulkError({ error, travelers }: { error: unknown; travelers: readonly Traveler[] }) {
  const { t } = useTranslation('clients');
  const named =
    isApiError(error) &&
    error.details.flatMap((detail) => {
      const traveler = travelers.find((p) => detail.field.startsWith(`${p.id}.`));
      return traveler
        ? [`${fullName(traveler)}: ${translateMessage(t, detail.code ?? detail.message)}`]
        : [];
    });
  return (
    <FormAlert className="mt-4">
      {named && named.length > 0 ? (
        <ul className="ms-5 list-disc">
          {named.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        errorText(error, t('messages.bulkUpdateFailed'))
      )}
    </FormAlert>
  );
}

/** The frame of a bulk change: the travelers it changes, the choice, cancel and confirm. */
function BulkUpdateDialog({
  title,
  travelers,
  confirmLabel,
  change,
  onClose,
  onDone,
  children,
}: {
  title: string;
  travelers: readonly Traveler[];
  confirmLabel: string;
  change: () => { checkOutDate?: string; paymentType?: PaymentType } | null;
  onClose: () => void;
  onDone: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('clients');
  const update = useBulkUpdateTravelers();
  const close = () => {
    update.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = change();
    if (!values) return;
    update.mutate(
      { pilgrimIds: travelers.map((p) => p.id), ...values },
      {
        onSuccess: (answer) => {
          toast.success(t('messages.bulkUpdated', { count: answer.data.updated }));
          onDone();
          close();
        },
      },
    );
  };
  return (
    <Modal open onClose={close} title={title} busy={update.isPending}>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <ul className="max-h-40 list-disc overflow-y-auto ps-5 text-sm text-fg">
          {travelers.map((p) => (
            <li key={p.id}>{fullName(p)}</li>
          ))}
        </ul>
        {children}
        {update.isError && <BulkError error={update.error} travelers={travelers} />}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={close} disabled={update.isPending}>
            {t('bulkUpdate.cancel')}
          </Button>
          <Button type="submit" pending={update.isPending}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * Check the selected travelers out: today (by the establishment's clock, `timeZone`) or on a
 * date chosen. The parte needs a check-out date (decision 043).
 */
export function BulkCheckOutDialog({
  travelers,
  timeZone,
  onClose,
  onDone,
}: {
  travelers: readonly Traveler[];
  timeZone?: string | undefined;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('clients');
  const today = todayIso(new Date(), timeZone);
  const [when, setWhen] = useState<'today' | 'date'>('today');
  const [date, setDate] = useState(today);
  const [dateError, setDateError] = useState<string | undefined>();
  return (
    <BulkUpdateDialog
      title={t('bulkUpdate.checkOutTitle', { count: travelers.length })}
      travelers={travelers}
      confirmLabel={t('bulkUpdate.checkOutConfirm')}
      onClose={onClose}
      onDone={onDone}
      change={() => {
        if (when === 'today') return { checkOutDate: today };
        if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
          setDateError('validation.required');
          return null;
        }
        return { checkOutDate: date };
      }}
    >
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-semibold text-fg">{t('bulkUpdate.when')}</legend>
        {(['today', 'date'] as const).map((value) => (
          <label key={value} className="flex min-h-11 items-center gap-3 text-fg">
            <input
              type="radio"
              name="bulk-check-out-when"
              value={value}
              checked={when === value}
              onChange={() => setWhen(value)}
              className="size-5 accent-primary"
            />
            {value === 'today' ? t('bulkUpdate.today') : t('bulkUpdate.onDate')}
          </label>
        ))}
      </fieldset>
      {when === 'date' && (
        <TextField
          label={t('form.checkOutDate')}
          type="date"
          min="1900-01-01"
          value={date}
          error={dateError}
          onChange={(event) => {
            setDate(event.target.value);
            setDateError(undefined);
          }}
        />
      )}
    </BulkUpdateDialog>
  );
}

/** Set the payment type of the selected travelers' stays (the parte needs one, decision 043). */
export function BulkPaymentDialog({
  travelers,
  onClose,
  onDone,
}: {
  travelers: readonly Traveler[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('clients');
  const [paymentType, setPaymentType] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <BulkUpdateDialog
      title={t('bulkUpdate.paymentTitle', { count: travelers.length })}
      travelers={travelers}
      confirmLabel={t('bulkUpdate.paymentConfirm')}
      onClose={onClose}
      onDone={onDone}
      change={() => {
        if (!paymentType) {
          setError('validation.required');
          return null;
        }
        return { paymentType: paymentType as PaymentType };
      }}
    >
      <SelectField
        label={t('form.paymentType')}
        value={paymentType}
        error={error}
        onChange={(event) => {
          setPaymentType(event.target.value);
          setError(undefined);
        }}
        options={[
          { value: '', label: t('form.choose') },
          ...PAYMENT_TYPES.map((code) => ({ value: code, label: t(`payment.${code}`) })),
        ]}
      />
    </BulkUpdateDialog>
  );
}
