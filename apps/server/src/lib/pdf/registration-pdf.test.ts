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
import type { SesTraveler } from '@hospes/shared/ses-preflight';
import { signaturePng } from './fixtures';
import { fontsFolder } from './fonts';
import { flattenForPdf } from './images';
import { pngDeclaring } from '../../../test/pilgrim-factories';
import {
  createRegistrationPdfRenderer,
  renderRegistrationPdf,
  type PdfEstablishment,
  type PdfTraveler,
  type RegistrationPdfInput,
} from './registration-pdf';

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

  it('fits long values in their box without losing the start', async () => {
    const long = {
      ...spaniard,
      firstName: 'Maria Anna Theresia Walburga Amalia Christina',
      lastName: 'von Habsburg-Lothringen und Bourbon-Parma',
    };
    const text = pdfText(await renderRegistrationPdf(input([long]), { language: 'es' })).replace(
      /\s+/g,
      ' ',
    );
    expect(text).toContain('Maria Anna Theresia');
    expect(text).toContain('von Habsburg');
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
