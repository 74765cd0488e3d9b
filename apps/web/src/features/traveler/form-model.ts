import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { printedSpellings, properCaseName } from '@hospes/shared/names';
import type { DocumentType } from '@hospes/shared/codes';
import { todayIso } from '@hospes/shared/dates';
import {
  emergencyContactIssues,
  recordIssuesByClock,
  registrationSchemasFor,
  type CreateTravelerInput,
  type TravelerRecordLike,
  type Traveler,
  type UpdateTravelerInput,
} from '@hospes/shared/travelers';
import type { ScanResult } from '@hospes/shared/mrz';
import { compactId } from '@hospes/shared/spanish-ids';
import { schemaResolver } from '@/lib/form';

/** What the traveler form holds: text for every field, '' for empty. */
export interface TravelerFormValues {
  firstName: string;
  lastName: string;
  secondLastName: string;
  nationality: string;
  dateOfBirth: string;
  gender: string;
  kinship: string;
  documentType: DocumentType;
  passportNumber: string;
  documentSupportNumber: string;
  documentExpeditionDate: string;
  entryDate: string;
  checkOutDate: string;
  language: string;
  establishmentId: string;
  contactInfo: { email: string; phone: string; phone2: string; address: string };
  address: {
    street: string;
    complement: string;
    municipalityCode: string;
    municipalityName: string;
    postalCode: string;
    country: string;
  };
  emergencyContact: { name: string; phone: string; relationship: string };
  stay: {
    contractReference: string;
    contractDate: string;
    entryDateTime: string;
    exitDateTime: string;
    numberOfPersons: string;
    numberOfRooms: string;
    internetBooking: '' | 'yes' | 'no';
    paymentType: string;
    paymentDate: string;
    paymentMethod: string;
    paymentHolder: string;
    cardExpiry: string;
  };
  frontDocImage: string;
  backDocImage: string;
  signatureImage: string;
}

/** The form's sections, in screen order; the collapsible ones hold the rarely used SES data. */
export const SECTIONS = {
  identity: [
    'firstName',
    'lastName',
    'secondLastName',
    'nationality',
    'dateOfBirth',
    'gender',
    'kinship',
  ],
  document: [
    'documentType',
    'passportNumber',
    'documentSupportNumber',
    'documentExpeditionDate',
    'frontDocImage',
    'backDocImage',
  ],
  stayDates: ['establishmentId', 'entryDate', 'checkOutDate'],
  contact: ['contactInfo.email', 'contactInfo.phone', 'contactInfo.phone2', 'language'],
  emergency: ['emergencyContact.name', 'emergencyContact.phone', 'emergencyContact.relationship'],
  homeAddress: [
    'contactInfo.address',
    'address.street',
    'address.complement',
    'address.country',
    'address.municipalityCode',
    'address.municipalityName',
    'address.postalCode',
  ],
  contract: [
    'stay.contractReference',
    'stay.contractDate',
    'stay.entryDateTime',
    'stay.exitDateTime',
    'stay.numberOfPersons',
    'stay.numberOfRooms',
    'stay.internetBooking',
  ],
  payment: [
    'stay.paymentType',
    'stay.paymentDate',
    'stay.paymentMethod',
    'stay.paymentHolder',
    'stay.cardExpiry',
  ],
  signature: ['signatureImage'],
} as const;

export type SectionKey = keyof typeof SECTIONS;

/** Every section: the staff's forms (a new registration at the desk, an edit). */
export const ALL_SECTIONS = Object.keys(SECTIONS) as readonly SectionKey[];
/**
 * The sections that may be closed: the rarely used ones everywhere; the stay's dates and an
 * optional emergency contact on the desk's new registration, where the establishment's defaults
 * give them (decision 055).
 */
export const COLLAPSIBLE_SECTIONS = [
  'homeAddress',
  'contract',
  'payment',
  'stayDates',
  'emergency',
] as const;
export type CollapsibleSection = (typeof COLLAPSIBLE_SECTIONS)[number];

/** Every field path of the form, in screen order (for focus and for server errors). */
export const FIELD_ORDER: readonly string[] = Object.values(SECTIONS).flat();

export function sectionOf(field: string): SectionKey | undefined {
  return (Object.keys(SECTIONS) as SectionKey[]).find((key) =>
    (SECTIONS[key] as readonly string[]).includes(field),
  );
}

/** Document types whose card has a back side worth photographing (a passport has one page). */
export function hasBackSide(type: string): boolean {
  return type !== 'P';
}

export function emptyTravelerValues(establishmentId = '', today = todayIso()): TravelerFormValues {
  return {
    firstName: '',
    lastName: '',
    secondLastName: '',
    nationality: '',
    dateOfBirth: '',
    gender: '',
    kinship: '',
    documentType: 'P',
    passportNumber: '',
    documentSupportNumber: '',
    documentExpeditionDate: '',
    entryDate: today,
    checkOutDate: '',
    language: 'es',
    establishmentId,
    contactInfo: { email: '', phone: '', phone2: '', address: '' },
    address: {
      street: '',
      complement: '',
      municipalityCode: '',
      municipalityName: '',
      postalCode: '',
      country: '',
    },
    emergencyContact: { name: '', phone: '', relationship: '' },
    stay: {
      contractReference: '',
      contractDate: '',
      entryDateTime: '',
      exitDateTime: '',
      numberOfPersons: '',
      numberOfRooms: '',
      internetBooking: '',
      paymentType: '',
      paymentDate: '',
      paymentMethod: '',
      paymentHolder: '',
      cardExpiry: '',
    },
    frontDocImage: '',
    backDocImage: '',
    signatureImage: '',
  };
}

/** A home address as the form holds it (the empty one when there is none). */
export function addressValuesOf(
  address:
    | {
        street: string;
        complement?: string | null | undefined;
        municipalityCode?: string | null | undefined;
        municipalityName?: string | null | undefined;
        postalCode: string;
        country: string;
      }
    | null
    | undefined,
): TravelerFormValues['address'] {
  if (!address) return emptyTravelerValues().address;
  return {
    street: address.street,
    complement: address.complement ?? '',
    municipalityCode: address.municipalityCode ?? '',
    municipalityName: address.municipalityName ?? '',
    postalCode: address.postalCode,
    country: address.country,
  };
}

/** A stored traveler as form values (for the edit page). */
export function travelerValuesFrom(pilgrim: Traveler): TravelerFormValues {
  const empty = emptyTravelerValues(pilgrim.establishmentId);
  const s = pilgrim.stay;
  return {
    ...empty,
    firstName: pilgrim.firstName,
    lastName: pilgrim.lastName,
    secondLastName: pilgrim.secondLastName ?? '',
    nationality: pilgrim.nationality,
    dateOfBirth: pilgrim.dateOfBirth,
    gender: pilgrim.gender,
    kinship: pilgrim.kinship ?? '',
    documentType: pilgrim.documentType,
    passportNumber: pilgrim.passportNumber ?? '',
    documentSupportNumber: pilgrim.documentSupportNumber ?? '',
    documentExpeditionDate: pilgrim.documentExpeditionDate ?? '',
    entryDate: pilgrim.entryDate,
    checkOutDate: pilgrim.checkOutDate ?? '',
    language: pilgrim.language,
    contactInfo: {
      email: pilgrim.contactInfo.email,
      phone: pilgrim.contactInfo.phone,
      phone2: pilgrim.contactInfo.phone2 ?? '',
      address: pilgrim.contactInfo.address ?? '',
    },
    address: addressValuesOf(pilgrim.address),
    emergencyContact: { ...pilgrim.emergencyContact },
    stay: {
      contractReference: s.contractReference ?? '',
      contractDate: s.contractDate ?? '',
      entryDateTime: s.entryDateTime?.slice(0, 16) ?? '',
      exitDateTime: s.exitDateTime?.slice(0, 16) ?? '',
      numberOfPersons: s.numberOfPersons === null ? '' : String(s.numberOfPersons),
      numberOfRooms: s.numberOfRooms === null ? '' : String(s.numberOfRooms),
      internetBooking: s.internetBooking === null ? '' : s.internetBooking ? 'yes' : 'no',
      paymentType: s.paymentType ?? '',
      paymentDate: s.paymentDate ?? '',
      paymentMethod: s.paymentMethod ?? '',
      paymentHolder: s.paymentHolder ?? '',
      cardExpiry: s.cardExpiry ?? '',
    },
  };
}

const blank = (value: string) => value.trim() === '';
const orUndefined = (value: string) => (blank(value) ? undefined : value);

/**
 * The form's values in the shape of the shared schemas: a required field left empty is missing
 * (so it reads "This field is required"), an untouched home address or stay is null, the
 * internet-booking choice a boolean.
 */
export function toSchemaInput(values: TravelerFormValues): Record<string, unknown> {
  const address = Object.values(values.address).every(blank) ? null : values.address;
  const { internetBooking, ...stayText } = values.stay;
  const stay =
    Object.values(stayText).every(blank) && internetBooking === ''
      ? null
      : { ...stayText, internetBooking: internetBooking === '' ? null : internetBooking === 'yes' };
  return {
    ...values,
    dateOfBirth: orUndefined(values.dateOfBirth),
    gender: orUndefined(values.gender),
    emergencyContact: {
      ...values.emergencyContact,
      relationship: orUndefined(values.emergencyContact.relationship),
    },
    address,
    stay,
  };
}

function errorAt(errors: FieldErrors, path: string): unknown {
  let node: unknown = errors;
  for (const part of path.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function setErrorAt(errors: FieldErrors, path: string, message: string) {
  const parts = path.split('.');
  let node = errors as Record<string, unknown>;
  for (const part of parts.slice(0, -1)) {
    node[part] ??= {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts.at(-1) ?? ''] = { type: 'custom', message };
}

/**
 * The traveler form's resolver: the shared schema (TravelerRegistrationFormSchema when a signature
 * is required, CreateTravelerInputSchema otherwise) on the form's values. The rules across fields
 * (DNI letter, support number for D/N, check-out before entry, …) are also reported while other
 * fields are still missing, which zod alone would not do. The date rules go by the
 * establishment's clock (`timeZone`, see establishmentTimeZone) when the form knows it; else they
 * refuse only what every Spanish clock refuses (recordIssuesByClock), and the server decides. The
 * emergency contact is required unless `emergencyContactOptional` (the desk of an establishment
 * that makes it optional, decision 055): then all three fields or none.
 */
export function travelerResolver(
  requireSignature: boolean,
  timeZone?: string,
  emergencyContactOptional = false,
): Resolver<TravelerFormValues, unknown, CreateTravelerInput> {
  const schemas = registrationSchemasFor(timeZone, emergencyContactOptional);
  const schema = requireSignature ? schemas.form : schemas.create;
  const resolve = schemaResolver(schema);
  return async (values, context, options) => {
    const input = toSchemaInput(values);
    const result = await (
      resolve as unknown as Resolver<FieldValues, unknown, CreateTravelerInput>
    )(input, context, options as never);
    if (Object.keys(result.errors).length === 0) {
      return result as unknown as Awaited<
        ReturnType<Resolver<TravelerFormValues, unknown, CreateTravelerInput>>
      >;
    }
    const errors = result.errors as FieldErrors;
    const record = {
      ...values,
      documentType: values.documentType,
      passportNumber: compactId(values.passportNumber),
      documentSupportNumber: compactId(values.documentSupportNumber),
      address: input.address as TravelerFormValues['address'] | null,
      stay: null,
    };
    for (const issue of recordIssuesByClock(
      Object.fromEntries(
        Object.entries(record).map(([key, value]) => [key, value === '' ? null : value]),
      ) as TravelerRecordLike,
      { complete: true },
      timeZone,
    )) {
      const path = issue.path.join('.');
      if (!errorAt(errors, path)) setErrorAt(errors, path, issue.message);
    }
    // Said with the other fields' errors (the schema's own rule waits for them to pass).
    for (const issue of emergencyContactIssues(
      values.emergencyContact,
      !emergencyContactOptional,
    )) {
      const path = issue.path.join('.');
      if (!errorAt(errors, path)) setErrorAt(errors, path, issue.message);
    }
    // An empty choice reads "required", not "invalid option".
    for (const path of ['gender', 'emergencyContact.relationship'] as const) {
      const value = path === 'gender' ? values.gender : values.emergencyContact.relationship;
      if (value === '' && errorAt(errors, path)) setErrorAt(errors, path, 'validation.required');
    }
    if (requireSignature && !values.signatureImage && !errorAt(errors, 'signatureImage')) {
      setErrorAt(errors, 'signatureImage', 'validation.signatureRequired');
    }
    return { values: {}, errors } as unknown as Awaited<
      ReturnType<Resolver<TravelerFormValues, unknown, CreateTravelerInput>>
    >;
  };
}

/** The PUT body of an edit: every field (the form holds the whole record), images only if new. */
export function toUpdateInput(input: CreateTravelerInput): UpdateTravelerInput {
  const { frontDocImage, backDocImage, signatureImage, establishmentId, ...fields } = input;
  void establishmentId;
  return {
    ...fields,
    ...(frontDocImage ? { frontDocImage } : {}),
    ...(backDocImage ? { backDocImage } : {}),
    ...(signatureImage ? { signatureImage } : {}),
  };
}

/** How strongly a field read from a document must be checked by a person. */
export type ScanMark = 'check' | 'verify';

/** A name as read from an MRZ and the spellings it may have on the document (Müller, Jean-Pierre). */
export interface NameSpellings {
  read: string;
  printed: string[];
}

/** Form values read from a document, with the fields to check marked. */
export interface TravelerPrefill {
  values: Partial<TravelerFormValues>;
  marks: Partial<Record<string, ScanMark>>;
  /**
   * Per name field read from an MRZ: how the name may be printed on the document (Müller for
   * MUELLER), offered for one tap while the field holds what was read.
   */
  spellings?: Partial<Record<string, NameSpellings>>;
}

/**
 * What a companion of a registered traveler shares with them (a child, a partner registered
 * next): the dates, the home address, the e-mail and phone and the stay, with the same contract
 * reference, so that SES reports them in one communication (a minor must be in an adult's:
 * ses.minorWithoutAdult). A walk-in's contract is its report number (decision 013), which the
 * companion then names.
 */
export function companionPrefill(pilgrim: Traveler): TravelerPrefill {
  const values = travelerValuesFrom(pilgrim);
  return companionOf(values, values.stay.contractReference || pilgrim.reportNumber || '');
}

/**
 * What a companion shares with a traveler whose form held `values` (see companionPrefill), with
 * the contract reference they share: by default the one the form came with (a traveler still
 * being sent has no report number yet).
 */
export function companionOf(
  values: TravelerFormValues,
  contractReference = values.stay.contractReference,
): TravelerPrefill {
  return {
    values: {
      entryDate: values.entryDate,
      checkOutDate: values.checkOutDate,
      address: values.address,
      // The e-mail and phone a child, a couple or a family gives in practice (the self check-in
      // copies them too); not the second phone, nor the emergency contact, nor anything of their own.
      contactInfo: {
        email: values.contactInfo.email,
        phone: values.contactInfo.phone,
        phone2: '',
        address: values.contactInfo.address,
      },
      stay: {
        ...values.stay,
        contractReference,
        contractDate: values.stay.contractDate || values.entryDate,
        // The first traveler's count did not include the companion: left for the desk to give.
        numberOfPersons: '',
      },
    },
    marks: {},
  };
}

/**
 * The fields of a document scan (POST /ocr/process-document) as form values. A field the reading
 * confirmed is marked `check`; the others (names have no check digit) `verify` ("please check").
 * Names come in proper case (the MRZ has only capitals), with the spellings the MRZ may have lost.
 */
export function prefillFromScan(
  scan: Pick<ScanResult, 'confirmed'> & Partial<ScanResult>,
  image: string | null = null,
): TravelerPrefill {
  const values: Partial<TravelerFormValues> = {};
  const marks: Partial<Record<string, ScanMark>> = {};
  const spellings: Partial<Record<string, NameSpellings>> = {};
  const confirmed = scan.confirmed as Partial<Record<string, boolean>>;
  const put = <K extends keyof TravelerFormValues & string>(
    key: K,
    value: TravelerFormValues[K] | undefined,
    confirmedBy: string = key,
  ) => {
    if (value === undefined || value === '') return;
    values[key] = value;
    marks[key] = confirmed[confirmedBy] ? 'check' : 'verify';
  };
  put('documentType', scan.documentType);
  put('passportNumber', scan.passportNumber);
  put('documentSupportNumber', scan.documentSupportNumber);
  for (const key of ['firstName', 'lastName', 'secondLastName'] as const) {
    const name = properCaseName(scan[key] ?? '');
    put(key, name);
    const printed = name ? printedSpellings(name, scan.issuingCountry ?? '') : [];
    if (printed.length) spellings[key] = { read: name, printed };
  }
  put('dateOfBirth', scan.dateOfBirth);
  put('nationality', scan.nationality);
  put('gender', scan.gender);
  put('documentExpeditionDate', scan.documentExpeditionDate);
  if (image) values.frontDocImage = image;
  return { values, marks, spellings };
}
