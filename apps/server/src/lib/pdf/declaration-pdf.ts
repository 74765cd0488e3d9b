/**
 * The declaración responsable of an establishment (decision 063) as a PDF: the establishment's
 * data, the statement in Spanish (the legally binding text) and, when the signer read it in
 * another language, its translation, then the signature drawn on screen with the signer's name
 * and the time. Several A4 pages when the texts need them. Uses the registration sheet's fonts and
 * text engine (any script, right to left included: text.ts).
 */
import PDFDocument from 'pdfkit';
import type { DeclarationStatement } from '@hospes/shared/declarations';
import { localDateTimeOf } from '@hospes/shared/dates';
import { LANGUAGE_NAMES } from '@hospes/shared/languages';
import { interpolate } from '@hospes/shared/messages';
import { DECLARATION_TEXTS, declarationTexts, type DeclarationTexts } from './declaration-texts';
import { sharedFontSet, type FontSet } from './fonts';
import { flattenForPdf, imageKind } from './images';
import { pdfTexts } from './pdf-texts';
import { formatDate } from './registration-pdf';
import { TextEngine, type TextStyle } from './text';

export interface DeclarationEstablishment {
  name: string;
  nif: string;
  address: string;
  postalCode: string;
  city: string;
  province: string;
}

/** What the statement is filled with. */
export interface DeclarationFacts {
  establishment: DeclarationEstablishment;
  signerName: string;
  /** The establishment's day of the signature, YYYY-MM-DD. */
  signedOn: string;
  /** The last valid day, YYYY-MM-DD. */
  validUntil: string;
}

export interface DeclarationPdfInput extends DeclarationFacts {
  /** The version's id, printed as its reference. */
  id: string;
  signedAt: Date;
  /** The establishment's time zone, for the time of the signature. */
  timeZone: string;
  /** The language the signer read; the Spanish text is always printed. */
  language: string;
  /** The signature drawn on screen: PNG or JPEG bytes. */
  signature: Uint8Array;
}

/** `Calle Mayor 1, 24001 León (León)`. */
export function fullAddress(e: DeclarationEstablishment): string {
  const place = [e.postalCode, e.city].filter((s) => s.trim()).join(' ');
  return `${[e.address, place].filter((s) => s.trim()).join(', ')}${e.province.trim() ? ` (${e.province})` : ''}`;
}

interface StatementParts {
  title: string;
  intro: string;
  declares: string;
  items: string[];
  closing: string;
}

function statementParts(texts: DeclarationTexts, language: string, facts: DeclarationFacts) {
  const { dateFormat } = pdfTexts(language).texts;
  const e = facts.establishment;
  const parts: StatementParts = {
    title: texts.title,
    intro: interpolate(texts.intro, {
      signer: facts.signerName,
      name: e.name,
      nif: e.nif,
      address: fullAddress(e),
    }),
    declares: texts.declares,
    items: Object.values(texts.items).map((item, i) => `${i + 1}. ${item}`),
    closing: interpolate(texts.closing, {
      city: e.city,
      date: formatDate(facts.signedOn, dateFormat),
      validUntil: formatDate(facts.validUntil, dateFormat),
    }),
  };
  return parts;
}

/** The statement as the signer reads it on screen, in `language` (es when unknown). */
export function declarationStatement(
  language: string | null | undefined,
  facts: DeclarationFacts,
): DeclarationStatement {
  const { language: lng, texts } = declarationTexts(language);
  const parts = statementParts(texts, lng, facts);
  return {
    language: lng,
    title: parts.title,
    paragraphs: [parts.intro, parts.declares, ...parts.items, parts.closing],
  };
}

// ---------------------------------------------------------------------------------------------
// Layout
// ---------------------------------------------------------------------------------------------

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const CONTENT = PAGE.width - 2 * MARGIN;
const FOOTER_BASELINE = PAGE.height - 28;
const BOTTOM = FOOTER_BASELINE - 20;
const COLORS = {
  text: '#111827',
  muted: '#4b5563',
  label: '#6b7280',
  rule: '#d1d5db',
  band: '#e5e7eb',
  box: '#f3f4f6',
};
const BODY: TextStyle = { size: 10, color: COLORS.text };
const LEADING = 1.4;

/** Renders the signed declaration with the process-wide fonts. */
export function renderDeclarationPdf(
  input: DeclarationPdfInput,
  fonts: FontSet = sharedFontSet(),
): Promise<Buffer> {
  const kind = imageKind(input.signature);
  if (!kind) throw new TypeError('The signature is neither PNG nor JPEG');
  const signature = flattenForPdf(input.signature);
  const { language, texts } = declarationTexts(input.language);
  const es = DECLARATION_TEXTS.es;
  const translated = language !== 'es';
  const rtl = language === 'ar';
  const e = input.establishment;

  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    bufferPages: true,
    // No default font: pdfkit would otherwise load Helvetica's metrics for every document.
    font: null as unknown as string,
    lang: 'es',
    info: {
      Title: `${es.title}: ${e.name}`,
      Author: e.name,
      Subject: es.subtitle,
      Creator: 'Hospes',
      Producer: 'Hospes',
      CreationDate: input.signedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const text = new TextEngine(doc, fonts);
  let y = 0;

  const newPage = () => {
    doc.addPage({ size: 'A4', margin: 0 });
    y = MARGIN;
  };
  const ensure = (height: number) => {
    if (y + height > BOTTOM) newPage();
  };
  /** A paragraph wrapped to the content's width, broken across pages where it must. */
  const flow = (value: string, style: TextStyle, right = false) => {
    const leading = style.size * LEADING;
    for (const line of text.wrap(value, CONTENT, style)) {
      ensure(leading);
      text.line(line, MARGIN, y + style.size, style, {
        maxWidth: CONTENT,
        align: right ? 'right' : 'left',
      });
      y += leading;
    }
  };
  const band = (title: string) => {
    const style = { size: 9, bold: true, color: COLORS.text };
    const lines = text.wrap(title, CONTENT - 12, style);
    const height = 8 + lines.length * style.size * 1.25;
    ensure(height + 40);
    doc.rect(MARGIN, y, CONTENT, height).fill(COLORS.band);
    lines.forEach((line, i) =>
      text.line(line, MARGIN + 6, y + 4 + style.size + i * style.size * 1.25, style),
    );
    y += height + 8;
  };
  /** "Fecha / Date" when the signer read another language. */
  const bilingual = (spanish: string, other: string) =>
    translated && other !== spanish ? `${spanish} / ${other}` : spanish;
  const statement = (parts: StatementParts, right: boolean) => {
    flow(parts.intro, BODY, right);
    y += 4;
    flow(parts.declares, { ...BODY, bold: true }, right);
    y += 4;
    for (const item of parts.items) {
      flow(item, BODY, right);
      y += 3;
    }
    y += 3;
    flow(parts.closing, BODY, right);
    y += 10;
  };

  newPage();
  // Header: the Spanish title, the translated one under it.
  text.line(
    es.title,
    MARGIN,
    y + 16,
    { size: 17, bold: true, color: COLORS.text },
    {
      maxWidth: CONTENT,
      minSize: 11,
    },
  );
  y += 24;
  if (translated) {
    text.line(
      texts.title,
      MARGIN,
      y + 11,
      { size: 11, color: COLORS.muted },
      {
        maxWidth: CONTENT,
        minSize: 7,
        align: rtl ? 'right' : 'left',
      },
    );
    y += 16;
  }
  flow(es.subtitle, { size: 8, color: COLORS.muted });
  y += 2;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT, y)
    .lineWidth(0.75)
    .strokeColor(COLORS.rule)
    .stroke();
  y += 10;

  // The data it is filled with.
  const { dateFormat } = pdfTexts('es').texts;
  const rows: [string, string][] = [
    [bilingual(es.labels.establishment, texts.labels.establishment), e.name],
    [bilingual(es.labels.nif, texts.labels.nif), e.nif],
    [bilingual(es.labels.address, texts.labels.address), fullAddress(e)],
    [bilingual(es.labels.signer, texts.labels.signer), input.signerName],
    [bilingual(es.labels.signedOn, texts.labels.signedOn), formatDate(input.signedOn, dateFormat)],
    [
      bilingual(es.labels.validUntil, texts.labels.validUntil),
      formatDate(input.validUntil, dateFormat),
    ],
    [bilingual(es.labels.reference, texts.labels.reference), input.id],
  ];
  const labelWidth = 170;
  const labelStyle = { size: 8, color: COLORS.label };
  const valueStyle = { size: 10, color: COLORS.text };
  const laidRows = rows.map(([label, value]) => ({
    label: text.fit(label, labelWidth - 8, labelStyle, { minSize: 6 }),
    value: text.fit(value, CONTENT - labelWidth - 16, valueStyle, { minSize: 7 }),
  }));
  const rowHeight = (r: (typeof laidRows)[number]) =>
    Math.max(r.label.lines.length * r.label.size * 1.2, r.value.lines.length * r.value.size * 1.2) +
    6;
  const boxHeight = laidRows.reduce((h, r) => h + rowHeight(r), 10);
  doc.roundedRect(MARGIN, y, CONTENT, boxHeight, 4).fill(COLORS.box);
  let rowY = y + 6;
  for (const r of laidRows) {
    text.lines(r.label, MARGIN + 8, rowY + r.value.size, labelStyle, r.label.size * 1.2);
    text.lines(r.value, MARGIN + labelWidth, rowY + r.value.size, valueStyle, r.value.size * 1.2);
    rowY += rowHeight(r);
  }
  y += boxHeight + 14;

  // The statement: Spanish first (it binds), then the translation the signer read.
  band(bilingual(es.labels.authoritative, texts.labels.authoritative));
  statement(statementParts(es, 'es', input), false);
  if (translated) {
    band(interpolate(texts.labels.translation, { language: LANGUAGE_NAMES[language] }));
    statement(statementParts(texts, language, input), rtl);
  }

  // The signature, with who signed and when.
  const box = { width: 240, height: 90 };
  band(bilingual(es.labels.signature, texts.labels.signature));
  ensure(box.height + 50);
  doc.rect(MARGIN, y, box.width, box.height).lineWidth(0.75).strokeColor(COLORS.rule).stroke();
  doc.image(signature, MARGIN + 4, y + 4, {
    fit: [box.width - 8, box.height - 8],
    align: 'center',
    valign: 'center',
  });
  y += box.height + 6;
  const at = localDateTimeOf(input.signedAt, input.timeZone);
  const when = `${formatDate(at.slice(0, 10), dateFormat)} ${at.slice(11, 16)} (${input.timeZone})`;
  text.line(
    input.signerName,
    MARGIN,
    y + 10,
    { size: 10, bold: true, color: COLORS.text },
    {
      maxWidth: CONTENT,
      minSize: 7,
    },
  );
  y += 16;
  flow(
    translated
      ? `${interpolate(es.labels.signedAt, { date: when })} / ${interpolate(texts.labels.signedAt, { date: when })}`
      : interpolate(es.labels.signedAt, { date: when }),
    { size: 8, color: COLORS.muted },
  );

  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    const style = { size: 7, color: COLORS.label };
    text.line(
      `${es.title} · ${e.name} · ${es.labels.reference} ${input.id}`,
      MARGIN,
      FOOTER_BASELINE,
      style,
      {
        maxWidth: CONTENT - 110,
        minSize: 5,
      },
    );
    text.line(
      interpolate(es.labels.page, { page: i + 1, pages: pages.count }),
      MARGIN + CONTENT - 100,
      FOOTER_BASELINE,
      style,
      { maxWidth: 100, align: 'right' },
    );
  }
  doc.end();
  return finished.then(() => Buffer.concat(chunks));
}
