/**
 * The report defaults of an establishment (decision 042): what a traveler registered without them
 * takes, so that the parte SES.HOSPEDAJES needs is complete without extra typing at the desk.
 * - `defaultPaymentType`: the SES `tipoPago` (catalogue TIPO_PAGO, reference ses-hospedajes.md
 *   §1.8) of a stay registered without one, e.g. `EFECT` (cash) for an albergue;
 * - `walkInNights`: the nights of a stay registered without a check-out: check-out = entry + N.
 * Null: no default, the desk gives the value (and the pre-flight asks for it until then).
 */
import { PAYMENT_TYPES, type PaymentType } from './codes';
import { addDays, isIsoDate } from './dates';
import type { EstablishmentType } from './establishments';
import { z } from './zod';

/** The longest walk-in stay a default may set (a pilgrim hostel: 1; a guesthouse: a few). */
export const WALK_IN_NIGHTS_MAX = 30;

export const WalkInNightsSchema = z.coerce
  .number()
  .int('validation.walkInNights')
  .min(1, 'validation.walkInNights')
  .max(WALK_IN_NIGHTS_MAX, 'validation.walkInNights');

export const DefaultPaymentTypeSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.enum(PAYMENT_TYPES),
);

export interface ReportDefaults {
  defaultPaymentType: PaymentType | null;
  walkInNights: number | null;
}

export const NO_REPORT_DEFAULTS: ReportDefaults = { defaultPaymentType: null, walkInNights: null };

/** An establishment's report defaults as stored: a payment type off the catalogue counts as none. */
export function reportDefaultsOf(row: {
  defaultPaymentType: string | null;
  walkInNights: number | null;
}): ReportDefaults {
  const payment = row.defaultPaymentType;
  return {
    defaultPaymentType:
      payment && (PAYMENT_TYPES as readonly string[]).includes(payment)
        ? (payment as PaymentType)
        : null,
    walkInNights: row.walkInNights,
  };
}

/**
 * What an establishment of a type usually takes, offered by the establishment form (never applied
 * unasked): a pilgrim hostel (albergue) is paid in cash on arrival for one night.
 */
export function suggestedReportDefaults(type: EstablishmentType): ReportDefaults {
  return type === 'hostel' ? { defaultPaymentType: 'EFECT', walkInNights: 1 } : NO_REPORT_DEFAULTS;
}

/** The part of a traveler's record the defaults complete. */
export interface DefaultableRecord {
  entryDate: string;
  checkOutDate: string | null;
  stay: { exitDateTime: string | null; paymentType: PaymentType | null };
}

/**
 * `record` with the establishment's defaults where it has no value of its own: the check-out
 * (entry + `walkInNights`) when neither a check-out date nor a check-out time was given, and the
 * payment type. A value given is never replaced; without a default the record stays as it is.
 */
export function withReportDefaults<R extends DefaultableRecord>(
  record: R,
  defaults: ReportDefaults,
): R {
  const nights = defaults.walkInNights;
  const checkOut =
    record.checkOutDate === null &&
    !record.stay.exitDateTime &&
    nights !== null &&
    isIsoDate(record.entryDate)
      ? addDays(record.entryDate, nights)
      : record.checkOutDate;
  const paymentType = record.stay.paymentType ?? defaults.defaultPaymentType;
  if (checkOut === record.checkOutDate && paymentType === record.stay.paymentType) return record;
  return { ...record, checkOutDate: checkOut, stay: { ...record.stay, paymentType } };
}

/** The fields a default completed (API paths), for the audit entry of a registration. */
export function defaultedFields(before: DefaultableRecord, after: DefaultableRecord): string[] {
  const fields: string[] = [];
  if (before.checkOutDate !== after.checkOutDate) fields.push('checkOutDate');
  if (before.stay.paymentType !== after.stay.paymentType) fields.push('stay.paymentType');
  return fields;
}
