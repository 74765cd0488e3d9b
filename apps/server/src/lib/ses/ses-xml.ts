/**
 * The business XML of SES.HOSPEDAJES v3.1.3 (reference ses-hospedajes.md §1.4–1.6):
 * - `altaParteHospedaje`: partes de viajeros (PV), sent when the stay starts;
 * - `altaReservaHospedaje`: reservas de hospedaje (RH), sent when the booking is made.
 *
 * The root `peticion` is in the schema's namespace and every child is UNQUALIFIED (no namespace):
 * the schemas have no elementFormDefault. Elements follow the XSD sequences; text is trimmed, its
 * whitespace collapsed, cut to the XSD maximum (in characters) and XML-escaped; names are kept
 * as written (UTF-8, any script). Codes are mapped to the SES catalogues (§1.8).
 *
 * Input is the view model of `@hospes/shared/ses-preflight`; the builders run the pre-flight check
 * first and throw `SesDataError` with its problems, so an invalid file is never produced.
 * The result goes through `toSolicitud` (zip + Base64) into the SOAP request.
 */
import {
  hasDocument,
  isIsoDate,
  isMinor,
  isSpain,
  preflightSes,
  SES_LIMITS,
  sesContract,
  sesDocumentNumber,
  sesDocumentType,
  sesSex,
  sesStays,
  sesSupportNumber,
  sesText,
  type SesAddress,
  type SesCommunicationKind,
  type SesEstablishment,
  type SesProblem,
  type SesTraveler,
} from '@hospes/shared/ses-preflight';

export const SES_NAMESPACES = {
  PV: 'http://www.neg.hospedajes.mir.es/altaParteHospedaje',
  RH: 'http://www.neg.hospedajes.mir.es/altaReservaHospedaje',
} as const;

/** The service accepts at most 100 communications per request (manual §3; configurable by MIR). */
export const SES_MAX_COMMUNICATIONS = 100;

export class SesDataError extends Error {
  constructor(
    readonly kind: SesCommunicationKind,
    readonly problems: SesProblem[],
  ) {
    super(
      `SES ${kind} data has ${problems.length} problem(s): ${problems.map((p) => `${p.travelerId ?? 'establishment'}.${p.field} ${p.code}`).join(', ')}`,
    );
    this.name = 'SesDataError';
  }
}

export interface PartesXmlOptions {
  /** Build even if the pre-flight check finds problems (the Ministry will then reject them). */
  skipPreflight?: boolean;
}

export interface ReservasXmlOptions extends PartesXmlOptions {
  /**
   * Ids of the contract holders (rol TI). Per stay, the first traveler listed here is the holder;
   * without one, the first adult (else the first traveler) of the stay.
   */
  holderIds?: readonly string[];
}

/** `altaParteHospedaje`: one `comunicacion` per stay (travelers grouped by contract reference). */
export function buildPartesXml(
  establishment: SesEstablishment,
  travelers: readonly SesTraveler[],
  options: PartesXmlOptions = {},
): string {
  check('PV', establishment, travelers, options);
  const w = new XmlWriter();
  w.open('alt:peticion', { 'xmlns:alt': SES_NAMESPACES.PV });
  w.open('solicitud');
  w.leaf(
    'codigoEstablecimiento',
    text(establishment.establishmentCode, SES_LIMITS.establishmentCode),
  );
  for (const stay of sesStays(travelers)) {
    w.open('comunicacion');
    writeContract(w, stay);
    for (const traveler of stay) writePersonaParte(w, traveler);
    w.close();
  }
  w.close();
  w.close();
  return w.toString();
}

/** `altaReservaHospedaje`: one `comunicacion` per stay, with one holder (TI) and the travelers (VI). */
export function buildReservasXml(
  establishment: SesEstablishment,
  travelers: readonly SesTraveler[],
  options: ReservasXmlOptions = {},
): string {
  check('RH', establishment, travelers, options);
  const w = new XmlWriter();
  w.open('alt:peticion', { 'xmlns:alt': SES_NAMESPACES.RH });
  w.open('solicitud');
  for (const stay of sesStays(travelers)) {
    w.open('comunicacion');
    w.open('establecimiento');
    w.leaf('codigo', text(establishment.establishmentCode, SES_LIMITS.establishmentCode));
    w.close();
    writeContract(w, stay);
    writePersonaReserva(w, pickHolder(stay, options.holderIds), 'TI');
    for (const traveler of stay) writePersonaReserva(w, traveler, 'VI');
    w.close();
  }
  w.close();
  w.close();
  return w.toString();
}

// ---------------------------------------------------------------------------------------------

function check(
  kind: SesCommunicationKind,
  establishment: SesEstablishment,
  travelers: readonly SesTraveler[],
  options: PartesXmlOptions,
): void {
  if (travelers.length === 0) throw new RangeError('SES: no travelers to communicate');
  const stays = sesStays(travelers).length;
  if (stays > SES_MAX_COMMUNICATIONS) {
    throw new RangeError(
      `SES: ${stays} communications in one request; the maximum is ${SES_MAX_COMMUNICATIONS}`,
    );
  }
  if (options.skipPreflight) return;
  const problems = preflightSes(travelers, establishment, { kind });
  if (problems.length) throw new SesDataError(kind, problems);
}

function pickHolder(stay: SesTraveler[], holderIds: readonly string[] | undefined): SesTraveler {
  const listed = holderIds ? stay.find((t) => holderIds.includes(t.id)) : undefined;
  return listed ?? stay.find((t) => !isMinor(t)) ?? stay[0]!;
}

/**
 * The stay's `contrato`. The card's expiry is the one element A19 writes otherwise
 * (`fechaCaducidadTarjeta`, a date): `card` names it and writes its value.
 */
export function writeContract(
  w: XmlWriter,
  stay: SesTraveler[],
  card: { element: string; value: (cardExpiry: string) => string } = {
    element: 'caducidadTarjeta',
    value: (cardExpiry) => text(cardExpiry, 7),
  },
): void {
  const c = sesContract(stay);
  w.open('contrato');
  w.leaf('referencia', text(c.reference, SES_LIMITS.contractReference));
  w.leaf('fechaContrato', c.contractDate);
  w.leaf('fechaEntrada', c.entry ?? '');
  w.leaf('fechaSalida', c.exit ?? '');
  w.leaf('numPersonas', String(c.numberOfPersons ?? stay.length));
  if (c.numberOfRooms !== undefined) w.leaf('numHabitaciones', String(c.numberOfRooms));
  if (c.internetBooking !== undefined) w.leaf('internet', c.internetBooking ? 'true' : 'false');
  w.open('pago');
  w.leaf('tipoPago', text(c.paymentType, 5));
  if (isIsoDate(c.paymentDate)) w.leaf('fechaPago', c.paymentDate);
  w.optional('medioPago', text(c.paymentMethod, SES_LIMITS.paymentMethod));
  w.optional('titular', text(c.paymentHolder, SES_LIMITS.paymentHolder));
  w.optional(card.element, card.value(c.cardExpiry));
  w.close();
  w.close();
}

function documentNumber(traveler: SesTraveler): string {
  return text(sesDocumentNumber(traveler), SES_LIMITS.documentNumber);
}

function writeNames(w: XmlWriter, traveler: SesTraveler): void {
  w.leaf('nombre', text(traveler.firstName, SES_LIMITS.name));
  w.leaf('apellido1', text(traveler.lastName, SES_LIMITS.name));
  w.optional('apellido2', text(traveler.secondLastName, SES_LIMITS.name));
}

function writePersonaParte(w: XmlWriter, traveler: SesTraveler): void {
  w.open('persona');
  w.leaf('rol', 'VI');
  writeNames(w, traveler);
  if (hasDocument(traveler)) {
    const type = sesDocumentType(traveler.documentType);
    w.leaf('tipoDocumento', type);
    w.leaf('numeroDocumento', documentNumber(traveler));
    if (type === 'NIF' || type === 'NIE') {
      w.optional(
        'soporteDocumento',
        text(sesSupportNumber(traveler.documentSupportNumber), SES_LIMITS.supportNumber),
      );
    }
  }
  w.leaf('fechaNacimiento', traveler.dateOfBirth);
  w.optional('nacionalidad', text(traveler.nationality, 3).toUpperCase());
  w.leaf('sexo', sesSex(traveler.gender));
  if (traveler.address) writeAddress(w, traveler.address);
  writeContact(w, traveler);
  w.optional('parentesco', text(traveler.kinship, 2));
  w.close();
}

function writePersonaReserva(w: XmlWriter, traveler: SesTraveler, rol: 'TI' | 'VI'): void {
  w.open('persona');
  w.leaf('rol', rol);
  writeNames(w, traveler);
  if (hasDocument(traveler)) {
    w.leaf('tipoDocumento', sesDocumentType(traveler.documentType));
    w.leaf('numeroDocumento', documentNumber(traveler));
  }
  if (isIsoDate(traveler.dateOfBirth)) w.leaf('fechaNacimiento', traveler.dateOfBirth);
  if (/^[A-Za-z]{3}$/.test(sesText(traveler.nationality)))
    w.leaf('nacionalidad', sesText(traveler.nationality).toUpperCase());
  if (traveler.gender) w.leaf('sexo', sesSex(traveler.gender));
  // Optional in a reservation: only a complete address goes in.
  if (traveler.address && isCompleteAddress(traveler.address)) writeAddress(w, traveler.address);
  writeContact(w, traveler);
  w.close();
}

function isCompleteAddress(address: SesAddress): boolean {
  const country = sesText(address.country);
  if (!sesText(address.street) || !sesText(address.postalCode) || !/^[A-Za-z]{3}$/.test(country))
    return false;
  return isSpain(country)
    ? /^\d{5}$/.test(sesText(address.municipalityCode))
    : sesText(address.municipalityName) !== '';
}

export function writeAddress(w: XmlWriter, address: SesAddress): void {
  const spain = isSpain(address.country);
  w.open('direccion');
  w.leaf('direccion', text(address.street, SES_LIMITS.street));
  w.optional('direccionComplementaria', text(address.complement, SES_LIMITS.street));
  if (spain) w.leaf('codigoMunicipio', sesText(address.municipalityCode));
  else w.leaf('nombreMunicipio', text(address.municipalityName, SES_LIMITS.municipalityName));
  w.leaf('codigoPostal', text(address.postalCode, SES_LIMITS.postalCode));
  w.leaf('pais', sesText(address.country).toUpperCase());
  w.close();
}

function writeContact(w: XmlWriter, traveler: SesTraveler): void {
  const contact = traveler.contactInfo ?? {};
  w.optional('telefono', text(contact.phone, SES_LIMITS.phone));
  w.optional('telefono2', text(contact.phone2, SES_LIMITS.phone));
  w.optional('correo', text(contact.email, SES_LIMITS.email));
}

// ---------------------------------------------------------------------------------------------
// Text and XML
// ---------------------------------------------------------------------------------------------

/** Drops what XML 1.0 cannot carry, not even escaped: C0 controls but tab, LF and CR; lone surrogates; U+FFFE/F. */
function stripInvalidXml(value: string): string {
  let out = '';
  for (const ch of value) {
    const cp = ch.codePointAt(0)!;
    const control = cp < 0x20 && cp !== 0x09 && cp !== 0x0a && cp !== 0x0d;
    if (!control && !(cp >= 0xd800 && cp <= 0xdfff) && cp !== 0xfffe && cp !== 0xffff) out += ch;
  }
  return out;
}

/** Normalised text cut to `max` characters (code points, never half a surrogate pair). */
export function text(value: string | null | undefined, max: number): string {
  const clean = sesText(stripInvalidXml(value ?? ''));
  const chars = Array.from(clean);
  return chars.length > max ? chars.slice(0, max).join('').trimEnd() : clean;
}

export function escapeXml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

/**
 * A minimal writer for element-only content with text leaves: indented with an XML declaration
 * (SES's files), or `compact` (A19's solicitud, carried in a CDATA section).
 */
export class XmlWriter {
  private readonly lines: string[];
  private readonly stack: string[] = [];
  private readonly compact: boolean;

  constructor(options: { compact?: boolean } = {}) {
    this.compact = options.compact ?? false;
    this.lines = this.compact ? [] : ['<?xml version="1.0" encoding="UTF-8"?>'];
  }

  open(name: string, attributes: Record<string, string> = {}): this {
    const attrs = Object.entries(attributes)
      .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
      .join('');
    this.lines.push(`${this.indent()}<${name}${attrs}>`);
    this.stack.push(name);
    return this;
  }

  close(): this {
    const name = this.stack.pop();
    if (!name) throw new Error('XmlWriter: nothing to close');
    this.lines.push(`${this.indent()}</${name}>`);
    return this;
  }

  leaf(name: string, value: string): this {
    this.lines.push(`${this.indent()}<${name}>${escapeXml(value)}</${name}>`);
    return this;
  }

  /** Writes the element only when it has a value. */
  optional(name: string, value: string): this {
    return value ? this.leaf(name, value) : this;
  }

  toString(): string {
    if (this.stack.length) throw new Error(`XmlWriter: unclosed ${this.stack.join(', ')}`);
    return this.compact ? this.lines.join('') : `${this.lines.join('\n')}\n`;
  }

  private indent(): string {
    return this.compact ? '' : '  '.repeat(this.stack.length);
  }
}

// ---------------------------------------------------------------------------------------------
// The reservation report (RH) of a reservation (decision 071)
// ---------------------------------------------------------------------------------------------

/** The contract holder (TI) of a reservation as the booking names them. */
export interface ReservationHolder {
  firstName: string;
  lastName: string;
  phone?: string | null;
  email?: string | null;
}

/** One reservation's communication: its booking and the persons known of it. */
export interface ReservationCommunication {
  /** The contract's reference: the reservation's id (the PV of its guests carries the same). */
  reference: string;
  /** The day it was booked. */
  contractDate: string;
  arrival: string;
  departure: string;
  /** The persons of the booking (`numPersonas`), known or not. */
  persons: number;
  /** Booked through a channel's calendar; unknown (left out) otherwise. */
  internet?: boolean;
  paymentType: string;
  /** The holder as TI: a registered guest matched by name (their full record), or the booking's. */
  holder: ReservationHolder | SesTraveler;
  /** The guests registered so far, as VI. */
  guests: readonly SesTraveler[];
}

const isTraveler = (p: ReservationHolder | SesTraveler): p is SesTraveler => 'documentType' in p;

/**
 * `altaReservaHospedaje` of reservations: one `comunicacion` each, in the order given (its
 * `orden`), with the establishment's code, the booking's contract (times unknown: `T00:00:00`,
 * as the manual asks), the holder as TI and each guest known as VI. The caller checks first that
 * nothing required is missing (modules/ses/reservation-reports.ts): nothing is made up here.
 */
export function buildReservationReportsXml(
  establishmentCode: string,
  communications: readonly ReservationCommunication[],
): string {
  if (communications.length === 0) throw new RangeError('SES: no reservations to communicate');
  if (communications.length > SES_MAX_COMMUNICATIONS)
    throw new RangeError(`SES: at most ${SES_MAX_COMMUNICATIONS} communications per request`);
  const w = new XmlWriter();
  w.open('alt:peticion', { 'xmlns:alt': SES_NAMESPACES.RH });
  w.open('solicitud');
  for (const c of communications) {
    w.open('comunicacion');
    w.open('establecimiento');
    w.leaf('codigo', text(establishmentCode, SES_LIMITS.establishmentCode));
    w.close();
    w.open('contrato');
    w.leaf('referencia', text(c.reference, SES_LIMITS.contractReference));
    w.leaf('fechaContrato', c.contractDate);
    w.leaf('fechaEntrada', `${c.arrival}T00:00:00`);
    w.leaf('fechaSalida', `${c.departure}T00:00:00`);
    w.leaf('numPersonas', String(c.persons));
    if (c.internet !== undefined) w.leaf('internet', c.internet ? 'true' : 'false');
    w.open('pago');
    w.leaf('tipoPago', text(c.paymentType, 5));
    w.close();
    w.close();
    if (isTraveler(c.holder)) writePersonaReserva(w, c.holder, 'TI');
    else {
      w.open('persona');
      w.leaf('rol', 'TI');
      w.leaf('nombre', text(c.holder.firstName, SES_LIMITS.name));
      w.leaf('apellido1', text(c.holder.lastName, SES_LIMITS.name));
      w.optional('telefono', text(c.holder.phone, SES_LIMITS.phone));
      w.optional('correo', text(c.holder.email, SES_LIMITS.email));
      w.close();
    }
    for (const guest of c.guests) writePersonaReserva(w, guest, 'VI');
    w.close();
  }
  w.close();
  w.close();
  return w.toString();
}
