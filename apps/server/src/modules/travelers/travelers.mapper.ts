/**
 * A traveler in its three shapes: the complete record the rules check, the database row, and the
 * answer of the API (spec §3 field names).
 */
import {
  DEFAULT_DOCUMENT_TYPE,
  type DocumentType,
  type EmergencyRelationship,
  type Gender,
  type KinshipCode,
  type PaymentType,
} from '@hospes/shared/codes';
import type {
  DocumentUpload,
  ReportedTo,
  Traveler,
  CreateTravelerInput,
  UpdateTravelerInput,
} from '@hospes/shared/travelers';
import { normaliseSearchText } from '@hospes/shared/search';
import { daysOfStay, stayStatus } from '@hospes/shared/stay';
import type { NewTravelerRow, TravelerDbRow } from '../../db/schema';

export interface StayRecord {
  contractReference: string | null;
  contractDate: string | null;
  entryDateTime: string | null;
  exitDateTime: string | null;
  numberOfPersons: number | null;
  numberOfRooms: number | null;
  internetBooking: boolean | null;
  paymentType: PaymentType | null;
  paymentDate: string | null;
  paymentMethod: string | null;
  paymentHolder: string | null;
  cardExpiry: string | null;
}

export interface AddressRecord {
  street: string;
  complement: string | null;
  municipalityCode: string | null;
  municipalityName: string | null;
  postalCode: string;
  country: string;
}

/** Every field of a traveler, defaults applied. */
export interface TravelerRecord {
  establishmentId: string;
  firstName: string;
  lastName: string;
  secondLastName: string | null;
  nationality: string;
  documentType: DocumentType;
  passportNumber: string | null;
  documentSupportNumber: string | null;
  dateOfBirth: string;
  gender: Gender;
  /** Null when not given: never made up (decision 042). */
  documentExpeditionDate: string | null;
  entryDate: string;
  checkOutDate: string | null;
  language: string;
  contactInfo: { email: string; phone: string; phone2: string | null; address: string | null };
  address: AddressRecord | null;
  kinship: KinshipCode | null;
  /** All three empty: none (an establishment that makes it optional at the desk, decision 055). */
  emergencyContact: { name: string; phone: string; relationship: EmergencyRelationship | '' };
  stay: StayRecord;
}

const EMPTY_STAY: StayRecord = {
  contractReference: null,
  contractDate: null,
  entryDateTime: null,
  exitDateTime: null,
  numberOfPersons: null,
  numberOfRooms: null,
  internetBooking: null,
  paymentType: null,
  paymentDate: null,
  paymentMethod: null,
  paymentHolder: null,
  cardExpiry: null,
};

const orNull = <T>(value: T | null | undefined): T | null => (value === undefined ? null : value);

function stayRecord(stay: CreateTravelerInput['stay']): StayRecord {
  if (!stay) return { ...EMPTY_STAY };
  const out = { ...EMPTY_STAY };
  for (const key of Object.keys(EMPTY_STAY) as (keyof StayRecord)[]) {
    (out as Record<string, unknown>)[key] = orNull(stay[key]);
  }
  return out;
}

function addressRecord(address: CreateTravelerInput['address']): AddressRecord | null {
  if (!address) return null;
  return {
    street: address.street,
    complement: orNull(address.complement),
    municipalityCode: orNull(address.municipalityCode),
    municipalityName: orNull(address.municipalityName),
    postalCode: address.postalCode,
    country: address.country,
  };
}

/**
 * The defaults of spec §5 for empty values: type P, entry today, language es. Not the document's
 * issue date: spec §5 made it today, which put a date nobody read on the register; an empty one
 * stays empty (decision 042).
 */
function defaulted(
  values: {
    documentType?: DocumentType | null;
    entryDate?: string | null;
    documentExpeditionDate?: string | null;
    language?: string | null;
  },
  today: string,
) {
  const entryDate = values.entryDate ?? today;
  return {
    documentType: values.documentType ?? DEFAULT_DOCUMENT_TYPE,
    entryDate,
    documentExpeditionDate: values.documentExpeditionDate ?? null,
    language: values.language ?? 'es',
  };
}

export function recordFromCreateInput(
  input: CreateTravelerInput,
  establishmentId: string,
  today: string,
): TravelerRecord {
  return {
    establishmentId,
    firstName: input.firstName,
    lastName: input.lastName,
    secondLastName: orNull(input.secondLastName),
    nationality: input.nationality,
    passportNumber: orNull(input.passportNumber),
    documentSupportNumber: orNull(input.documentSupportNumber),
    dateOfBirth: input.dateOfBirth,
    gender: input.gender,
    checkOutDate: orNull(input.checkOutDate),
    contactInfo: {
      email: input.contactInfo.email,
      phone: input.contactInfo.phone,
      phone2: orNull(input.contactInfo.phone2),
      address: orNull(input.contactInfo.address),
    },
    address: addressRecord(input.address),
    kinship: orNull(input.kinship),
    emergencyContact: {
      name: input.emergencyContact?.name ?? '',
      phone: input.emergencyContact?.phone ?? '',
      relationship: input.emergencyContact?.relationship ?? '',
    },
    stay: stayRecord(input.stay),
    ...defaulted(input, today),
  };
}

/** `patch` over `current`: a missing key keeps, null clears (or restores a default). */
export function mergeUpdate(
  current: TravelerRecord,
  patch: UpdateTravelerInput,
  establishmentId: string,
  today: string,
): TravelerRecord {
  const pick = <K extends keyof UpdateTravelerInput & keyof TravelerRecord>(key: K) =>
    (patch[key] === undefined ? current[key] : patch[key]) as TravelerRecord[K];
  const contact = patch.contactInfo ?? {};
  const emergency = patch.emergencyContact ?? {};
  return {
    establishmentId,
    firstName: pick('firstName'),
    lastName: pick('lastName'),
    secondLastName: pick('secondLastName'),
    nationality: pick('nationality'),
    passportNumber: pick('passportNumber'),
    documentSupportNumber: pick('documentSupportNumber'),
    dateOfBirth: pick('dateOfBirth'),
    gender: pick('gender'),
    checkOutDate: pick('checkOutDate'),
    kinship: pick('kinship'),
    contactInfo: {
      email: contact.email ?? current.contactInfo.email,
      phone: contact.phone ?? current.contactInfo.phone,
      phone2: contact.phone2 === undefined ? current.contactInfo.phone2 : contact.phone2,
      address: contact.address === undefined ? current.contactInfo.address : contact.address,
    },
    emergencyContact: {
      name: emergency.name ?? current.emergencyContact.name,
      phone: emergency.phone ?? current.emergencyContact.phone,
      relationship: emergency.relationship ?? current.emergencyContact.relationship,
    },
    address: patch.address === undefined ? current.address : addressRecord(patch.address),
    stay: patch.stay === undefined ? current.stay : stayRecord(patch.stay),
    ...defaulted(
      {
        documentType: patch.documentType === undefined ? current.documentType : patch.documentType,
        entryDate: patch.entryDate === undefined ? current.entryDate : patch.entryDate,
        documentExpeditionDate:
          patch.documentExpeditionDate === undefined
            ? current.documentExpeditionDate
            : patch.documentExpeditionDate,
        language: patch.language === undefined ? current.language : patch.language,
      },
      today,
    ),
  };
}

export function recordFromRow(row: TravelerDbRow): TravelerRecord {
  return {
    establishmentId: row.establishmentId,
    firstName: row.firstName,
    lastName: row.lastName,
    secondLastName: row.secondLastName,
    nationality: row.nationality,
    documentType: row.documentType as DocumentType,
    passportNumber: row.documentNumber,
    documentSupportNumber: row.documentSupportNumber,
    dateOfBirth: row.dateOfBirth,
    gender: row.gender as Gender,
    documentExpeditionDate: row.documentExpeditionDate,
    entryDate: row.entryDate,
    checkOutDate: row.checkOutDate,
    language: row.language,
    contactInfo: {
      email: row.email,
      phone: row.phone,
      phone2: row.phone2,
      address: row.contactAddress,
    },
    address:
      row.addressStreet !== null && row.addressPostalCode !== null && row.addressCountry !== null
        ? {
            street: row.addressStreet,
            complement: row.addressComplement,
            municipalityCode: row.addressMunicipalityCode,
            municipalityName: row.addressMunicipalityName,
            postalCode: row.addressPostalCode,
            country: row.addressCountry,
          }
        : null,
    kinship: row.kinship as KinshipCode | null,
    emergencyContact: {
      name: row.emergencyName,
      phone: row.emergencyPhone,
      relationship: row.emergencyRelationship as EmergencyRelationship | '',
    },
    stay: {
      contractReference: row.contractReference,
      contractDate: row.contractDate,
      entryDateTime: row.entryDateTime,
      exitDateTime: row.exitDateTime,
      numberOfPersons: row.numberOfPersons,
      numberOfRooms: row.numberOfRooms,
      internetBooking: row.internetBooking,
      paymentType: row.paymentType as PaymentType | null,
      paymentDate: row.paymentDate,
      paymentMethod: row.paymentMethod,
      paymentHolder: row.paymentHolder,
      cardExpiry: row.cardExpiry,
    },
  };
}

export type TravelerValues = Omit<NewTravelerRow, 'id' | 'createdBy' | 'createdAt' | 'updatedAt'>;

export function valuesFromRecord(record: TravelerRecord): TravelerValues {
  const { contactInfo: contact, address, emergencyContact: emergency, stay } = record;
  return {
    establishmentId: record.establishmentId,
    firstName: record.firstName,
    lastName: record.lastName,
    secondLastName: record.secondLastName,
    nationality: record.nationality,
    documentType: record.documentType,
    documentNumber: record.passportNumber,
    documentSupportNumber: record.documentSupportNumber,
    dateOfBirth: record.dateOfBirth,
    gender: record.gender,
    documentExpeditionDate: record.documentExpeditionDate,
    entryDate: record.entryDate,
    checkOutDate: record.checkOutDate,
    language: record.language,
    email: contact.email,
    phone: contact.phone,
    phone2: contact.phone2,
    contactAddress: contact.address,
    addressStreet: address?.street ?? null,
    addressComplement: address?.complement ?? null,
    addressMunicipalityCode: address?.municipalityCode ?? null,
    addressMunicipalityName: address?.municipalityName ?? null,
    addressPostalCode: address?.postalCode ?? null,
    addressCountry: address?.country ?? null,
    kinship: record.kinship,
    emergencyName: emergency.name,
    emergencyPhone: emergency.phone,
    emergencyRelationship: emergency.relationship,
    ...stay,
    searchText: normaliseSearchText(
      [
        record.firstName,
        record.lastName,
        record.secondLastName,
        record.passportNumber,
        contact.email,
        contact.phone,
      ]
        .filter(Boolean)
        .join(' '),
    ),
  };
}

/** Field names (API paths) whose value differs: what an audit entry may say about an update. */
export function changedFields(before: TravelerRecord, after: TravelerRecord): string[] {
  const changed: string[] = [];
  const walk = (a: unknown, b: unknown, path: string) => {
    if (a && b && typeof a === 'object' && typeof b === 'object') {
      for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
        walk(
          (a as Record<string, unknown>)[key],
          (b as Record<string, unknown>)[key],
          path ? `${path}.${key}` : key,
        );
      }
    } else if (a !== b) changed.push(path);
  };
  walk(before, after, '');
  return changed;
}

export interface DocumentMeta {
  id: string;
  kind: DocumentUpload['kind'];
  mimeType: string;
  originalName: string;
  size: number;
  /** ISO date-time. */
  createdAt: string;
}

/** `2026/000123`: the year, then the number in that year's series, six digits at least. */
/** Report numbers run per establishment and year of entry. */
export const reportYearOf = (entryDate: string) => Number(entryDate.slice(0, 4));

export function formatReportNumber(year: number | null, seq: number | null): string | null {
  return year === null || seq === null ? null : `${year}/${String(seq).padStart(6, '0')}`;
}

/** The check-in link registration of a traveler (see modules/checkin). */
export interface SelfRegistrationMeta {
  status: 'pending' | 'confirmed';
  confirmationCode: string;
}

export function toTravelerDto(
  row: TravelerDbRow,
  establishmentName: string,
  documents: DocumentMeta[],
  today: string,
  selfRegistration: SelfRegistrationMeta | null = null,
  reportedTo: ReportedTo | null = null,
): Traveler {
  const record = recordFromRow(row);
  const { establishmentId, ...rest } = record;
  return {
    id: row.id,
    reportNumber: formatReportNumber(row.reportYear, row.reportSeq),
    source: row.source === 'import' ? 'import' : 'registration',
    ...rest,
    daysOfStay: daysOfStay(row.entryDate, row.checkOutDate, today),
    stayStatus: stayStatus(row.entryDate, row.checkOutDate, today),
    establishmentId,
    establishment: { id: establishmentId, name: establishmentName },
    documentUploads: documents.map((d) => ({
      id: d.id,
      kind: d.kind,
      mimeType: d.mimeType,
      originalName: d.originalName,
      size: d.size,
      createdAt: d.createdAt,
    })),
    selfRegistration,
    reportedTo,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
