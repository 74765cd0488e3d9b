/**
 * The solicitud of the Ertzaintza's A19 service (manual §2.2, `comunicacionPV.xsd`,
 * `comunicacionRH.xsd`, `tiposGenerales.xsd` in reference/data/ertzaintza-a19): a parte de
 * viajeros (PV) or a reserva de hospedaje (RH). The same view model as SES.HOSPEDAJES's files
 * (lib/ses/ses-xml.ts) and the same shape (root `peticion` qualified, children unqualified), with
 * what A19's schemas and manual change:
 * - the namespaces `…/ALOJADOS/A19/comunicacionPV` and `…/comunicacionRH`;
 * - `pago/fechaCaducidadTarjeta`, an xsd:date (SES: `caducidadTarjeta`, MM/YYYY): the card's
 *   month is written as its last day;
 * - `nacionalidad` always, in a reservation too (A19 answers error 130 without it);
 * - `correo` of at most 50 characters (SES: 250).
 * The checks of those rules are the pre-flight's (`@hospes/shared/a19-preflight`), run first: an
 * invalid file is never built.
 */
import { preflightA19, A19_LIMITS } from '@hospes/shared/a19-preflight';
import {
  hasDocument,
  isIsoDate,
  isMinor,
  isSpain,
  SES_LIMITS,
  sesDocumentNumber,
  sesDocumentType,
  sesSex,
  sesStays,
  sesSupportNumber,
  sesText,
  type SesAddress,
  type SesCommunicationKind,
  type SesEstablishment,
  type SesTraveler,
} from '@hospes/shared/ses-preflight';
import { SesDataError, text, writeAddress, writeContract, XmlWriter } from '../ses/ses-xml';

export const A19_NAMESPACES = {
  PV: 'http://www.servicios.ertzaintza.eus/Ertzaintza/ALOJADOS/A19/comunicacionPV',
  RH: 'http://www.servicios.ertzaintza.eus/Ertzaintza/ALOJADOS/A19/comunicacionRH',
} as const;

/** Communications per request: the manual sets none; Hospes keeps SES's 100. */
export const A19_MAX_COMMUNICATIONS = 100;

/** `MM/YYYY` → the month's last day, `YYYY-MM-DD` (a card is valid through its month). */
export function cardExpiryDate(value: string): string | null {
  const m = /^(0[1-9]|1[0-2])\/(\d{4})$/.exec(sesText(value));
  if (!m) return null;
  const month = Number(m[1]);
  const year = Number(m[2]);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${m[2]}-${m[1]}-${String(last).padStart(2, '0')}`;
}

/** A19's card expiry in the contract: `fechaCaducidadTarjeta`, the last day of the card's month. */
const A19_CARD = {
  element: 'fechaCaducidadTarjeta',
  value: (cardExpiry: string) => cardExpiryDate(cardExpiry) ?? '',
};

function check(
  kind: SesCommunicationKind,
  establishment: SesEstablishment,
  travelers: readonly SesTraveler[],
) {
  if (travelers.length === 0) throw new RangeError('A19: no travelers to communicate');
  if (sesStays(travelers).length > A19_MAX_COMMUNICATIONS)
    throw new RangeError(`A19: more than ${A19_MAX_COMMUNICATIONS} communications`);
  const problems = preflightA19(travelers, establishment, { kind });
  if (problems.length) throw new SesDataError(kind, problems);
}

/** The parte de viajeros (PV): one `comunicacion` per stay. */
export function buildA19PartesXml(
  establishment: SesEstablishment,
  travelers: readonly SesTraveler[],
): string {
  check('PV', establishment, travelers);
  const w = new XmlWriter({ compact: true });
  w.open('alt:peticion', { 'xmlns:alt': A19_NAMESPACES.PV }).open('solicitud');
  w.leaf('codigoEstablecimiento', text(establishment.establishmentCode, 10));
  for (const stay of sesStays(travelers)) {
    w.open('comunicacion');
    writeContract(w, stay, A19_CARD);
    for (const traveler of stay) writePersona(w, traveler, 'VI', 'PV');
    w.close();
  }
  return w.close().close().toString();
}

/** The reserva de hospedaje (RH): one `comunicacion` per stay, its holder (TI) first. */
export function buildA19ReservasXml(
  establishment: SesEstablishment,
  travelers: readonly SesTraveler[],
): string {
  check('RH', establishment, travelers);
  const w = new XmlWriter({ compact: true });
  w.open('alt:peticion', { 'xmlns:alt': A19_NAMESPACES.RH }).open('solicitud');
  for (const stay of sesStays(travelers)) {
    w.open('comunicacion');
    w.open('establecimiento').leaf('codigo', text(establishment.establishmentCode, 10)).close();
    writeContract(w, stay, A19_CARD);
    writePersona(w, stay.find((t) => !isMinor(t)) ?? stay[0]!, 'TI', 'RH');
    for (const traveler of stay) writePersona(w, traveler, 'VI', 'RH');
    w.close();
  }
  return w.close().close().toString();
}

function writePersona(w: XmlWriter, t: SesTraveler, rol: 'VI' | 'TI', kind: SesCommunicationKind) {
  const pv = kind === 'PV';
  w.open('persona');
  w.leaf('rol', rol);
  w.leaf('nombre', text(t.firstName, SES_LIMITS.name));
  w.leaf('apellido1', text(t.lastName, SES_LIMITS.name));
  w.optional('apellido2', text(t.secondLastName, SES_LIMITS.name));
  if (hasDocument(t)) {
    const type = sesDocumentType(t.documentType);
    w.leaf('tipoDocumento', type);
    w.leaf('numeroDocumento', text(sesDocumentNumber(t), SES_LIMITS.documentNumber));
    if (pv && (type === 'NIF' || type === 'NIE'))
      w.optional(
        'soporteDocumento',
        text(sesSupportNumber(t.documentSupportNumber), SES_LIMITS.supportNumber),
      );
  }
  if (pv || isIsoDate(t.dateOfBirth)) w.leaf('fechaNacimiento', t.dateOfBirth);
  w.leaf('nacionalidad', sesText(t.nationality).toUpperCase());
  if (t.gender) w.leaf('sexo', sesSex(t.gender));
  if (t.address && (pv || isCompleteAddress(t.address))) writeAddress(w, t.address);
  const contact = t.contactInfo ?? {};
  w.optional('telefono', text(contact.phone, SES_LIMITS.phone));
  w.optional('telefono2', text(contact.phone2, SES_LIMITS.phone));
  w.optional('correo', text(contact.email, A19_LIMITS.email));
  if (pv) w.optional('parentesco', text(t.kinship, 5));
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
