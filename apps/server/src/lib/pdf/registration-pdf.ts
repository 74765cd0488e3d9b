/**
 * The registration sheet ("parte de entrada de viajeros", RD 933/2021): one A4 page per traveler
 * with the establishment, the report number, the traveler, document and stay data, the signature,
 * the legal information (LO 4/2015 art. 25.1, RD 933/2021, Orden INT/321/2021; data protection
 * under the GDPR and LO 3/2018, naming as recipient the authority the establishment reports to:
 * SES.HOSPEDAJES, the Mossos d'Esquadra or the Ertzaintza) in the chosen language, and the time it
 * was produced. For a traveler under 14 the signature and declaration are the accompanying
 * adult's. Copies of the identity document follow on extra pages only when the establishment asks
 * for them (`includeDocumentImagesInPdf`; the AEPD advises against keeping ID copies).
 *
 * Every value of the register prints whole: too long for its cell it shrinks to a minimum size,
 * then wraps and its row grows; a sheet of very long values continues on a second page.
 *
 * Names in any script render (Latin, Greek, Cyrillic, Arabic and Hebrew right to left, Chinese,
 * Japanese, Korean): see text.ts. Fonts are parsed once per process (fonts.ts). Output is
 * deterministic for a given input and `producedAt`.
 */
import PDFDocument from 'pdfkit';
import type { Authority } from '@hospes/shared/codes';
import { ageOn, isIsoDate } from '@hospes/shared/dates';
import { arrivalDay, OWN_SIGNATURE_AGE } from '@hospes/shared/travelers';
import { reportingAuthority } from '@hospes/shared/provinces';
import type {
  EstablishmentKind,
  SesAddress,
  SesStay,
  SesTraveler,
} from '@hospes/shared/ses-preflight';
import { interpolate } from '@hospes/shared/messages';
import { sharedFontSet, type CjkVariant, type FontSet } from './fonts';
import { flattenForPdf, imageKind } from './images';
import { pdfTexts, type PdfTexts } from './pdf-texts';
import { TextEngine, type TextStyle } from './text';

// ---------------------------------------------------------------------------------------------
// View model (mirrors the data API's traveler and establishment; the SES builders take the same
// fields, so one mapping from the database serves both).
// ---------------------------------------------------------------------------------------------

export interface PdfEstablishment {
  name: string;
  type: EstablishmentKind;
  nif: string;
  address: string;
  city: string;
  province: string;
  postalCode: string;
  phone: string;
  /** SES.HOSPEDAJES codigoEstablecimiento; printed only for an establishment that reports to SES. */
  establishmentCode?: string | null;
  /**
   * The authority chosen for it; null or absent: the one of its province (`reportingAuthority`).
   * The legal texts name it as the recipient of the data.
   */
  authority?: Authority | null;
  /** Whether copies of the identity document go into the PDF (default in the product: no). */
  includeDocumentImagesInPdf: boolean;
}

/** The traveler's home address: the same fields the SES.HOSPEDAJES builders take. */
export type PdfAddress = SesAddress;

/** The stay: the same fields the SES.HOSPEDAJES builders take. */
export type PdfStay = SesStay;

/**
 * The traveler as the SES.HOSPEDAJES builders take it (one mapping from the database serves both:
 * documents/traveler-view.ts), with what only the sheet prints.
 */
export interface PdfTraveler extends Omit<SesTraveler, 'id'> {
  id?: string;
  /** PNG or JPEG bytes. */
  signatureImage?: Uint8Array | null;
  /** PNG or JPEG bytes (front, back…); printed only with `includeDocumentImagesInPdf`. */
  documentImages?: readonly Uint8Array[] | null;
}

export interface RegistrationSheet {
  /** Numbered by the data API, sequential per establishment and year, e.g. `2026/000123`. */
  reportNumber: string;
  traveler: PdfTraveler;
}

export interface RegistrationPdfInput {
  establishment: PdfEstablishment;
  /** One A4 sheet each, in order. */
  sheets: readonly RegistrationSheet[];
  /** The time printed as "produced on" and stored as the PDF's creation date; default now. */
  producedAt?: Date;
}

export interface RegistrationPdfOptions {
  /** Language of labels and legal texts (es, en, fr, de, it, pt; others fall back to es). */
  language: string;
  /** Time zone of the printed production time; default Europe/Madrid. */
  timeZone?: string;
}

/** The adapter: renders registration sheets to a PDF. */
export interface RegistrationPdfRenderer {
  render(input: RegistrationPdfInput, options: RegistrationPdfOptions): Promise<Buffer>;
}

export function createRegistrationPdfRenderer(
  fonts: FontSet = sharedFontSet(),
): RegistrationPdfRenderer {
  return { render: (input, options) => render(fonts, input, options) };
}

/** Renders with the process-wide fonts. */
export function renderRegistrationPdf(
  input: RegistrationPdfInput,
  options: RegistrationPdfOptions,
): Promise<Buffer> {
  return render(sharedFontSet(), input, options);
}

// ---------------------------------------------------------------------------------------------
// Layout
// ---------------------------------------------------------------------------------------------

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const CONTENT = PAGE.width - 2 * MARGIN;
const COLORS = {
  text: '#111827',
  muted: '#4b5563',
  label: '#6b7280',
  rule: '#d1d5db',
  band: '#e5e7eb',
  box: '#f3f4f6',
};
const ROW_HEIGHT = 25;
/** Line height of a wrapped value, in ems. */
const VALUE_LEADING = 1.15;
const BAND_HEIGHT = 15;
const FOOTER_BASELINE = PAGE.height - 22;
const IMAGES_PER_PAGE = 2;

interface Cell {
  label: string;
  value: string;
  /** Twelfths of the content width. */
  span: number;
}

async function render(
  fonts: FontSet,
  input: RegistrationPdfInput,
  options: RegistrationPdfOptions,
): Promise<Buffer> {
  if (input.sheets.length === 0) throw new RangeError('No registration sheets to render');
  const { language, texts } = pdfTexts(options.language);
  const producedAt = input.producedAt ?? new Date();
  const timeZone = options.timeZone ?? 'Europe/Madrid';
  const withImages = input.establishment.includeDocumentImagesInPdf;

  const images = input.sheets.map((sheet) => ({
    signature: sheet.traveler.signatureImage?.length
      ? preparedImage(sheet.traveler.signatureImage, 'signature')
      : null,
    documents: withImages
      ? (sheet.traveler.documentImages ?? [])
          .filter((i) => i.length)
          .map((i) => preparedImage(i, 'document'))
      : [],
  }));
  const first = input.sheets[0]!;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    // A sheet whose values wrap long may continue on a second page: the footers ("page 1 of n")
    // are written once every page is laid out.
    bufferPages: true,
    // No default font: pdfkit would otherwise load Helvetica's metrics for every document.
    font: null as unknown as string,
    lang: language,
    info: {
      Title: `${texts.title} ${input.sheets.length === 1 ? first.reportNumber : ''}`.trim(),
      Author: input.establishment.name,
      Subject: texts.subtitle,
      Creator: 'Hospes',
      Producer: 'Hospes',
      CreationDate: producedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const text = new TextEngine(doc, fonts);
  const ctx: Ctx = {
    doc,
    text,
    texts,
    producedAt: formatDateTime(producedAt, timeZone, texts.dateFormat),
  };

  input.sheets.forEach((sheet, index) => {
    const sheetImages = images[index]!;
    drawSheet(ctx, input.establishment, sheet, sheetImages.signature);
    for (let i = 0; i < sheetImages.documents.length; i += IMAGES_PER_PAGE) {
      drawDocumentImages(ctx, sheet, sheetImages.documents.slice(i, i + IMAGES_PER_PAGE));
    }
  });

  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    drawFooter(ctx, i + 1, pages.count);
  }
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}

interface Ctx {
  doc: PDFKit.PDFDocument;
  text: TextEngine;
  texts: PdfTexts;
  producedAt: string;
}

function preparedImage(bytes: Uint8Array, what: string): Buffer {
  if (!imageKind(bytes)) throw new TypeError(`The ${what} image is neither PNG nor JPEG`);
  return flattenForPdf(bytes);
}

function cjkFor(nationality: string | null | undefined): CjkVariant {
  const code = (nationality ?? '').trim().toUpperCase();
  if (code === 'JPN') return 'jp';
  if (code === 'KOR' || code === 'PRK') return 'kr';
  if (code === 'TWN' || code === 'HKG' || code === 'MAC') return 'tc';
  return 'sc';
}

function newPage(ctx: Ctx): void {
  ctx.doc.addPage({ size: 'A4', margin: 0 });
}

function drawHeader(ctx: Ctx, reportNumber: string): number {
  const { text, texts } = ctx;
  text.line(
    texts.title,
    MARGIN,
    MARGIN + 15,
    { size: 15, bold: true, color: COLORS.text },
    { maxWidth: CONTENT - 170, minSize: 11 },
  );
  text.line(
    texts.subtitle,
    MARGIN,
    MARGIN + 29,
    { size: 8, color: COLORS.muted },
    { maxWidth: CONTENT - 170, minSize: 6 },
  );
  text.line(
    texts.reportNumber,
    MARGIN + CONTENT - 170,
    MARGIN + 8,
    { size: 7.5, color: COLORS.label },
    { maxWidth: 170, align: 'right' },
  );
  text.line(
    reportNumber,
    MARGIN + CONTENT - 170,
    MARGIN + 25,
    { size: 14, bold: true, color: COLORS.text },
    { maxWidth: 170, minSize: 9, align: 'right' },
  );
  const y = MARGIN + 38;
  ctx.doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT, y)
    .lineWidth(0.75)
    .strokeColor(COLORS.rule)
    .stroke();
  return y + 8;
}

function drawFooter(ctx: Ctx, page: number, pages: number): void {
  const style = { size: 7, color: COLORS.label };
  ctx.text.line(
    interpolate(ctx.texts.footer.producedAt, { date: ctx.producedAt }),
    MARGIN,
    FOOTER_BASELINE,
    style,
    { maxWidth: CONTENT - 120 },
  );
  ctx.text.line(
    interpolate(ctx.texts.footer.page, { page, pages }),
    MARGIN + CONTENT - 120,
    FOOTER_BASELINE,
    style,
    {
      maxWidth: 120,
      align: 'right',
    },
  );
}

function drawSheet(
  ctx: Ctx,
  est: PdfEstablishment,
  sheet: RegistrationSheet,
  signature: Buffer | null,
): void {
  const { doc, text, texts } = ctx;
  const t = sheet.traveler;
  const cjk = cjkFor(t.nationality);
  const authority = reportingAuthority({
    authority: est.authority ?? null,
    province: est.province,
    postalCode: est.postalCode,
  });
  newPage(ctx);
  let y = drawHeader(ctx, sheet.reportNumber);

  // Establishment: every value whole, the box as tall as they need.
  const inner = CONTENT - 16;
  const nameStyle = { size: 11, bold: true, color: COLORS.text };
  const infoStyle = { size: 8, color: COLORS.muted };
  const line2 = [
    `${texts.establishment.type}: ${texts.establishmentTypes[est.type] ?? est.type}`,
    `${texts.establishment.nif}: ${est.nif}`,
    // The SES code means something only to an establishment that reports to SES.HOSPEDAJES.
    ...(authority === 'ses'
      ? [`${texts.establishment.sesCode}: ${est.establishmentCode?.trim() || '—'}`]
      : []),
  ].join('   ·   ');
  const place = [est.address, [est.postalCode, est.city].filter(Boolean).join(' '), est.province]
    .filter((s) => s?.trim())
    .join(', ');
  const line3 = `${texts.establishment.address}: ${place}   ·   ${texts.establishment.phone}: ${est.phone}`;
  const nameLaid = text.fit(est.name, inner, nameStyle, { minSize: 8 });
  const line2Laid = text.fit(line2, inner, infoStyle, { minSize: 6 });
  const line3Laid = text.fit(line3, inner, infoStyle, { minSize: 6 });
  const nameY = y + 14;
  const line2Y = nameY + extraLines(nameLaid, 1.2) + 13;
  const line3Y = line2Y + extraLines(line2Laid, 1.25) + 12;
  const boxHeight = line3Y + extraLines(line3Laid, 1.25) + 7 - y;
  doc.roundedRect(MARGIN, y, CONTENT, boxHeight, 4).fill(COLORS.box);
  text.lines(nameLaid, MARGIN + 8, nameY, nameStyle);
  text.lines(line2Laid, MARGIN + 8, line2Y, infoStyle, line2Laid.size * 1.25);
  text.lines(line3Laid, MARGIN + 8, line3Y, infoStyle, line3Laid.size * 1.25);
  y += boxHeight + 8;

  const f = texts.fields;
  const date = (value: string | null | undefined) => formatDate(value, texts.dateFormat);
  const stay = t.stay ?? {};
  const address = t.address;

  y = section(ctx, y, texts.sections.traveler, cjk, [
    [
      { label: f.firstName, value: t.firstName, span: 4 },
      { label: f.lastName, value: t.lastName, span: 4 },
      { label: f.secondLastName, value: t.secondLastName ?? '', span: 4 },
    ],
    [
      { label: f.gender, value: texts.genders[t.gender] ?? t.gender, span: 3 },
      { label: f.dateOfBirth, value: date(t.dateOfBirth), span: 3 },
      { label: f.nationality, value: (t.nationality ?? '').toUpperCase(), span: 3 },
      {
        label: f.kinship,
        value: t.kinship ? (texts.kinship[t.kinship] ?? t.kinship) : '',
        span: 3,
      },
    ],
  ]);

  y = section(ctx, y, texts.sections.document, cjk, [
    [
      {
        label: f.documentType,
        // A minor without a document (decision 027): no type either, rather than the default P.
        value: t.passportNumber ? (texts.documentTypes[t.documentType] ?? t.documentType) : '—',
        span: 3,
      },
      { label: f.documentNumber, value: t.passportNumber ?? '', span: 3 },
      { label: f.supportNumber, value: t.documentSupportNumber ?? '', span: 3 },
      { label: f.expeditionDate, value: date(t.documentExpeditionDate), span: 3 },
    ],
  ]);

  const yesNo = (v: boolean | null | undefined) =>
    v === true ? texts.yes : v === false ? texts.no : '';
  const stayRows: Cell[][] = [
    [
      {
        label: f.entry,
        value: formatLocalDateTime(stay.entryDateTime, t.entryDate, texts.dateFormat),
        span: 3,
      },
      {
        label: f.checkOut,
        value: formatLocalDateTime(stay.exitDateTime, t.checkOutDate, texts.dateFormat),
        span: 3,
      },
      { label: f.contractReference, value: stay.contractReference ?? '', span: 3 },
      { label: f.contractDate, value: date(stay.contractDate), span: 3 },
    ],
    [
      { label: f.persons, value: stay.numberOfPersons?.toString() ?? '', span: 3 },
      { label: f.rooms, value: stay.numberOfRooms?.toString() ?? '', span: 3 },
      { label: f.internetBooking, value: yesNo(stay.internetBooking), span: 3 },
      {
        label: f.paymentType,
        value: stay.paymentType ? (texts.paymentTypes[stay.paymentType] ?? stay.paymentType) : '',
        span: 3,
      },
    ],
  ];
  if (stay.paymentDate || stay.paymentMethod || stay.paymentHolder || stay.cardExpiry) {
    stayRows.push([
      { label: f.paymentDate, value: date(stay.paymentDate), span: 3 },
      { label: f.paymentMethod, value: stay.paymentMethod ?? '', span: 3 },
      { label: f.paymentHolder, value: stay.paymentHolder ?? '', span: 3 },
      { label: f.cardExpiry, value: stay.cardExpiry ?? '', span: 3 },
    ]);
  }
  y = section(ctx, y, texts.sections.stay, cjk, stayRows);

  const municipality = address
    ? [address.municipalityName, address.municipalityCode ? `(${address.municipalityCode})` : '']
        .filter(Boolean)
        .join(' ')
    : '';
  y = section(ctx, y, texts.sections.contact, cjk, [
    [
      { label: f.email, value: t.contactInfo?.email ?? '', span: 6 },
      { label: f.phone, value: t.contactInfo?.phone ?? '', span: 3 },
      { label: f.phone2, value: t.contactInfo?.phone2 ?? '', span: 3 },
    ],
    [
      { label: f.street, value: address?.street ?? '', span: 8 },
      { label: f.complement, value: address?.complement ?? '', span: 4 },
    ],
    [
      { label: f.municipality, value: municipality, span: 6 },
      { label: f.postalCode, value: address?.postalCode ?? '', span: 3 },
      { label: f.country, value: address?.country?.toUpperCase() ?? '', span: 3 },
    ],
  ]);

  // Signature: an adult's own, or for a traveler under 14 the accompanying adult's
  // (RD 933/2021), with the declaration worded for whoever signs.
  const byAdult = signedByAccompanyingAdult(t);
  const caption = byAdult ? texts.signature.guardianCaption : texts.signature.caption;
  const declaration = byAdult ? texts.signature.guardianDeclaration : texts.signature.declaration;
  const sigSize = { width: 220, height: 74 };
  const captionStyle = { size: 7, color: COLORS.label };
  const captionLaid = text.fit(caption, sigSize.width, captionStyle);
  const captionLeading = captionLaid.size * 1.2;
  const signatureHeight = BAND_HEIGHT + 4 + sigSize.height + 20 + extraLines(captionLaid, 1.2);
  if (y + signatureHeight > FOOTER_BASELINE - 14) {
    // Long values took the page: the signature and the legal texts continue on the next one.
    newPage(ctx);
    y = drawHeader(ctx, sheet.reportNumber);
  }
  y = band(ctx, y, texts.sections.signature);
  const sigBox = { x: MARGIN, y: y + 4, ...sigSize };
  doc
    .rect(sigBox.x, sigBox.y, sigBox.width, sigBox.height)
    .lineWidth(0.75)
    .strokeColor(COLORS.rule)
    .stroke();
  if (signature) {
    doc.image(signature, sigBox.x + 4, sigBox.y + 4, {
      fit: [sigBox.width - 8, sigBox.height - 8],
      align: 'center',
      valign: 'center',
    });
  } else {
    text.line(texts.signature.missing, sigBox.x + 8, sigBox.y + sigBox.height / 2 + 3, {
      size: 8,
      color: COLORS.label,
    });
  }
  const captionLast = text.lines(
    captionLaid,
    sigBox.x,
    sigBox.y + sigBox.height + 10,
    captionStyle,
    captionLeading,
  );
  const declX = sigBox.x + sigBox.width + 14;
  const declWidth = MARGIN + CONTENT - declX;
  // The declaration stays above the entry line at the foot of the box (smaller if it must).
  let declStyle: TextStyle = { size: 8.5, color: COLORS.text };
  while (
    declStyle.size > 6.5 &&
    12 + (text.wrap(declaration, declWidth, declStyle).length - 1) * declStyle.size * 1.3 >
      sigBox.height - 16
  )
    declStyle = { ...declStyle, size: declStyle.size - 0.5 };
  text.paragraph(declaration, declX, sigBox.y + 12, declWidth, declStyle);
  text.line(
    `${f.entry}: ${formatLocalDateTime(stay.entryDateTime, t.entryDate, texts.dateFormat)}`,
    declX,
    sigBox.y + sigBox.height - 4,
    {
      size: 8,
      color: COLORS.muted,
    },
  );
  y = captionLast + 10;

  // Legal information, naming the authority the establishment reports to.
  const legal = texts.legal;
  const recipient = texts.authorities[authority];
  const infoBody = interpolate(legal.infoBody, { authority: recipient.to });
  const dataBody = interpolate(legal.dataBody, {
    controller: est.name,
    nif: est.nif,
    address: place,
    phone: est.phone,
    authority: recipient.to,
    recipients: recipient.recipients,
  });
  let legalStyle = legalTextStyle(ctx, [infoBody, dataBody], FOOTER_BASELINE - 14 - y);
  if (!legalStyle) {
    // Not even at the smallest size below a sheet of long values: on a page of their own.
    newPage(ctx);
    y = drawHeader(ctx, sheet.reportNumber);
    legalStyle = legalTextStyle(ctx, [infoBody, dataBody], FOOTER_BASELINE - 14 - y) ?? {
      size: 5,
      color: COLORS.muted,
    };
  }
  y = legalBlock(ctx, y, legal.infoTitle, infoBody, legalStyle);
  legalBlock(ctx, y + 4, legal.dataTitle, dataBody, legalStyle);
}

/** The height that the lines after the first of a laid-out value take, at `leading` ems. */
function extraLines(laid: { lines: readonly string[]; size: number }, leading: number): number {
  return Math.max(0, laid.lines.length - 1) * laid.size * leading;
}

/**
 * Whether the traveler is under 14 on the day of arrival, so that the accompanying adult gives
 * the data and signs for them (RD 933/2021). Unknown birth date: signs for themselves.
 */
export function signedByAccompanyingAdult(
  traveler: Pick<PdfTraveler, 'dateOfBirth' | 'entryDate' | 'stay'>,
): boolean {
  const born = traveler.dateOfBirth;
  const day = arrivalDay(traveler, traveler.entryDate);
  return !!born && isIsoDate(born) && isIsoDate(day) && ageOn(born, day) < OWN_SIGNATURE_AGE;
}

/**
 * The legal texts at 7 pt, smaller if a long language would reach the footer; null when they do
 * not fit even at 5 pt.
 */
function legalTextStyle(ctx: Ctx, bodies: string[], available: number): TextStyle | null {
  for (let size = 7; size >= 5; size -= 0.25) {
    const style = { size, color: COLORS.muted };
    const lines = bodies.reduce((n, body) => n + ctx.text.wrap(body, CONTENT, style).length, 0);
    if (lines * size * 1.3 + 2 * 16 <= available) return style;
  }
  return null;
}

function legalBlock(ctx: Ctx, y: number, title: string, body: string, style: TextStyle): number {
  ctx.text.line(
    title,
    MARGIN,
    y + 9,
    { size: 8.5, bold: true, color: COLORS.text },
    { maxWidth: CONTENT },
  );
  const after = ctx.text.paragraph(body, MARGIN, y + 9 + style.size * 1.6, CONTENT, style);
  return after - style.size * 1.3 + 4;
}

/** A section's title band; a long title (the annex's, with the traveler's name) wraps. */
function band(ctx: Ctx, y: number, title: string): number {
  const style = { size: 8.5, bold: true, color: COLORS.text };
  const laid = ctx.text.fit(title, CONTENT - 12, style);
  const leading = laid.size * VALUE_LEADING;
  const height = BAND_HEIGHT + extraLines(laid, VALUE_LEADING);
  ctx.doc.rect(MARGIN, y, CONTENT, height).fill(COLORS.band);
  ctx.text.lines(laid, MARGIN + 6, y + 10.8, style, leading);
  return y + height;
}

/**
 * Rows of labelled values. A value is printed whole: too long for its cell it shrinks (down to
 * 7 pt), then wraps onto further lines, and its row grows to hold them.
 */
function section(ctx: Ctx, y: number, title: string, cjk: CjkVariant, rows: Cell[][]): number {
  let top = band(ctx, y, title) + 2;
  const unit = CONTENT / 12;
  const labelStyle = { size: 6.8, color: COLORS.label };
  const valueStyle = { size: 10, color: COLORS.text, cjk };
  for (const row of rows) {
    let x = MARGIN;
    let bottom = top + ROW_HEIGHT;
    for (const cell of row) {
      const width = unit * cell.span;
      ctx.text.line(cell.label, x + 6, top + 8, labelStyle, { maxWidth: width - 10, minSize: 5.5 });
      const laid = ctx.text.fit(cell.value.trim() ? cell.value : '—', width - 10, valueStyle, {
        minSize: 7,
      });
      // The first baseline under the label (top + 20 at 10 pt), the next ones a line apart.
      const last = ctx.text.lines(
        laid,
        x + 6,
        top + 11 + laid.size * 0.9,
        valueStyle,
        laid.size * VALUE_LEADING,
      );
      bottom = Math.max(bottom, last + 5);
      x += width;
    }
    top = bottom;
  }
  return top + 6;
}

function drawDocumentImages(ctx: Ctx, sheet: RegistrationSheet, documents: Buffer[]): void {
  newPage(ctx);
  let y = drawHeader(ctx, sheet.reportNumber);
  const t = sheet.traveler;
  const name = [t.firstName, t.lastName, t.secondLastName].filter((s) => s?.trim()).join(' ');
  y = band(ctx, y, `${ctx.texts.sections.documentImages}: ${name}`) + 10;
  const gap = 12;
  const height = (FOOTER_BASELINE - 20 - y - gap * (IMAGES_PER_PAGE - 1)) / IMAGES_PER_PAGE;
  for (const image of documents) {
    ctx.doc.image(image, MARGIN, y, { fit: [CONTENT, height], align: 'center' });
    y += height + gap;
  }
}

// ---------------------------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------------------------

/** `YYYY-MM-DD` in the language's pattern (DD/MM/YYYY, DD.MM.YYYY…); other text unchanged. */
export function formatDate(value: string | null | undefined, pattern: string): string {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  if (!m) return value ?? '';
  return pattern.replace('YYYY', m[1]!).replace('MM', m[2]!).replace('DD', m[3]!);
}

/** A local date-time as date and hh:mm, or the date alone. */
function formatLocalDateTime(
  dateTime: string | null | undefined,
  date: string | null | undefined,
  pattern: string,
): string {
  const m = dateTime ? /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(dateTime) : null;
  if (m) return `${formatDate(m[1], pattern)} ${m[2]}`;
  return formatDate(date, pattern);
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant as date and hh:mm in a time zone. */
function formatDateTime(instant: Date, timeZone: string, pattern: string): string {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    dateTimeFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${formatDate(`${parts.year}-${parts.month}-${parts.day}`, pattern)} ${parts.hour}:${parts.minute}`;
}
