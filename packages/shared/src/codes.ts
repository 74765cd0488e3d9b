/**
 * Code tables of the traveler record: the spec's form codes (§3) and the SES.HOSPEDAJES
 * catalogues they map onto (reference ses-hospedajes.md §1.4 and §1.8).
 */

/** Document types of the registration form (spec §3). */
export const DOCUMENT_TYPES = ['D', 'P', 'C', 'I', 'N', 'X'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DEFAULT_DOCUMENT_TYPE: DocumentType = 'P';

/** Label keys for the document types, for the web's i18n. */
export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  D: 'dni',
  P: 'passport',
  C: 'drivingLicense',
  I: 'idCard',
  N: 'spanishResidencePermit',
  X: 'euResidencePermit',
};

/** Document types whose card has a support number (SES `soporteDocumento`, required for NIF and NIE). */
export const DOCUMENT_TYPES_WITH_SUPPORT_NUMBER: readonly DocumentType[] = ['D', 'N'];

/** SES `TIPO_DOCUMENTO` for a form code (as OCA/pms maps them: D→NIF, N→NIE, P→PAS, else OTRO). */
export const SES_DOCUMENT_TYPE: Record<DocumentType, 'NIF' | 'NIE' | 'PAS' | 'OTRO'> = {
  D: 'NIF',
  N: 'NIE',
  P: 'PAS',
  C: 'OTRO',
  I: 'OTRO',
  X: 'OTRO',
};

/** M and F on the forms; O (other) accepted because SES has it. */
export const GENDERS = ['M', 'F', 'O'] as const;
export type Gender = (typeof GENDERS)[number];
/** SES `SEXO`: H hombre, M mujer, O otro. */
export const SES_GENDER: Record<Gender, 'H' | 'M' | 'O'> = { M: 'H', F: 'M', O: 'O' };

/** Relationship of the emergency contact (spec §3). */
export const EMERGENCY_RELATIONSHIPS = [
  'parent',
  'sibling',
  'spouse',
  'friend',
  'family',
  'colleague',
  'other',
] as const;
export type EmergencyRelationship = (typeof EMERGENCY_RELATIONSHIPS)[number];

/** SES `TIPO_PARENTESCO` (15 codes), required for minors. */
// prettier-ignore
export const KINSHIP_CODES = [
  'AB', 'BA', 'BN', 'CD', 'CY', 'HJ', 'HR', 'NI', 'PM', 'SB', 'SG', 'TI', 'YN', 'TU', 'OT',
] as const;
export type KinshipCode = (typeof KINSHIP_CODES)[number];
export const KINSHIP_LABELS_ES: Record<KinshipCode, string> = {
  AB: 'Abuelo/a',
  BA: 'Bisabuelo/a',
  BN: 'Bisnieto/a',
  CD: 'Cuñado/a',
  CY: 'Cónyuge',
  HJ: 'Hijo/a',
  HR: 'Hermano/a',
  NI: 'Nieto/a',
  PM: 'Padre o madre',
  SB: 'Sobrino/a',
  SG: 'Suegro/a',
  TI: 'Tío/a',
  YN: 'Yerno o nuera',
  TU: 'Tutor/a',
  OT: 'Otro',
};

/** SES `TIPO_PAGO`. */
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
export const PAYMENT_TYPE_LABELS_ES: Record<PaymentType, string> = {
  EFECT: 'Efectivo',
  TARJT: 'Tarjeta de crédito',
  PLATF: 'Plataforma de pago',
  TRANS: 'Transferencia',
  MOVIL: 'Pago por móvil',
  TREG: 'Tarjeta regalo',
  DESTI: 'Pago en destino',
  OTRO: 'Otros medios de pago',
};

/** Which authority an establishment reports its travelers to (reference §0.1). */
export const AUTHORITIES = ['ses', 'mossos', 'ertzaintza'] as const;
export type Authority = (typeof AUTHORITIES)[number];
/** The regional authorities' own names, as they are written in every language. */
export const AUTHORITY_NAMES: Record<Exclude<Authority, 'ses'>, string> = {
  mossos: "Mossos d'Esquadra",
  ertzaintza: 'Ertzaintza',
};

/** Kinds of stored document image. */
export const DOCUMENT_KINDS = ['front', 'back', 'signature'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Image types accepted for document images, recognised by their content. */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];
export const IMAGE_EXTENSIONS: Record<ImageMimeType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};
/** At most 10 MB per image, decoded. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
