/**
 * The registration PDF read back the way a person or an auditor would: its text with pdftotext,
 * its fonts with pdffonts and its images with pdfimages (Debian package poppler-utils).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@hospes/shared/languages';
import type { SesTraveler } from '@hospes/shared/ses-preflight';
import { signaturePng } from './fixtures';
import { fontsFolder, sharedFontSet } from './fonts';
import { flattenForPdf } from './images';
import { pngDeclaring } from '../../../test/traveler-factories';
import {
  createRegistrationPdfRenderer,
  renderRegistrationPdf,
  type PdfEstablishment,
  type PdfTraveler,
  type RegistrationPdfInput,
} from './registration-pdf';
import { pdfTexts } from './pdf-texts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hospes-pdf-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

let fileNo = 0;
function poppler(
  tool: 'pdftotext' | 'pdffonts' | 'pdfimages' | 'pdfinfo',
  pdf: Buffer,
  args: string[] = [],
): string {
  const file = path.join(tmp, `${++fileNo}.pdf`);
  fs.writeFileSync(file, pdf);
  const output = tool === 'pdftotext' ? ['-'] : [];
  const result = spawnSync(tool, [...args, file, ...output], { encoding: 'utf8' });
  if (result.error)
    throw new Error(`${tool} is needed (apt-get install poppler-utils): ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr}`);
  return result.stdout;
}
const pdfText = (pdf: Buffer) => poppler('pdftotext', pdf);
/** The text without spaces, line breaks and the bidi marks pdftotext puts around Arabic lines. */
const compact = (text: string) => text.replace(/[\s\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g, '');

interface WordBox {
  word: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}
/** Every word of every page with its box (pdftotext -bbox; y grows downwards). */
function wordBoxes(pdf: Buffer): WordBox[][] {
  return poppler('pdftotext', pdf, ['-bbox'])
    .split('<page ')
    .slice(1)
    .map((page) =>
      [
        ...page.matchAll(
          /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
        ),
      ].map((m) => ({
        word: m[5]!,
        xMin: Number(m[1]),
        yMin: Number(m[2]),
        xMax: Number(m[3]),
        yMax: Number(m[4]),
      })),
    );
}
/**
 * Words drawn over one another: boxes that cross, each taken by the middle of its height (a box
 * spans the font's whole ascent and descent, more than the distance between two wrapped lines).
 */
function overlaps(words: readonly WordBox[]): string[] {
  const found: string[] = [];
  const core = (w: WordBox) => {
    const cut = (w.yMax - w.yMin) * 0.3;
    return { top: w.yMin + cut, bottom: w.yMax - cut };
  };
  words.forEach((a, i) => {
    for (const b of words.slice(i + 1)) {
      const x = Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin);
      const [ca, cb] = [core(a), core(b)];
      const y = Math.min(ca.bottom, cb.bottom) - Math.max(ca.top, cb.top);
      if (x > 0.5 && y > 0) found.push(`${a.word} × ${b.word}`);
    }
  });
  return found;
}
const A4 = { width: 595.28, height: 841.89 };
/** Every word inside the margins, and above the footer (its baseline 22 pt from the bottom). */
function outside(words: readonly WordBox[]): string[] {
  const footer = (w: WordBox) => w.yMax > A4.height - 26 && w.yMin > A4.height - 40;
  return words
    .filter((w) => !footer(w))
    .filter((w) => w.xMin < 35 || w.xMax > A4.width - 35 || w.yMax > A4.height - 28)
    .map((w) => `${w.word} (${w.xMin}, ${w.yMin}, ${w.xMax}, ${w.yMax})`);
}
const pageCount = (pdf: Buffer) => Number(/Pages:\s+(\d+)/.exec(poppler('pdfinfo', pdf))?.[1]);
const imageCount = (pdf: Buffer) =>
  poppler('pdfimages', pdf, ['-list']).trim().split('\n').length - 2;

const establishment: PdfEstablishment = {
  name: 'Albergue de Peregrinos San Roque',
  type: 'hostel',
  nif: 'B58378431',
  address: 'Rúa San Roque 2',
  city: 'Melide',
  province: 'A Coruña',
  postalCode: '15800',
  phone: '+34 981 000 000',
  establishmentCode: 'H150000123',
  includeDocumentImagesInPdf: false,
};

const signature = signaturePng();

const spaniard: PdfTraveler = {
  id: 'es-1',
  firstName: 'José María',
  lastName: 'Núñez',
  secondLastName: 'García-Peña',
  nationality: 'ESP',
  passportNumber: '12345678Z',
  documentType: 'D',
  documentSupportNumber: 'ABC123456',
  documentExpeditionDate: '2021-03-04',
  dateOfBirth: '1979-11-23',
  gender: 'M',
  entryDate: '2026-06-01',
  checkOutDate: '2026-06-02',
  language: 'es',
  contactInfo: { email: 'jose.nunez@example.es', phone: '+34 600 111 222' },
  address: {
    street: 'Calle de Alcalá 100, 3º izq.',
    municipalityCode: '28079',
    municipalityName: 'Madrid',
    postalCode: '28009',
    country: 'ESP',
  },
  stay: {
    contractReference: 'RES-2026-0042',
    contractDate: '2026-05-20',
    entryDateTime: '2026-06-01T17:45',
    exitDateTime: '2026-06-02T08:00',
    numberOfPersons: 2,
    internetBooking: true,
    paymentType: 'TARJT',
    cardExpiry: '09/2028',
  },
  signatureImage: signature,
  documentImages: [signaturePng(900, 600), signaturePng(900, 600)],
};

const arab: PdfTraveler = {
  ...spaniard,
  id: 'ma-1',
  firstName: 'محمد عبد الله',
  lastName: 'العلي',
  secondLastName: null,
  nationality: 'MAR',
  passportNumber: 'MA1234567',
  documentType: 'P',
  documentSupportNumber: null,
  address: {
    street: 'شارع محمد الخامس 12',
    municipalityName: 'الرباط',
    postalCode: '10000',
    country: 'MAR',
  },
};

const chinese: PdfTraveler = {
  ...spaniard,
  id: 'cn-1',
  firstName: '伟',
  lastName: '王',
  secondLastName: null,
  nationality: 'CHN',
  passportNumber: 'E12345678',
  documentType: 'P',
  address: {
    street: '北京市朝阳区建国路 88 号',
    municipalityName: '北京',
    postalCode: '100022',
    country: 'CHN',
  },
};

const russian: PdfTraveler = {
  ...spaniard,
  id: 'ru-1',
  firstName: 'Иван',
  lastName: 'Петров',
  secondLastName: 'Παπαδόπουλος',
  nationality: 'RUS',
  passportNumber: '751234567',
  documentType: 'P',
};

const producedAt = new Date(Date.UTC(2026, 5, 1, 16, 2, 0)); // 18:02 in Madrid (CEST)

function input(
  travelers: PdfTraveler[],
  overrides: Partial<RegistrationPdfInput> = {},
): RegistrationPdfInput {
  return {
    establishment,
    producedAt,
    sheets: travelers.map((traveler, i) => ({
      reportNumber: `2026/${String(123 + i).padStart(6, '0')}`,
      traveler,
    })),
    ...overrides,
  };
}

describe('registration PDF', () => {
  it('prints the establishment, report number, traveler, document and stay data on one A4 sheet each', async () => {
    const pdf = await renderRegistrationPdf(input([spaniard, arab, chinese, russian]), {
      language: 'es',
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(4);
    expect(poppler('pdfinfo', pdf)).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
    const text = pdfText(pdf);
    const pages = text.split('\f');
    const first = pages[0]!;
    for (const expected of [
      'Parte de entrada de viajeros',
      '2026/000123',
      'Albergue de Peregrinos San Roque',
      'Tipo: Albergue',
      'NIF: B58378431',
      'Código SES.HOSPEDAJES: H150000123',
      'Rúa San Roque 2, 15800 Melide, A Coruña',
      'José María',
      'Núñez',
      'García-Peña',
      'Hombre',
      '23/11/1979',
      'ESP',
      'DNI',
      '12345678Z',
      'ABC123456',
      '04/03/2021',
      '01/06/2026 17:45',
      '02/06/2026 08:00',
      'RES-2026-0042',
      '20/05/2026',
      'Tarjeta',
      '09/2028',
      'jose.nunez@example.es',
      '+34 600 111 222',
      'Calle de Alcalá 100, 3º izq.',
      'Madrid (28079)',
      'Firma del viajero',
      'Documento generado el 01/06/2026 18:02',
      'Página 1 de 4',
    ]) {
      expect(first).toContain(expected);
    }
    expect(pages[1]).toContain('2026/000124');
    expect(pages[3]).toContain('Página 4 de 4');
  });

  it('renders names in Arabic (right to left), Chinese, Cyrillic and Greek with embedded fonts', async () => {
    const pdf = await renderRegistrationPdf(input([arab, chinese, russian]), { language: 'es' });
    const [arabic = '', han = '', cyrillic = ''] = pdfText(pdf).split('\f');
    // Arabic is drawn word by word: assert each word (pdftotext may drop the spaces between them)
    for (const word of ['محمد', 'عبد', 'الله', 'العلي', 'شارع', 'الخامس', 'الرباط'])
      expect(arabic).toContain(word);
    for (const name of ['伟', '王', '北京市朝阳区建国路', '北京']) expect(han).toContain(name);
    for (const name of ['Иван', 'Петров', 'Παπαδόπουλος']) expect(cyrillic).toContain(name);

    // Right to left: the first word of the name is the rightmost on the page
    const words = [
      ...poppler('pdftotext', pdf, ['-f', '1', '-l', '1', '-bbox']).matchAll(
        /<word xMin="([\d.]+)"[^>]*>([^<]+)<\/word>/g,
      ),
    ].map((m) => ({ x: Number(m[1]), word: Array.from(m[2]!).reverse().join('') }));
    const x = (w: string) => words.find((entry) => entry.word === w)?.x ?? NaN;
    expect(x('محمد')).toBeGreaterThan(x('عبد'));
    expect(x('عبد')).toBeGreaterThan(x('الله'));

    const fonts = poppler('pdffonts', pdf);
    for (const font of [
      'NotoSans-Regular',
      'NotoSans-Bold',
      'NotoSansArabic-Regular',
      'NotoSansCJKsc-Regular',
    ]) {
      expect(fonts).toMatch(
        new RegExp(`[A-Z]{6}\\+${font}\\s+CID (TrueType|Type 0C)\\s+Identity-H\\s+yes yes yes`),
      );
    }
  });

  it('keeps the text layer right when the shared fonts met the same glyphs before without their letters', async () => {
    // The fonts are shared by every document of the process. A subset reaches some glyphs as
    // parts of composite glyphs, with no letters; fontkit caches that glyph object by id. Here
    // every Arabic and Latin glyph is met that way first, as the worst case of earlier documents.
    for (const key of ['arabic', 'latin'] as const) {
      const font = sharedFontSet().get(key);
      for (let id = 0; id < font.numGlyphs; id++) font.getGlyph(id);
    }
    const pdf = await renderRegistrationPdf(input([{ ...arab, id: 'ma-2' }]), { language: 'es' });
    const text = pdfText(pdf);
    for (const word of ['محمد', 'عبد', 'الله', 'العلي', 'الرباط']) expect(text).toContain(word);
    expect(text).toContain('MA1234567');
  });

  it('uses Japanese and Korean glyph forms for Japanese and Korean text', async () => {
    const japanese = { ...chinese, firstName: '太郎', lastName: '山田 やまだ', nationality: 'JPN' };
    const korean = { ...chinese, firstName: '민준', lastName: '김', nationality: 'KOR' };
    const pdf = await renderRegistrationPdf(input([japanese, korean]), { language: 'es' });
    const text = pdfText(pdf);
    for (const name of ['太郎', '山田', 'やまだ', '민준', '김']) expect(text).toContain(name);
    const fonts = poppler('pdffonts', pdf);
    expect(fonts).toContain('NotoSansCJKjp-Regular');
    expect(fonts).toContain('NotoSansCJKkr-Regular');
  });

  it.each([
    ['es', 'Información al viajero', 'Protección de datos', 'Firma del viajero'],
    ['en', 'Information for the traveler', 'Data protection', "Traveler's signature"],
    ['fr', 'Information du voyageur', 'Protection des données', 'Signature du voyageur'],
    ['de', 'Information für Reisende', 'Datenschutz', 'Unterschrift der reisenden Person'],
    ['it', 'Informazioni per il viaggiatore', 'Protezione dei dati', 'Firma del viaggiatore'],
    ['pt', 'Informação ao viajante', 'Proteção de dados', 'Assinatura do viajante'],
  ])('prints the legal texts in %s', async (language, infoTitle, dataTitle, signatureCaption) => {
    const pdf = await renderRegistrationPdf(input([spaniard]), { language });
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    expect(text).toContain(infoTitle);
    expect(text).toContain(dataTitle);
    expect(text).toContain(signatureCaption);
    expect(text).toContain('4/2015');
    expect(text).toContain('933/2021');
    expect(text).toContain('INT/321/2021');
    expect(text).toContain('3/2018');
    expect(text).toContain('2016/679');
    // The controller is the establishment
    const legal = text.slice(text.indexOf(dataTitle));
    expect(legal).toMatch(
      /Albergue de Peregrinos San Roque, [^.]*B58378431, Rúa San Roque 2, 15800 Melide, A Coruña/,
    );
    expect(text).toContain('www.aepd.es');
  });

  describe('the authority the establishment reports to', () => {
    const catalan = { ...establishment, province: 'Barcelona', postalCode: '08001' };
    const basque = { ...establishment, province: 'Bizkaia', postalCode: '48001' };

    it('is SES.HOSPEDAJES of the Ministry of the Interior, with its code, outside Catalonia and the Basque Country', async () => {
      const text = pdfText(await renderRegistrationPdf(input([spaniard]), { language: 'es' }));
      const flat = text.replace(/\s+/g, ' ');
      expect(flat).toContain('Código SES.HOSPEDAJES: H150000123');
      expect(flat).toContain('comunicar sus datos al Ministerio del Interior (SES.HOSPEDAJES)');
      expect(flat).toContain('Destinatarios: el Ministerio del Interior y las Fuerzas y Cuerpos');
    });

    it.each([
      [
        'Catalonia',
        catalan,
        "los Mossos d'Esquadra, la policía de Cataluña (Generalitat de Catalunya, Departament d'Interior)",
        "Destinatarios: los Mossos d'Esquadra (Generalitat de Catalunya, Departament d'Interior)",
      ],
      [
        'the Basque Country',
        basque,
        'la Ertzaintza, la policía del País Vasco (Gobierno Vasco, Departamento de Seguridad)',
        'Destinatarios: la Ertzaintza (Gobierno Vasco, Departamento de Seguridad)',
      ],
      [
        'a chosen one',
        { ...establishment, authority: 'mossos' as const },
        "los Mossos d'Esquadra, la policía de Cataluña (Generalitat de Catalunya, Departament d'Interior)",
        "Destinatarios: los Mossos d'Esquadra (Generalitat de Catalunya, Departament d'Interior)",
      ],
    ])(
      'is named as the recipient of the data in %s, on the same legal basis, with no SES code',
      async (_, est, reportTo, recipients) => {
        const text = pdfText(
          await renderRegistrationPdf(input([spaniard], { establishment: est }), {
            language: 'es',
          }),
        );
        const flat = text.replace(/\s+/g, ' ');
        expect(flat).toContain(`comunicar sus datos a ${reportTo}. Facilitar`);
        expect(flat).toContain(`su comunicación a ${reportTo};`);
        expect(flat).toContain(recipients);
        for (const basis of ['4/2015', '933/2021', '2016/679', '3/2018'])
          expect(flat).toContain(basis);
        expect(flat).not.toContain('SES.HOSPEDAJES');
        expect(flat).not.toContain('Ministerio del Interior');
        expect(flat).toContain('Tipo: Albergue · NIF: B58378431');
      },
    );

    it.each(LANGUAGES)('is named in %s, and the sheet keeps its layout', async (language) => {
      const sheet = (est: PdfEstablishment) =>
        renderRegistrationPdf(input([spaniard], { establishment: est }), { language });
      const [ses, mossos, ertzaintza] = await Promise.all([
        sheet(establishment),
        sheet(catalan),
        sheet(basque),
      ]);
      const legalOf = (pdf: Buffer) => {
        const text = pdfText(pdf).replace(/\s+/g, ' ');
        expect(text).not.toMatch(/\{\{|undefined/);
        return text;
      };
      expect(legalOf(ses)).toContain('SES.HOSPEDAJES');
      for (const [pdf, name, department] of [
        [mossos, "Mossos d'Esquadra", "Departament d'Interior"],
        [
          ertzaintza,
          'Ertzaintza',
          language === 'eu'
            ? 'Segurtasun Saila'
            : language === 'ca' || language === 'va'
              ? 'Departament de Seguretat'
              : language === 'gl'
                ? 'Departamento de Seguridade'
                : 'Departamento de Seguridad',
        ],
      ] as const) {
        const text = legalOf(pdf);
        expect(text).not.toContain('SES.HOSPEDAJES');
        expect(text).toContain('4/2015');
        expect(text).toContain('933/2021');
        // Named twice in the information (to whom the data go) and once more as a recipient.
        expect(text.split(name).length - 1).toBeGreaterThanOrEqual(3);
        expect(text).toContain(department);
        expect(pageCount(pdf)).toBe(1);
        const [words = []] = wordBoxes(pdf);
        expect(overlaps(words)).toEqual([]);
        expect(outside(words)).toEqual([]);
      }
    });
  });

  describe('the signature of a traveler under 14 (RD 933/2021: the accompanying adult signs)', () => {
    // Arrival on 1 June 2026 at 17:45.
    const child = (dateOfBirth: string, stay: Partial<PdfTraveler['stay']> = {}): PdfTraveler => ({
      ...spaniard,
      dateOfBirth,
      passportNumber: null,
      kinship: 'HJ',
      stay: { ...spaniard.stay, ...stay },
    });
    const sheetText = async (traveler: PdfTraveler, language = 'es') =>
      pdfText(await renderRegistrationPdf(input([traveler]), { language })).replace(/\s+/g, ' ');

    it('is labelled as the accompanying adult’s, who declares the data for the minor', async () => {
      const text = await sheetText(child('2012-06-02')); // 13 on arrival, 14 the next day
      expect(text).toContain('Firma del adulto acompañante (por el menor de 14 años)');
      expect(text).toContain(
        'El adulto que acompaña al viajero, menor de 14 años, declara que los datos de este parte son ciertos y firma en su nombre.',
      );
      expect(text).not.toContain('Firma del viajero');
      expect(text).not.toContain('El viajero declara');
      const english = await sheetText(child('2012-06-02'), 'en');
      expect(english).toContain('Signature of the accompanying adult');
      expect(english).not.toContain("Traveler's signature");
    });

    it('is the traveler’s own from the 14th birthday, counted on the day of arrival', async () => {
      for (const traveler of [
        child('2012-06-01'), // 14 on the day of arrival
        // The stay's entry time is the day of arrival, not the entry date: 14 on 2 June.
        child('2012-06-02', { entryDateTime: '2026-06-02T00:30' }),
        { ...spaniard, dateOfBirth: '2010-01-01' }, // a minor of 16 signs himself
        { ...spaniard, dateOfBirth: null }, // unknown: as an adult
      ] as PdfTraveler[]) {
        const text = await sheetText(traveler);
        expect(text, traveler.dateOfBirth ?? 'no birth date').toContain('Firma del viajero');
        expect(text).toContain('El viajero declara que los datos de este parte son ciertos.');
        expect(text).not.toContain('adulto acompañante');
      }
    });

    it.each(LANGUAGES)('has its own caption and declaration in %s', async (language) => {
      const minor = await renderRegistrationPdf(input([child('2015-01-01')]), { language });
      const text = pdfText(minor);
      const { texts } = pdfTexts(language);
      // Arabic comes back from pdftotext word by word; its lam-alef ligature and vowel marks
      // do not come back as they were written.
      const shows = (value: string) =>
        language === 'ar'
          ? value
              .split(/\s+/)
              .map((word) => word.replace(/[().,،]/g, ''))
              .filter((word) => word && !/لا|[\u064b-\u065f]/.test(word))
              .every((word) => text.includes(word))
          : compact(text).includes(compact(value));
      expect(shows(texts.signature.guardianCaption)).toBe(true);
      expect(shows(texts.signature.guardianDeclaration)).toBe(true);
      // (The Arabic guardian's texts hold every word of the traveler's own.)
      if (language !== 'ar') {
        expect(shows(texts.signature.caption)).toBe(false);
        expect(shows(texts.signature.declaration)).toBe(false);
      }
      const [words = []] = wordBoxes(minor);
      expect(overlaps(words)).toEqual([]);
      expect(outside(words)).toEqual([]);
    });
  });

  it.each([
    ['zh', '证件序列号', '支持号码'],
    ['ja', 'カードのシリアル番号', 'サポート番号'],
    ['de', 'Seriennummer der Karte', 'Trägernummer'],
    ['fr', 'Numéro de série de la carte', 'Numéro de support'],
  ])(
    'calls the DNI/NIE card’s support number (IDESP) its serial number in %s, not help-desk support',
    async (language, label, wrong) => {
      const text = pdfText(await renderRegistrationPdf(input([spaniard]), { language }));
      expect(text).toContain(label);
      expect(text).not.toContain(wrong);
    },
  );

  it('writes dates in the language format and falls back to Spanish for a language without texts', async () => {
    const german = pdfText(await renderRegistrationPdf(input([spaniard]), { language: 'de-AT' }));
    expect(german).toContain('23.11.1979');
    expect(german).toContain('Meldeschein für Reisende');
    expect(german).toContain('Dokument erstellt am 01.06.2026 18:02');
    const japanese = pdfText(await renderRegistrationPdf(input([spaniard]), { language: 'ja' }));
    expect(japanese).toContain('宿泊者登録票');
    const swedish = pdfText(await renderRegistrationPdf(input([spaniard]), { language: 'sv' }));
    expect(swedish).toContain('Parte de entrada de viajeros');
    const canary = pdfText(
      await renderRegistrationPdf(input([spaniard]), {
        language: 'es',
        timeZone: 'Atlantic/Canary',
      }),
    );
    expect(canary).toContain('Documento generado el 01/06/2026 17:02');
  });

  it('embeds the signature, and the document images only when the establishment wants them', async () => {
    const without = await renderRegistrationPdf(input([spaniard]), { language: 'es' });
    expect(pageCount(without)).toBe(1);
    expect(imageCount(without)).toBe(1);
    expect(poppler('pdfimages', without, ['-list'])).toMatch(/1\s+0\s+image\s+1200\s+400\s+rgb/);

    const withImages = await renderRegistrationPdf(
      input([spaniard], { establishment: { ...establishment, includeDocumentImagesInPdf: true } }),
      { language: 'es' },
    );
    expect(pageCount(withImages)).toBe(2);
    expect(imageCount(withImages)).toBe(3);
    const annex = pdfText(withImages).split('\f')[1]!;
    expect(annex).toContain('Copia del documento de identidad: José María Núñez García-Peña');
    expect(annex).toContain('Página 2 de 2');

    const unsigned = await renderRegistrationPdf(input([{ ...spaniard, signatureImage: null }]), {
      language: 'es',
    });
    expect(imageCount(unsigned)).toBe(0);
    expect(pdfText(unsigned)).toContain('Sin firma');
  });

  it('accepts a JPEG signature and refuses bytes that are not an image', async () => {
    const jpeg = Buffer.from(
      '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
      'base64',
    );
    const pdf = await renderRegistrationPdf(input([{ ...spaniard, signatureImage: jpeg }]), {
      language: 'es',
    });
    expect(poppler('pdfimages', pdf, ['-list'])).toMatch(/image\s+1\s+1\s+gray\s+1\s+8\s+jpeg/);
    await expect(
      renderRegistrationPdf(input([{ ...spaniard, signatureImage: Buffer.from('GIF89a...') }]), {
        language: 'es',
      }),
    ).rejects.toThrow(/neither PNG nor JPEG/);
  });

  it('never decodes a PNG beyond its bounds on the server thread (a decompression bomb)', () => {
    // Declares 16,000 × 16,000 pixels: left as it is (the documents service shrinks such images
    // with sharp, off this thread, before they get here).
    const declared = pngDeclaring(16_000, 16_000);
    expect(flattenForPdf(declared)).toBe(declared);
    // Declares 100 × 100: flattened when its data fits, left as it is when it inflates to 50 MB
    // (the decoding stops at what 100 × 100 pixels can hold).
    const withData = (raw: Buffer) => {
      const header = pngDeclaring(100, 100);
      const idat = zlib.deflateSync(raw);
      const head = Buffer.alloc(8);
      head.writeUInt32BE(idat.length, 0);
      head.write('IDAT', 4, 'latin1');
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(zlib.crc32(idat, zlib.crc32(head.subarray(4))) >>> 0);
      return Buffer.concat([
        header.subarray(0, 33),
        head,
        idat,
        crc,
        header.subarray(header.length - 12),
      ]);
    };
    const genuine = withData(Buffer.alloc(100 * (1 + 100 * 4)));
    expect(flattenForPdf(genuine)).not.toBe(genuine);
    const bomb = withData(Buffer.alloc(50 * 1024 * 1024));
    expect(flattenForPdf(bomb)).toBe(bomb);
  });

  it('is deterministic for the same input and production time', async () => {
    const renderer = createRegistrationPdfRenderer();
    const a = await renderer.render(input([spaniard, arab]), { language: 'fr' });
    const b = await renderer.render(input([spaniard, arab]), { language: 'fr' });
    expect(a.equals(b)).toBe(true);
    expect(poppler('pdfinfo', a)).toMatch(/Title:\s+Fiche d'enregistrement des voyageurs/);
  });

  describe('long values (a legal register prints them whole)', () => {
    // 50 characters, the most the API takes for a name, of the widest letters of each script.
    const latin = 'Maximiliana Wilhelmina Friederike Alexandra Sophie';
    const wide = 'W'.repeat(50);
    const han = '龍'.repeat(50);
    const arabic = 'عبد الرحمن بن محمد بن عبد الله بن إبراهيم بن الحسن';
    const email = `${'wilhelmina.friederike.'.repeat(10)}w@example-lodgings.com`.slice(-250);
    const street = `Camiño Real de Santiago ${'W'.repeat(40)} ${'龍'.repeat(20)} número 100`.slice(
      0,
      100,
    );
    const long: PdfTraveler = {
      ...spaniard,
      firstName: latin,
      lastName: wide,
      secondLastName: han,
      contactInfo: { email, phone: '+34 600 111 222' },
      address: { ...spaniard.address!, street, complement: `Piso 3 ${'W'.repeat(60)}` },
    };

    it('are printed with every character, wrapped onto further lines, never cut', async () => {
      expect([latin, wide, han, arabic].map((v) => Array.from(v).length)).toEqual([50, 50, 50, 50]);
      const pdf = await renderRegistrationPdf(
        input([
          long,
          {
            ...arab,
            firstName: arabic,
            lastName: arabic,
            address: { ...arab.address!, street: 'شارع الزيتون 12' },
          },
        ]),
        { language: 'es' },
      );
      const [first = '', second = ''] = pdfText(pdf).split('\f');
      expect(first).not.toContain('…');
      for (const value of [latin, wide, han, email, street, `Piso 3 ${'W'.repeat(60)}`])
        expect(compact(first)).toContain(compact(value));
      // Wrapped, not shrunk to nothing: the W name takes more than one line.
      expect(first).not.toContain(wide);
      // Arabic is drawn word by word, right to left: every word, and each as often as written.
      for (const word of new Set(arabic.split(' '))) {
        const times = arabic.split(' ').filter((w) => w === word).length;
        expect(second.split(word).length - 1, word).toBe(2 * times);
      }
      expect(second).not.toContain('…');
    });

    it('keep the sheet on one page, inside its margins, with nothing drawn over anything else', async () => {
      const pdf = await renderRegistrationPdf(input([long]), { language: 'es' });
      expect(pageCount(pdf)).toBe(1);
      const [words = []] = wordBoxes(pdf);
      expect(overlaps(words)).toEqual([]);
      expect(outside(words)).toEqual([]);
      // The row grew: both lines of the W surname are above the next row's labels.
      const sex = words.find((b) => b.word === 'Sexo')!;
      const surname = words.filter((b) => /^W+$/.test(b.word) && b.xMin > 200 && b.xMin < 220);
      expect(surname.length).toBeGreaterThanOrEqual(2);
      for (const line of surname) expect(line.yMax).toBeLessThan(sex.yMin);
      const legal = pdfText(pdf).replace(/\s+/g, ' ');
      expect(legal).toContain('Protección de datos');
      expect(legal).toContain('(www.aepd.es)');
    });

    it('go on a second page, numbered, when every field is at its longest', async () => {
      const longest: PdfTraveler = {
        ...long,
        lastName: han,
        secondLastName: wide,
        nationality: 'CHN',
        address: {
          street: '龍'.repeat(100),
          complement: 'W'.repeat(100),
          municipalityName: '龍'.repeat(100),
          postalCode: 'W'.repeat(20),
          country: 'CHN',
        },
        stay: {
          ...spaniard.stay,
          contractReference: 'W'.repeat(50),
          paymentMethod: 'W'.repeat(50),
          paymentHolder: '龍'.repeat(100),
          paymentDate: '2026-05-20',
        },
      };
      const widest = {
        ...establishment,
        name: 'W'.repeat(150),
        address: '龍'.repeat(200),
        city: 'W'.repeat(100),
      };
      const pdf = await renderRegistrationPdf(input([longest], { establishment: widest }), {
        language: 'es',
      });
      expect(pageCount(pdf)).toBe(2);
      const pages = pdfText(pdf).split('\f');
      expect(pages[0]).toContain('Página 1 de 2');
      expect(pages[1]).toContain('Página 2 de 2');
      expect(pages[1]).toContain('2026/000123');
      expect(pages[1]).toContain('Protección de datos');
      const all = compact(pages.join(''));
      for (const value of [
        widest.name,
        widest.address,
        widest.city,
        '龍'.repeat(100),
        'W'.repeat(100),
      ])
        expect(all).toContain(compact(value));
      expect(all).not.toContain('…');
      for (const words of wordBoxes(pdf)) {
        expect(overlaps(words)).toEqual([]);
        expect(outside(words)).toEqual([]);
      }
    });

    it('wrap the annex title with the whole name', async () => {
      const pdf = await renderRegistrationPdf(
        input([{ ...long, secondLastName: wide }], {
          establishment: { ...establishment, includeDocumentImagesInPdf: true },
        }),
        { language: 'es' },
      );
      const annex = pdfText(pdf).split('\f')[1]!;
      expect(compact(annex)).toContain(compact(`${latin} ${wide} ${wide}`));
      expect(overlaps(wordBoxes(pdf)[1]!)).toEqual([]);
    });
  });

  it('finds its fonts from the source tree', () => {
    expect(fs.existsSync(path.join(fontsFolder(), 'NotoSansCJK-Regular.ttc'))).toBe(true);
    expect(fs.existsSync(path.join(fontsFolder(), 'OFL.txt'))).toBe(true);
  });

  it('takes the same traveler view model as the SES builders', () => {
    // Compile-time check: one mapping from the database serves the PDF and SES.HOSPEDAJES.
    const forSes: SesTraveler = { ...spaniard, id: 'es-1' };
    const forPdf: PdfTraveler = forSes;
    expect(forPdf.firstName).toBe('José María');
  });
});
