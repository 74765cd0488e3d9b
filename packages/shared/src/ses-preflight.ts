/**
 * SES.HOSPEDAJES pre-flight check (reference ses-hospedajes.md §1.4–1.8): the rules the Ministry
 * applies after an upload, checked before we build the file, so that a host can fix the data while
 * the guest is still at the desk. Pure: no I/O. The server's XML builders (apps/server/src/lib/ses)
 * take the same view model and refuse to build while this returns problems.
 *
 * The view model mirrors the traveler and establishment of the data API (spec §3) with the extra
 * SES fields (address, kinship, stay/contract). Dates are `YYYY-MM-DD`; date-times are local
 * `YYYY-MM-DDTHH:mm[:ss]` with an optional offset.
 */
import { isIneMunicipalityCode, municipalityFitsPostalCode } from './ine-municipalities';
import { DEFAULT_LANGUAGE, type Language } from './languages';
import arSes from './locales/ar/ses.json';
import caSes from './locales/ca/ses.json';
import deSes from './locales/de/ses.json';
import enSes from './locales/en/ses.json';
import esSes from './locales/es/ses.json';
import euSes from './locales/eu/ses.json';
import frSes from './locales/fr/ses.json';
import glSes from './locales/gl/ses.json';
import itSes from './locales/it/ses.json';
import jaSes from './locales/ja/ses.json';
import koSes from './locales/ko/ses.json';
import ptSes from './locales/pt/ses.json';
import ruSes from './locales/ru/ses.json';
import ukSes from './locales/uk/ses.json';
import vaSes from './locales/va/ses.json';
import zhSes from './locales/zh/ses.json';
import { interpolate } from './messages';
import { isMinorOn } from './travelers';
import { isValidDni, isValidNie, isValidSpecialNif } from './spanish-ids';

// ---------------------------------------------------------------------------------------------
// Code lists
// ---------------------------------------------------------------------------------------------

/** Traveler document types of the registration form (spec §3). */
export const TRAVELER_DOCUMENT_TYPES = ['D', 'P', 'C', 'I', 'N', 'X'] as const;
export type TravelerDocumentType = (typeof TRAVELER_DOCUMENT_TYPES)[number];

export const TRAVELER_GENDERS = ['M', 'F', 'O'] as const;
export type TravelerGender = (typeof TRAVELER_GENDERS)[number];

/** SES catalogue TIPO_PARENTESCO (reference §1.8). */
export const KINSHIP_CODES = [
  'AB',
  'BA',
  'BN',
  'CD',
  'CY',
  'HJ',
  'HR',
  'NI',
  'PM',
  'SB',
  'SG',
  'TI',
  'YN',
  'TU',
  'OT',
] as const;
export type KinshipCode = (typeof KINSHIP_CODES)[number];

/** SES catalogue TIPO_PAGO (reference §1.8). */
export const PAYMENT_TYPES = [
  'EFECT',
  'TARJT',
  'PLATF',
  'TRANS',
  'MOVIL',
  'TREG',
  'DESTI',
  'OTRO',
] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const ESTABLISHMENT_KINDS = [
  'hostel',
  'hotel',
  'guesthouse',
  'pension',
  'apartment',
  'other',
] as const;
export type EstablishmentKind = (typeof ESTABLISHMENT_KINDS)[number];

/** Our document type → SES TIPO_DOCUMENTO: D→NIF, N→NIE, P→PAS, anything else OTRO. */
export function sesDocumentType(type: TravelerDocumentType): 'NIF' | 'NIE' | 'PAS' | 'OTRO' {
  return type === 'D' ? 'NIF' : type === 'N' ? 'NIE' : type === 'P' ? 'PAS' : 'OTRO';
}

/** Our gender → SES SEXO: M→H (hombre), F→M (mujer), O→O. */
export function sesSex(gender: TravelerGender): 'H' | 'M' | 'O' {
  return gender === 'M' ? 'H' : gender === 'F' ? 'M' : 'O';
}

// ---------------------------------------------------------------------------------------------
// View model
// ---------------------------------------------------------------------------------------------

export interface SesContactInfo {
  email?: string | null;
  phone?: string | null;
  phone2?: string | null;
}

/** The traveler's home address. */
export interface SesAddress {
  street: string;
  complement?: string | null;
  /** INE municipality code, five digits (province + municipality, without the check digit). */
  municipalityCode?: string | null;
  municipalityName?: string | null;
  postalCode: string;
  /** ISO 3166-1 alpha-3. */
  country: string;
}

/** The contract of the stay; travelers with the same `contractReference` share one communication. */
export interface SesStay {
  contractReference?: string | null;
  /** `YYYY-MM-DD` */
  contractDate?: string | null;
  /** Local date-time of arrival; falls back to `entryDate` at 00:00. */
  entryDateTime?: string | null;
  /** Local date-time of departure; falls back to `checkOutDate` at 00:00. */
  exitDateTime?: string | null;
  numberOfPersons?: number | null;
  numberOfRooms?: number | null;
  internetBooking?: boolean | null;
  paymentType?: PaymentType | null;
  paymentDate?: string | null;
  /** Free text: card type and number, IBAN, phone number… (SES `medioPago`, ≤50). */
  paymentMethod?: string | null;
  paymentHolder?: string | null;
  /** `MM/YYYY` */
  cardExpiry?: string | null;
}

export interface SesTraveler {
  id: string;
  firstName: string;
  /** First surname. */
  lastName: string;
  secondLastName?: string | null;
  /** ISO 3166-1 alpha-3. */
  nationality: string;
  /** The document number, whatever the document type. */
  passportNumber?: string | null;
  documentType: TravelerDocumentType;
  /** Support (serial) number of a DNI or NIE card. */
  documentSupportNumber?: string | null;
  documentExpeditionDate?: string | null;
  /** `YYYY-MM-DD` */
  dateOfBirth: string;
  gender: TravelerGender;
  /** `YYYY-MM-DD` */
  entryDate: string;
  checkOutDate?: string | null;
  language?: string | null;
  contactInfo: SesContactInfo;
  address?: SesAddress | null;
  kinship?: KinshipCode | null;
  stay?: SesStay | null;
  /**
   * Registered by the traveler (the self check-in) and not yet confirmed at the desk: no arrival
   * to report in a parte until staff confirm it (decision 033).
   */
  awaitingConfirmation?: boolean;
}

export interface SesEstablishment {
  name: string;
  type: EstablishmentKind;
  nif: string;
  address: string;
  city: string;
  province: string;
  postalCode: string;
  phone: string;
  /** SES `codigoEstablecimiento`, assigned at registration (≤10). */
  establishmentCode?: string | null;
}

// ---------------------------------------------------------------------------------------------
// Limits of the XSD (tiposGenerales.xsd v3.1.3)
// ---------------------------------------------------------------------------------------------

export const SES_LIMITS = {
  establishmentCode: 10,
  name: 50,
  documentNumber: 15,
  supportNumber: 9,
  phone: 20,
  email: 250,
  street: 100,
  municipalityName: 100,
  postalCode: 20,
  contractReference: 50,
  paymentMethod: 50,
  paymentHolder: 100,
} as const;

/** The XSD's `correoType` pattern (implicitly anchored). */
export const SES_EMAIL_PATTERN = /^[^@]+@[^.]+\..+$/;

// ---------------------------------------------------------------------------------------------
// Problems
// ---------------------------------------------------------------------------------------------

export const SES_PROBLEM_CODES = [
  'ses.establishmentCodeRequired',
  'ses.firstNameRequired',
  'ses.lastNameRequired',
  'ses.secondSurnameRequiredForNif',
  'ses.secondSurnameRequiredBornInSpain',
  'ses.documentRequiredForAdult',
  'ses.documentNumberInvalid',
  'ses.dniAsPassport',
  'ses.supportNumberRequired',
  'ses.kinshipRequiredForMinor',
  'ses.kinshipInvalid',
  'ses.dateOfBirthInvalid',
  'ses.dateOfBirthAfterEntry',
  'ses.nationalityInvalid',
  'ses.contactRequired',
  'ses.emailInvalid',
  'ses.addressRequired',
  'ses.streetRequired',
  'ses.postalCodeRequired',
  'ses.countryInvalid',
  'ses.municipalityCodeRequired',
  'ses.municipalityCodeUnknown',
  'ses.municipalityNotInPostalCodeProvince',
  'ses.municipalityNameRequired',
  'ses.entryDateInvalid',
  'ses.checkOutRequired',
  'ses.checkOutBeforeEntry',
  'ses.contractReferenceRequired',
  'ses.contractDateInvalid',
  'ses.contractDateAfterEntry',
  'ses.paymentTypeRequired',
  'ses.paymentTypeInvalid',
  'ses.paymentDateInvalid',
  'ses.cardExpiryInvalid',
  'ses.numberInvalid',
  'ses.tooLong',
  'ses.minorWithoutAdult',
  'ses.contractValueDiffers',
  'ses.numberOfPersonsTooFew',
  'ses.notConfirmed',
  // The Mossos d'Esquadra's file (mossos.ts, decision 057)
  'ses.mossosIdentifierInvalid',
  'ses.notInFileEncoding',
] as const;
export type SesProblemCode = (typeof SES_PROBLEM_CODES)[number];

export interface SesProblem {
  /** null for a problem of the establishment. */
  travelerId: string | null;
  /** Path in the view model: `secondLastName`, `address.municipalityCode`, `stay.paymentType`… */
  field: string;
  /** An i18n key: `ses.<key>` with the texts in locales/<lng>/ses.json. */
  code: SesProblemCode;
  /** Interpolation values for the text, e.g. `{ max: 50 }` for `ses.tooLong`. */
  params?: Record<string, string | number>;
}

export type SesCommunicationKind = 'PV' | 'RH';

// ---------------------------------------------------------------------------------------------
// Helpers shared with the XML builders
// ---------------------------------------------------------------------------------------------

/** Trimmed text with inner whitespace collapsed (what the XSD's whiteSpace=collapse compares). */
export function sesText(value: string | null | undefined): string {
  return (value ?? '').normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** Length in characters (code points), as the XSD counts. */
export function sesLength(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

export function isIsoDate(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * An `xsd:dateTime` (`YYYY-MM-DDThh:mm:ss[offset]`) from a local date-time, or from a date at
 * 00:00 (the manual's rule when the time is unknown). null when neither is usable.
 */
export function sesDateTime(
  dateTime: string | null | undefined,
  date?: string | null,
): string | null {
  const value = sesText(dateTime);
  if (value) {
    const m = DATE_TIME.exec(value);
    if (
      !m ||
      !isIsoDate(m[1]) ||
      Number(m[2]) > 23 ||
      Number(m[3]) > 59 ||
      Number(m[4] ?? 0) > 59
    ) {
      return null;
    }
    return `${m[1]}T${m[2]}:${m[3]}:${m[4] ?? '00'}${m[5] ?? ''}`;
  }
  return isIsoDate(date) ? `${date}T00:00:00` : null;
}

/** Completed years between two `YYYY-MM-DD` dates (the one of ./dates). */
export { ageOn } from './dates';

/** The date of arrival: the date part of `stay.entryDateTime`, else `entryDate`. */
export function arrivalDate(traveler: Pick<SesTraveler, 'entryDate' | 'stay'>): string {
  const dt = sesDateTime(traveler.stay?.entryDateTime);
  return dt ? dt.slice(0, 10) : traveler.entryDate;
}

/** Under 18 at arrival (isMinorOn). A traveler without a valid birth date counts as an adult. */
export function isMinor(
  traveler: Pick<SesTraveler, 'dateOfBirth' | 'entryDate' | 'stay'>,
): boolean {
  return isMinorOn(traveler.dateOfBirth, arrivalDate(traveler));
}

/** Whether the traveler's document goes into the file: it has a number. */
export function hasDocument(traveler: Pick<SesTraveler, 'passportNumber'>): boolean {
  return sesText(traveler.passportNumber) !== '';
}

export function isSpain(country: string | null | undefined): boolean {
  return sesText(country).toUpperCase() === 'ESP';
}

/** The document number as the service checks it: upper case; compact (no spaces, dots or dashes) for a NIF or NIE. */
export function sesDocumentNumber(
  traveler: Pick<SesTraveler, 'passportNumber' | 'documentType'>,
): string {
  const raw = sesText(traveler.passportNumber).toUpperCase();
  return traveler.documentType === 'D' || traveler.documentType === 'N'
    ? raw.replace(/[\s.-]/g, '')
    : raw.replace(/\s/g, '');
}

/** The support number of a DNI or NIE card: upper case, no spaces. */
export function sesSupportNumber(value: string | null | undefined): string {
  return sesText(value).toUpperCase().replace(/\s/g, '');
}

/** Travelers with the same contract reference form one stay (one communication), in the order first seen. */
export function sesStays<T extends Pick<SesTraveler, 'id' | 'stay'>>(
  travelers: readonly T[],
): T[][] {
  const groups = new Map<string, T[]>();
  for (const traveler of travelers) {
    const key = sesText(traveler.stay?.contractReference) || `\u0000${traveler.id}`;
    const group = groups.get(key);
    if (group) group.push(traveler);
    else groups.set(key, [traveler]);
  }
  return [...groups.values()];
}

/** The contract of a stay, normalised: each value from the first traveler of the stay that has it. */
export interface SesContract {
  reference: string;
  contractDate: string;
  /** xsd:dateTime, or null when unusable */
  entry: string | null;
  exit: string | null;
  /** Whether an exit date-time was given (as opposed to none at all). */
  exitGiven: boolean;
  numberOfPersons?: number;
  numberOfRooms?: number;
  internetBooking?: boolean;
  paymentType: string;
  paymentDate: string;
  paymentMethod: string;
  paymentHolder: string;
  cardExpiry: string;
}

export function sesContract(
  stay: readonly Pick<SesTraveler, 'stay' | 'entryDate' | 'checkOutDate'>[],
): SesContract {
  const value = <K extends keyof SesStay>(key: K): NonNullable<SesStay[K]> | undefined => {
    for (const traveler of stay) {
      const v = traveler.stay?.[key];
      if (v !== null && v !== undefined && v !== '') return v as NonNullable<SesStay[K]>;
    }
    return undefined;
  };
  const entryDateTime = value('entryDateTime');
  const exitDateTime = value('exitDateTime');
  const checkOut = stay.find((t) => sesText(t.checkOutDate))?.checkOutDate;
  return {
    reference: sesText(value('contractReference')),
    contractDate: sesText(value('contractDate')),
    entry: sesDateTime(entryDateTime, stay[0]?.entryDate),
    exit: sesDateTime(exitDateTime, checkOut),
    exitGiven: sesText(exitDateTime) !== '',
    numberOfPersons: value('numberOfPersons'),
    numberOfRooms: value('numberOfRooms'),
    internetBooking: value('internetBooking'),
    paymentType: sesText(value('paymentType')),
    paymentDate: sesText(value('paymentDate')),
    paymentMethod: sesText(value('paymentMethod')),
    paymentHolder: sesText(value('paymentHolder')),
    cardExpiry: sesText(value('cardExpiry')),
  };
}

// ---------------------------------------------------------------------------------------------
// The check
// ---------------------------------------------------------------------------------------------

/**
 * Every rule of SES.HOSPEDAJES that the data breaks, for a parte de viajeros (`PV`) or a reserva
 * de hospedaje (`RH`). An empty list means the file can be built and should be accepted.
 */
export function preflightSes(
  travelers: readonly SesTraveler[],
  establishment: SesEstablishment,
  options: { kind: SesCommunicationKind },
): SesProblem[] {
  const problems: SesProblem[] = [];
  const pv = options.kind === 'PV';

  const code = sesText(establishment.establishmentCode);
  if (!code) {
    problems.push({
      travelerId: null,
      field: 'establishment.establishmentCode',
      code: 'ses.establishmentCodeRequired',
    });
  } else if (sesLength(code) > SES_LIMITS.establishmentCode) {
    problems.push(tooLong(null, 'establishment.establishmentCode', SES_LIMITS.establishmentCode));
  }

  for (const traveler of travelers) {
    const add = (field: string, problemCode: SesProblemCode, params?: SesProblem['params']) =>
      problems.push({
        travelerId: traveler.id,
        field,
        code: problemCode,
        ...(params ? { params } : {}),
      });
    const maxLength = (field: string, value: string, max: number) => {
      if (sesLength(value) > max) problems.push(tooLong(traveler.id, field, max));
    };

    // A self check-in is reported once staff confirmed the arrival; a reservation may come before.
    if (pv && traveler.awaitingConfirmation) add('selfRegistration', 'ses.notConfirmed');

    // Names
    const firstName = sesText(traveler.firstName);
    const lastName = sesText(traveler.lastName);
    const secondLastName = sesText(traveler.secondLastName);
    if (!firstName) add('firstName', 'ses.firstNameRequired');
    if (!lastName) add('lastName', 'ses.lastNameRequired');
    maxLength('firstName', firstName, SES_LIMITS.name);
    maxLength('lastName', lastName, SES_LIMITS.name);
    maxLength('secondLastName', secondLastName, SES_LIMITS.name);

    // Dates and age
    const entryOk = isIsoDate(arrivalDate(traveler));
    if (!entryOk) add('entryDate', 'ses.entryDateInvalid');
    const birthGiven = sesText(traveler.dateOfBirth) !== '';
    if (pv || birthGiven) {
      if (!isIsoDate(traveler.dateOfBirth)) add('dateOfBirth', 'ses.dateOfBirthInvalid');
      else if (entryOk && traveler.dateOfBirth > arrivalDate(traveler))
        add('dateOfBirth', 'ses.dateOfBirthAfterEntry');
    }
    const minor = isMinor(traveler);

    // Document
    const documentNumber = sesText(traveler.passportNumber);
    const documented = documentNumber !== '';
    if (pv) {
      if (!minor && !documented) add('passportNumber', 'ses.documentRequiredForAdult');
      if (minor) {
        if (!traveler.kinship) add('kinship', 'ses.kinshipRequiredForMinor');
      }
    }
    if (
      pv &&
      traveler.kinship &&
      !(KINSHIP_CODES as readonly string[]).includes(traveler.kinship)
    ) {
      add('kinship', 'ses.kinshipInvalid');
    }
    if (documented) {
      maxLength('passportNumber', sesDocumentNumber(traveler), SES_LIMITS.documentNumber);
      const compact = sesDocumentNumber(traveler);
      if (traveler.documentType === 'D' && !(isValidDni(compact) || isValidSpecialNif(compact))) {
        add('passportNumber', 'ses.documentNumberInvalid');
      }
      if (traveler.documentType === 'N' && !isValidNie(compact))
        add('passportNumber', 'ses.documentNumberInvalid');
      // The number "deberá corresponder al tipo de documento del campo tipoDocumento" (manual
      // §3.1.1.1): a Spaniard's DNI (8 digits and its check letter) saved as a passport (the
      // form's default type) would go to the Ministry as a passport number. A Spanish passport is
      // never shaped so (3 letters, 6 digits); a foreigner holds no DNI, and a foreign passport of
      // that shape may pass the check letter by chance, so only a Spanish national's is caught.
      if (traveler.documentType === 'P' && isSpain(traveler.nationality) && isValidDni(compact))
        add('passportNumber', 'ses.dniAsPassport');
      if (traveler.documentType === 'D' && !secondLastName)
        add('secondLastName', 'ses.secondSurnameRequiredForNif');
      if (pv) {
        const support = sesSupportNumber(traveler.documentSupportNumber);
        if ((traveler.documentType === 'D' || traveler.documentType === 'N') && !support) {
          add('documentSupportNumber', 'ses.supportNumberRequired');
        }
        maxLength('documentSupportNumber', support, SES_LIMITS.supportNumber);
      }
    }

    // Nationality
    const nationality = sesText(traveler.nationality);
    if ((pv || nationality) && !/^[A-Za-z]{3}$/.test(nationality))
      add('nationality', 'ses.nationalityInvalid');

    // Contact: at least one of telefono, telefono2, correo
    const email = sesText(traveler.contactInfo?.email);
    const phone = sesText(traveler.contactInfo?.phone);
    const phone2 = sesText(traveler.contactInfo?.phone2);
    if (!email && !phone && !phone2) add('contactInfo', 'ses.contactRequired');
    if (email && (!SES_EMAIL_PATTERN.test(email) || sesLength(email) > SES_LIMITS.email)) {
      add('contactInfo.email', 'ses.emailInvalid');
    }
    maxLength('contactInfo.phone', phone, SES_LIMITS.phone);
    maxLength('contactInfo.phone2', phone2, SES_LIMITS.phone);

    // Home address: required in a parte (PV); optional in a reservation, where an incomplete one
    // is left out of the file.
    if (pv) checkAddress(traveler.address, add);
  }

  // Contract: one per stay (travelers sharing a contract reference); a value given on any
  // traveler of the stay counts, and a problem is reported on the first traveler of the stay.
  for (const stay of sesStays(travelers)) {
    const travelerId = stay[0]!.id;
    const add = (field: string, problemCode: SesProblemCode) =>
      problems.push({ travelerId, field, code: problemCode });
    const contract = sesContract(stay);
    if (!contract.reference) add('stay.contractReference', 'ses.contractReferenceRequired');
    else if (sesLength(contract.reference) > SES_LIMITS.contractReference) {
      problems.push(tooLong(travelerId, 'stay.contractReference', SES_LIMITS.contractReference));
    }
    if (!isIsoDate(contract.contractDate)) add('stay.contractDate', 'ses.contractDateInvalid');
    // fechaContrato is the "fecha en la que se formalizó el contrato" and fechaEntrada the "fecha
    // y hora de entrada en el alojamiento" (manual §3.1.1.1): a contract is made by the arrival at
    // the latest, so one dated after it is a typing mistake, not a date to report.
    else if (contract.entry && contract.contractDate > contract.entry.slice(0, 10))
      add('stay.contractDate', 'ses.contractDateAfterEntry');
    if (!contract.entry && isIsoDate(stay[0]!.entryDate))
      add('stay.entryDateTime', 'ses.entryDateInvalid');
    if (!contract.exit)
      add(contract.exitGiven ? 'stay.exitDateTime' : 'checkOutDate', 'ses.checkOutRequired');
    else if (contract.entry && contract.exit.slice(0, 19) < contract.entry.slice(0, 19)) {
      add('checkOutDate', 'ses.checkOutBeforeEntry');
    }
    if (!contract.paymentType) add('stay.paymentType', 'ses.paymentTypeRequired');
    else if (!(PAYMENT_TYPES as readonly string[]).includes(contract.paymentType))
      add('stay.paymentType', 'ses.paymentTypeInvalid');
    if (contract.paymentDate && !isIsoDate(contract.paymentDate))
      add('stay.paymentDate', 'ses.paymentDateInvalid');
    if (contract.cardExpiry && !/^(0[1-9]|1[0-2])\/\d{4}$/.test(contract.cardExpiry))
      add('stay.cardExpiry', 'ses.cardExpiryInvalid');
    for (const key of ['numberOfPersons', 'numberOfRooms'] as const) {
      const n = contract[key];
      if (n !== undefined && !(Number.isInteger(n) && n >= 1 && n <= 9999))
        add(`stay.${key}`, 'ses.numberInvalid');
    }
    const persons = contract.numberOfPersons;
    if (
      persons !== undefined &&
      Number.isInteger(persons) &&
      persons >= 1 &&
      persons < stay.length
    ) {
      problems.push({
        travelerId,
        field: 'stay.numberOfPersons',
        code: 'ses.numberOfPersonsTooFew',
        params: { count: stay.length },
      });
    }
    // One contract carries one value of each: a traveler of the stay who gives another one would
    // be reported with the first traveler's.
    for (const key of CONTRACT_VALUES) {
      let first: string | undefined;
      for (const traveler of stay) {
        const v = traveler.stay?.[key];
        if (v === null || v === undefined || v === '') continue;
        const written = String(v).trim();
        if (first === undefined) first = written;
        else if (written !== first)
          problems.push({
            travelerId: traveler.id,
            field: `stay.${key}`,
            code: 'ses.contractValueDiffers',
            params: { reference: contract.reference },
          });
      }
    }
    // A minor is reported with an adult of the same contract, who gives the relationship
    // (reference §1.4): a contract of minors alone cannot say it.
    if (pv && stay.every((traveler) => isMinor(traveler))) {
      for (const minor of stay)
        problems.push({
          travelerId: minor.id,
          field: 'stay.contractReference',
          code: 'ses.minorWithoutAdult',
        });
    }
  }
  return problems;
}

/** The values of a contract that every traveler of a stay must give alike, when given. */
const CONTRACT_VALUES = [
  'contractDate',
  'entryDateTime',
  'exitDateTime',
  'numberOfPersons',
  'numberOfRooms',
  'internetBooking',
  'paymentType',
] as const satisfies readonly (keyof SesStay)[];

function tooLong(travelerId: string | null, field: string, max: number): SesProblem {
  return { travelerId, field, code: 'ses.tooLong', params: { max } };
}

function checkAddress(
  address: SesAddress | null | undefined,
  add: (field: string, code: SesProblemCode, params?: SesProblem['params']) => void,
): void {
  if (!address) {
    add('address', 'ses.addressRequired');
    return;
  }
  if (!sesText(address.street)) add('address.street', 'ses.streetRequired');
  if (!sesText(address.postalCode)) add('address.postalCode', 'ses.postalCodeRequired');
  else if (sesLength(sesText(address.postalCode)) > SES_LIMITS.postalCode) {
    add('address.postalCode', 'ses.tooLong', { max: SES_LIMITS.postalCode });
  }
  const country = sesText(address.country);
  if (!/^[A-Za-z]{3}$/.test(country)) add('address.country', 'ses.countryInvalid');
  if (isSpain(country)) {
    const municipality = sesText(address.municipalityCode);
    if (!/^\d{5}$/.test(municipality))
      add('address.municipalityCode', 'ses.municipalityCodeRequired');
    // The Ministry refuses a code that is not in the INE list; one of another province than the
    // postal code is a postal code typed as the INE code (decision 026).
    else if (!isIneMunicipalityCode(municipality))
      add('address.municipalityCode', 'ses.municipalityCodeUnknown');
    else if (!municipalityFitsPostalCode(municipality, sesText(address.postalCode)))
      add('address.municipalityCode', 'ses.municipalityNotInPostalCodeProvince');
  } else if (!sesText(address.municipalityName)) {
    add('address.municipalityName', 'ses.municipalityNameRequired');
  }
}

// ---------------------------------------------------------------------------------------------
// Texts
// ---------------------------------------------------------------------------------------------

/** Texts of the problems per language (keys without the `ses.` prefix); es is the fallback. */
export const SES_TEXTS: Partial<Record<Language, Record<string, string>>> = {
  ar: arSes,
  ca: caSes,
  de: deSes,
  en: enSes,
  es: esSes,
  eu: euSes,
  fr: frSes,
  gl: glSes,
  it: itSes,
  ja: jaSes,
  ko: koSes,
  pt: ptSes,
  ru: ruSes,
  uk: ukSes,
  va: vaSes,
  zh: zhSes,
};

/** The text of a problem in a language, e.g. "Falta el primer apellido". */
export function sesProblemText(
  lng: Language,
  problem: Pick<SesProblem, 'code' | 'params'>,
): string {
  const key = problem.code.slice('ses.'.length);
  const template = SES_TEXTS[lng]?.[key] ?? SES_TEXTS[DEFAULT_LANGUAGE]?.[key] ?? problem.code;
  return interpolate(template, problem.params);
}
