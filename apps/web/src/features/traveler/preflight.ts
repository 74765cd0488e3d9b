/**
 * The SES.HOSPEDAJES pre-flight (@hospes/shared/ses-preflight, the one the server runs before it
 * builds a file) on one traveler as the web holds it: a saved record (the list's "cannot be
 * reported" badge) or the form's current values (the form's live notes). Decision 043.
 */
import { isLanguage, DEFAULT_LANGUAGE } from '@hospes/shared/languages';
import { i18n } from '@/lib/i18n';
import {
  preflightRulesOf,
  savedTravelerProblems,
  travelerPreflight,
  withWalkInContract,
} from '@hospes/shared/traveler-preflight';
import { interpolate } from '@hospes/shared/messages';
import {
  type KinshipCode,
  type PaymentType,
  type SesProblem,
  type SesTraveler,
} from '@hospes/shared/ses-preflight';
import {
  NO_REPORT_DEFAULTS,
  withReportDefaults,
  type ReportDefaults,
} from '@hospes/shared/report-defaults';
import type { TravelerFormValues } from './form-model';

export { preflightRulesOf, savedTravelerProblems };

/**
 * What the parte would still need of the form's values, once saved: with the establishment's
 * report defaults (decision 042), which the server gives a traveler saved without a check-out or
 * a payment type, so that the form does not ask for what the save completes.
 */
export function formValuesProblems(
  values: TravelerFormValues,
  defaults: ReportDefaults = NO_REPORT_DEFAULTS,
): SesProblem[] {
  const traveler = sesTravelerFromValues(values);
  const completed = withReportDefaults(
    {
      entryDate: traveler.entryDate,
      checkOutDate: traveler.checkOutDate ?? null,
      stay: {
        exitDateTime: traveler.stay?.exitDateTime ?? null,
        paymentType: (traveler.stay?.paymentType ?? null) as PaymentType | null,
      },
    },
    defaults,
  );
  return travelerPreflight(
    {
      ...traveler,
      checkOutDate: completed.checkOutDate,
      stay: { ...traveler.stay, paymentType: completed.stay.paymentType },
    },
    values.stay.contractReference.trim() !== '',
  );
}

const orNull = (value: string) => (value.trim() === '' ? null : value);
const count = (value: string) => (value.trim() === '' ? null : Number(value));

/** The form's values as SES would get them once saved. */
function sesTravelerFromValues(values: TravelerFormValues): SesTraveler {
  const address = Object.values(values.address).every((value) => value.trim() === '')
    ? null
    : values.address;
  const s = values.stay;
  return withWalkInContract(
    {
      id: 'form',
      firstName: values.firstName,
      lastName: values.lastName,
      secondLastName: orNull(values.secondLastName),
      nationality: values.nationality,
      passportNumber: orNull(values.passportNumber),
      documentType: values.documentType,
      documentSupportNumber: orNull(values.documentSupportNumber),
      documentExpeditionDate: orNull(values.documentExpeditionDate),
      dateOfBirth: values.dateOfBirth,
      gender: (values.gender || 'O') as SesTraveler['gender'],
      entryDate: values.entryDate,
      checkOutDate: orNull(values.checkOutDate),
      language: values.language,
      contactInfo: {
        email: values.contactInfo.email,
        phone: values.contactInfo.phone,
        phone2: values.contactInfo.phone2,
      },
      address,
      kinship: (orNull(values.kinship) as KinshipCode | null) ?? null,
      stay: {
        contractReference: orNull(s.contractReference),
        contractDate: orNull(s.contractDate),
        entryDateTime: orNull(s.entryDateTime),
        exitDateTime: orNull(s.exitDateTime),
        numberOfPersons: count(s.numberOfPersons),
        numberOfRooms: count(s.numberOfRooms),
        internetBooking: s.internetBooking === '' ? null : s.internetBooking === 'yes',
        paymentType: (orNull(s.paymentType) as PaymentType | null) ?? null,
        paymentDate: orNull(s.paymentDate),
        paymentMethod: orNull(s.paymentMethod),
        paymentHolder: orNull(s.paymentHolder),
        cardExpiry: orNull(s.cardExpiry),
      },
    },
    null,
    s.contractReference.trim() !== '',
  );
}

/**
 * The form's field that holds what a problem names: the pre-flight names the contact as a whole
 * (one of e-mail or phones) and a missing address as a whole.
 */
export function formFieldOf(field: string): string {
  if (field === 'contactInfo') return 'contactInfo.email';
  if (field === 'address') return 'address.street';
  return field;
}

/** A problem's text in the user's language (Spanish when the Ministry's texts lack it). */
export function preflightText(lng: string | undefined, problem: SesProblem): string {
  // The texts are the shared ones the server's files use (sesProblemText), read from the active
  // language's bundle, so the web does not carry the 16 languages' tables (decision 067).
  const key = problem.code.slice('ses.'.length);
  const text = (language: string) => i18n.getResource(language, 'ses', key) as string | undefined;
  const template =
    text(lng && isLanguage(lng) ? lng : DEFAULT_LANGUAGE) ?? text(DEFAULT_LANGUAGE) ?? problem.code;
  return interpolate(template, problem.params);
}

/** A problem on its form field, with its text. */
export interface FieldProblem {
  field: string;
  message: string;
}

/** A traveler's problems on the form's fields, in the user's language. */
export function fieldProblems(
  problems: readonly SesProblem[],
  lng: string | undefined,
): FieldProblem[] {
  return problems.map((problem) => ({
    field: formFieldOf(problem.field),
    message: preflightText(lng, problem),
  }));
}
