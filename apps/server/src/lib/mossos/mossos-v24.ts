/**
 * The Mossos d'Esquadra bulk file ("fitxer massiu", layout "V24"): everything the portal
 * `registreviatgers.mossos.gencat.cat` is told about the file lives in this one module, so that a
 * correction of the layout is one change here (and in its test).
 *
 * SOURCE (reference ses-hospedajes.md §3, [UNCONFIRMED]): the only public implementation found,
 * VikBooking's Mossos report (E4J srl, PHP class `VikBookingReportEsMossosDesquadra`), read
 * together with the 2003 BOE format it extends (BOE núm. 180, 29-07-2003, Anexo 1: records
 * separated by CRLF, the last one without, fields by `|`, alphabetic values upper case, the file
 * named `<identifier>.<001-999>`). The encoding ISO-8859-1 is also [UNCONFIRMED] (a third-party
 * plan). To verify against the official "Manual d'instruccions" of the portal
 * (`info.do?reqCode=listDocuments&docIdPare=2`) when it can be read.
 */
import {
  isSpain,
  sesContract,
  sesDocumentNumber,
  sesDocumentType,
  sesSex,
  sesStays,
  sesSupportNumber,
  sesText,
  type SesTraveler,
} from '@hospes/shared/ses-preflight';
import { MOSSOS_LAYOUT_VERSION, mossosIdentifier } from '@hospes/shared/mossos';

/** Records are separated by CRLF; the last one has none after it (BOE 2003). */
export const MOSSOS_RECORD_SEPARATOR = '\r\n';
/** Fields are separated by the pipe. */
export const MOSSOS_FIELD_SEPARATOR = '|';
/** The bytes of the file: ISO-8859-1 (Node's `latin1`). */
export const MOSSOS_ENCODING = 'latin1' as const;
export const MOSSOS_CONTENT_TYPE = 'text/plain; charset=iso-8859-1';
/** The establishment's name in record 1 is at most 40 characters. */
export const MOSSOS_NAME_LENGTH = 40;
/** The street of the home address, at most 100 characters. */
export const MOSSOS_STREET_LENGTH = 100;

/** The establishment as the file names it. */
export interface MossosEstablishment {
  /** The identifier the portal gives the establishment ("Dades de l'establiment"), e.g. 08043AAR02. */
  identifier: string;
  name: string;
}

/** `YYYY-MM-DD` → `AAAAMMDD`; '' for none. */
const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10).replace(/-/g, '') : '');
/** `YYYY-MM-DDThh:mm:ss` → `HHMM`; '' for none. */
const time = (dateTime: string | null | undefined) =>
  dateTime && dateTime.length >= 16 ? dateTime.slice(11, 13) + dateTime.slice(14, 16) : '';
/** Alphabetic values go upper case (BOE 2003), one space between words. */
const upper = (value: string | null | undefined) => sesText(value).toUpperCase();
const cut = (value: string, max: number) => [...value].slice(0, max).join('');

/**
 * The guest record (type 2) of one traveler of a stay, field by field in the layout's order
 * (33 fields: the last is empty, so the record ends with a `|`).
 */
export function guestRecordFields(traveler: SesTraveler, stay: readonly SesTraveler[]): string[] {
  const contract = sesContract(stay);
  const type = sesDocumentType(traveler.documentType);
  const number = sesText(traveler.passportNumber) ? sesDocumentNumber(traveler) : '';
  const address = traveler.address;
  const spanishHome = !!address && isSpain(address.country);
  const municipality = spanishHome ? sesText(address.municipalityCode) : '';
  const internet = contract.internetBooking;
  return [
    /* 1 */ '2',
    /* 2 nº doc. español */ type === 'NIF' ? number : '',
    /* 3 nº doc. extranjero */ type === 'NIF' ? '' : number,
    /* 4 tipo doc */ number ? type : '',
    /* 5 fecha expedición */ day(traveler.documentExpeditionDate),
    /* 6 apellido1 */ upper(traveler.lastName),
    /* 7 apellido2 */ upper(traveler.secondLastName),
    /* 8 nombre */ upper(traveler.firstName),
    /* 9 sexo */ sesSex(traveler.gender),
    /* 10 fecha nacimiento */ day(traveler.dateOfBirth),
    /* 11 país nacionalidad */ upper(traveler.nationality),
    /* 12 fecha entrada */ day(contract.entry),
    /* 13 hora entrada */ time(contract.entry),
    /* 14 fecha salida */ day(contract.exit),
    /* 15 hora salida */ time(contract.exit),
    /* 16 fecha contrato */ day(contract.contractDate),
    /* 17 tipo contrato: C contrato en curso (a parte, never a reserva here) */ 'C',
    /* 18 número contrato */ contract.reference,
    /* 19 número viajeros */ String(contract.numberOfPersons ?? stay.length),
    /* 20 número habitaciones */ contract.numberOfRooms ? String(contract.numberOfRooms) : '',
    /* 21 internet */ internet === true ? 'S' : 'N',
    /* 22 tipo pago */ contract.paymentType,
    /* 23 teléfono */ sesText(traveler.contactInfo.phone || traveler.contactInfo.phone2),
    /* 24 parentesco */ sesText(traveler.kinship),
    /* 25 email */ sesText(traveler.contactInfo.email),
    /* 26 número soporte */ sesSupportNumber(traveler.documentSupportNumber),
    /* 27 dirección */ cut(upper(address?.street), MOSSOS_STREET_LENGTH),
    /* 28 provincia */ municipality.slice(0, 2),
    /* 29 municipio */ municipality,
    /* 30 localidad */ spanishHome ? '' : upper(address?.municipalityName),
    /* 31 país */ upper(address?.country),
    /* 32 código postal */ upper(address?.postalCode),
    /* 33 */ '',
  ];
}

/**
 * The file's text: record 0 (the count of guests), record 1 (the establishment, made at
 * `madeAt`, a local `YYYY-MM-DDThh:mm:ss` of its clock, and the layout's version) and one record 2
 * per traveler, stay by stay.
 */
export function buildMossosText(
  establishment: MossosEstablishment,
  travelers: readonly SesTraveler[],
  madeAt: string,
): string {
  const guests = sesStays(travelers).flatMap((stay) =>
    stay.map((traveler) => guestRecordFields(traveler, stay)),
  );
  const records = [
    ['0', String(guests.length)],
    [
      '1',
      mossosIdentifier(establishment.identifier),
      cut(upper(establishment.name), MOSSOS_NAME_LENGTH),
      day(madeAt),
      time(madeAt),
      String(guests.length),
      MOSSOS_LAYOUT_VERSION,
    ],
    ...guests,
  ];
  return records
    .map((fields) => fields.map(clean).join(MOSSOS_FIELD_SEPARATOR))
    .join(MOSSOS_RECORD_SEPARATOR);
}

/** A separator inside a value would shift every field after it: never written. */
const clean = (value: string) => value.replace(/[|\r\n]+/g, ' ');

/** The file's bytes (ISO-8859-1; the pre-flight refused what it cannot carry). */
export function encodeMossosFile(text: string): Buffer {
  return Buffer.from(text, MOSSOS_ENCODING);
}

/** `<identifier>.<sequence>`, the sequence 001 to 999 and round again to 001. */
export function mossosFileName(identifier: string, sequence: number): string {
  const n = ((((sequence - 1) % 999) + 999) % 999) + 1;
  return `${mossosIdentifier(identifier)}.${String(n).padStart(3, '0')}`;
}
