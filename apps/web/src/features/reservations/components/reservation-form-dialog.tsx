import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { PAYMENT_TYPES } from '@hospes/shared/codes';
import {
  CreateReservationInputSchema,
  RESERVATION_STATUSES,
  type Reservation,
} from '@hospes/shared/reservations';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/fields';
import { FormAlert } from '@/components/ui/form-alert';
import { Modal } from '@/components/ui/dialog';
import { applyServerFieldErrors } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { schemaResolver } from '@/lib/form';
import { useSaveReservation } from '../api/save-reservation';

interface Values {
  holderName: string;
  holderEmail: string;
  holderPhone: string;
  arrival: string;
  departure: string;
  guests: string;
  unit: string;
  channel: string;
  paymentType: string;
  status: string;
  notes: string;
}

const valuesOf = (reservation: Reservation | null, today: string): Values => ({
  holderName: reservation?.holderName ?? '',
  holderEmail: reservation?.holderEmail ?? '',
  holderPhone: reservation?.holderPhone ?? '',
  arrival: reservation?.arrival ?? today,
  departure: reservation?.departure ?? '',
  guests: String(reservation?.guests ?? 1),
  unit: reservation?.unit ?? '',
  channel: reservation?.channel ?? '',
  paymentType: reservation?.paymentType ?? '',
  status: reservation?.status ?? 'confirmed',
  notes: reservation?.notes ?? '',
});

/** Enter a reservation by hand, or change one (`reservation`). */
export function ReservationFormDialog({
  establishmentId,
  reservation,
  open,
  onClose,
  today,
}: {
  establishmentId: string;
  reservation: Reservation | null;
  open: boolean;
  onClose: () => void;
  today: string;
}) {
  const { t } = useTranslation('reservations');
  const { t: tc } = useTranslation('clients');
  // One key per reservation being entered: a retry after a lost answer creates it once.
  const [key] = useState(() => crypto.randomUUID());
  const save = useSaveReservation(establishmentId);
  const form = useForm<Values>({
    defaultValues: valuesOf(reservation, today),
    resolver: schemaResolver(CreateReservationInputSchema) as never,
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    const input = CreateReservationInputSchema.parse(values);
    try {
      await save.mutateAsync(
        reservation
          ? { kind: 'update', id: reservation.id, input }
          : { kind: 'create', input, key },
      );
      // One toast per kind: saving bookings one after another replaces it instead of stacking
      // the same words.
      const saved = reservation ? 'form.updated' : 'form.created';
      toast.success(t(saved), { id: `reservation-${saved}` });
      onClose();
    } catch (error) {
      applyServerFieldErrors(error, form.setError);
    }
  });
  const field = (name: keyof Values) => ({ ...form.register(name), error: errors[name]?.message });

  return (
    <Modal
      open={open}
      onClose={onClose}
      busy={save.isPending}
      wide
      title={t(reservation ? 'form.editTitle' : 'form.newTitle')}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        {save.isError && <FormAlert>{errorText(save.error, t('form.failed'))}</FormAlert>}
        <TextField label={t('fields.holderName')} autoComplete="off" {...field('holderName')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('fields.holderEmail')} type="email" {...field('holderEmail')} />
          <TextField label={t('fields.holderPhone')} type="tel" {...field('holderPhone')} />
          <TextField label={t('fields.arrival')} type="date" {...field('arrival')} />
          <TextField label={t('fields.departure')} type="date" {...field('departure')} />
          <TextField
            label={t('fields.guests')}
            type="number"
            min={1}
            max={99}
            inputMode="numeric"
            {...field('guests')}
          />
          <TextField label={t('fields.unit')} hint={t('fields.unitHint')} {...field('unit')} />
          <TextField
            label={t('fields.channel')}
            list="reservation-channels"
            {...field('channel')}
          />
          <SelectField
            label={t('fields.paymentType')}
            options={[
              { value: '', label: t('fields.notGiven') },
              ...PAYMENT_TYPES.map((code) => ({ value: code, label: tc(`payment.${code}`) })),
            ]}
            {...field('paymentType')}
          />
          <SelectField
            label={t('fields.status')}
            options={RESERVATION_STATUSES.map((status) => ({
              value: status,
              label: t(`status.${status}`),
            }))}
            {...field('status')}
          />
        </div>
        <datalist id="reservation-channels">
          {[
            'Booking.com',
            'Airbnb',
            'Expedia',
            'Vrbo',
            t('fields.channelDirect'),
            t('fields.channelPhone'),
          ].map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <div>
          <label htmlFor="reservation-notes" className="mb-1 block text-sm font-semibold text-fg">
            {t('fields.notes')}
          </label>
          <textarea
            id="reservation-notes"
            rows={3}
            maxLength={2000}
            className="block w-full rounded-lg border border-control bg-surface px-3 py-2 text-base text-fg"
            {...form.register('notes')}
          />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {t('form.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
