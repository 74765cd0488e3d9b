/**
 * Export (CSV and XLSX, read back and compared with the data API), the import template, the
 * import preview and the import: round trip into another establishment, no duplicates, bad files.
 *
 * One test file over 500 lines on purpose: the cases share one test app and its seeded tenants, set up
 * once per file (a PGlite restored from the snapshot); split, each file would set them up again.
 */
import ExcelJS from 'exceljs';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_UNPACKED_BYTES, TRAVELER_COLUMNS } from '@hospes/shared/documents';
import { zipSingleFile } from '../../lib/ses/solicitud';
import type { Traveler } from '@hospes/shared/travelers';
import { auditLog, establishments, pilgrims } from '../../db/schema';
import { createAdminSession } from '../../../test/accounts';
import {
  multipartBody,
  pdfImageCount,
  pdfText,
  registerTraveler,
  sesReadyBody,
} from '../../../test/documents-helpers';
import { randomCif } from '../../../test/factories';
import { PNG_BYTES, travelerBody } from '../../../test/traveler-factories';
import {
  bearer,
  createTestContext,
  registerVerifiedOwner,
  type TestContext,
} from '../../../test/test-app';
import { madridDateTime } from './export-import/columns';
import { parseCsv } from './export-import/csv';
import { HEADER_TO_COLUMN, headerKey } from './texts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createAdminSession>>;
let owner: Awaited<ReturnType<typeof registerVerifiedOwner>>;
let other: Awaited<ReturnType<typeof registerVerifiedOwner>>;
let travelers: Traveler[];

const get = (url: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

/** The CSV export of one establishment of the owner's, and a call importing it into another. */
async function exportForImport(from: string, into: string) {
  const file = await get(`/api/pilgrims/export?format=csv&establishmentId=${from}`, owner.token);
  const send = () =>
    upload(
      '/api/pilgrims/import',
      owner.token,
      { name: 'x.csv', content: file.rawPayload },
      { establishmentId: into },
    );
  return { file, send };
}

async function newEstablishment(token: string, name: string): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/establishments',
    headers: bearer(token),
    payload: {
      name,
      type: 'hostel',
      nif: randomCif(),
      address: 'Camino Real 3',
      city: 'Sarria',
      province: 'Lugo',
      postalCode: '27600',
      phone: '+34 982 000 000',
      contactName: 'Ana',
      contactEmail: 'ana@example.com',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

async function travelersOf(establishmentId: string, token: string): Promise<Traveler[]> {
  const res = await get(
    `/api/pilgrims?establishmentId=${establishmentId}&limit=100&sortOrder=asc`,
    token,
  );
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function upload(
  url: string,
  token: string | undefined,
  file: { name: string; content: Buffer } | null,
  fields: Record<string, string> = {},
) {
  const { payload, headers } = multipartBody(file, fields);
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...(token ? bearer(token) : {}) },
    payload,
  });
}

const pilgrimCount = async () =>
  (await ctx.database.db.select({ n: count() }).from(pilgrims))[0]!.n;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdminSession(ctx);
  owner = await registerVerifiedOwner(ctx, { name: 'Albergue Export' });
  other = await registerVerifiedOwner(ctx, { name: 'Otro Albergue' });
  const e = owner.establishmentId;
  travelers = [];
  travelers.push(
    await registerTraveler(
      ctx,
      owner.token,
      sesReadyBody(e, {
        stay: {
          contractReference: 'BK-2026-7',
          contractDate: '2026-02-01',
          entryDateTime: '2026-03-01T18:30',
          exitDateTime: '2026-03-03T08:00',
          numberOfPersons: 2,
          numberOfRooms: 1,
          internetBooking: true,
          paymentType: 'TARJT',
          paymentDate: '2026-02-01',
          paymentMethod: '=1+1 VISA ****1234',
          paymentHolder: 'José María Núñez García',
          cardExpiry: '09/2028',
        },
        contactInfo: {
          email: 'jose@example.es',
          phone: '+34 600 000 000',
          phone2: '+34 981 111 111',
          address: 'Calle "Mayor", 1;\n2.º B',
        },
        checkOutDate: '2026-03-03',
      }),
    ),
    await registerTraveler(
      ctx,
      owner.token,
      travelerBody(e, { lastName: 'O\'Brien; "Jr"', entryDate: '2026-02-10', checkOutDate: null }),
    ),
    await registerTraveler(
      ctx,
      owner.token,
      travelerBody(e, {
        firstName: 'محمد',
        lastName: 'العلي',
        nationality: 'MAR',
        gender: 'F',
        entryDate: '2025-08-15',
        checkOutDate: '2025-08-16',
        address: {
          street: 'Rue 5',
          municipalityName: 'Rabat',
          postalCode: '10000',
          country: 'MAR',
        },
        stay: { internetBooking: false, paymentType: 'EFECT' },
      }),
    ),
    await registerTraveler(
      ctx,
      owner.token,
      travelerBody(e, {
        firstName: 'Nil',
        lastName: 'Puig',
        dateOfBirth: '2015-01-01',
        kinship: 'HJ',
        nationality: 'ESP',
        documentType: 'P',
        language: 'ca',
        emergencyContact: { name: 'Marta Puig', phone: '+34 600 111 222', relationship: 'parent' },
      }),
    ),
  );
  await registerTraveler(
    ctx,
    other.token,
    travelerBody(other.establishmentId, { firstName: 'Foreign' }),
  );
});
afterAll(async () => {
  await ctx?.close();
});

// ---------------------------------------------------------------------------------------------
// What a file should say about a traveler

function valueAt(p: Traveler, key: string): unknown {
  if (key === 'establishment') return p.establishment.name;
  if (key === 'createdAt') return madridDateTime(p.createdAt);
  let v: unknown = p;
  for (const part of key.split('.'))
    v = v === null || v === undefined ? null : (v as Record<string, unknown>)[part];
  return v ?? null;
}

/** The codes as the files write them: the words of the file's language, never a bare code. */
const WORDS: Record<'en' | 'es', Record<string, Record<string, string>>> = {
  en: {
    gender: { M: 'Male', F: 'Female', O: 'Other' },
    documentType: { D: 'Spanish ID card (DNI)', P: 'Passport' },
    language: { es: 'Español', de: 'Deutsch', ca: 'Català' },
    kinship: { HJ: 'Child' },
    'emergencyContact.relationship': { spouse: 'Spouse or partner', parent: 'Parent' },
    'stay.paymentType': { TARJT: 'Card', EFECT: 'Cash' },
    source: { registration: 'Registered' },
  },
  es: {
    gender: { M: 'Hombre', F: 'Mujer', O: 'Otro' },
    documentType: { D: 'DNI', P: 'Pasaporte' },
    language: { es: 'Español', de: 'Deutsch', ca: 'Català' },
    kinship: { HJ: 'Hijo/a' },
    'emergencyContact.relationship': { spouse: 'Cónyuge o pareja', parent: 'Padre o madre' },
    'stay.paymentType': { TARJT: 'Tarjeta', EFECT: 'Efectivo' },
    source: { registration: 'Registrado' },
  },
};

function expectedCells(p: Traveler, lng: 'en' | 'es'): Record<string, string> {
  const { yes, no } = { en: { yes: 'yes', no: 'no' }, es: { yes: 'sí', no: 'no' } }[lng];
  const out: Record<string, string> = {};
  for (const c of TRAVELER_COLUMNS) {
    const v = valueAt(p, c.key);
    if (v === null) out[c.key] = '';
    else if (typeof v === 'boolean') out[c.key] = v ? yes : no;
    else if (c.type === 'code') {
      const word = WORDS[lng][c.key]?.[String(v)];
      expect(word, `${lng} word for ${c.key} ${String(v)}`).toBeDefined();
      out[c.key] = word!;
    } else out[c.key] = String(v);
  }
  return out;
}

/** Rows of a sheet (header labels → column keys) as texts by key. */
function rowsByKey(rows: string[][]): Record<string, string>[] {
  const [header, ...data] = rows;
  const keys = header!.map((h) => HEADER_TO_COLUMN.get(headerKey(h)));
  expect(keys.every(Boolean), `unknown headers in ${header!.join('|')}`).toBe(true);
  return data.map((cells) => Object.fromEntries(keys.map((k, i) => [k!, cells[i] ?? ''])));
}

async function xlsxRows(buffer: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const cells: string[] = [];
    for (let i = 1; i <= TRAVELER_COLUMNS.length; i++) {
      const v = row.getCell(i).value;
      cells.push(
        v instanceof Date
          ? v.toISOString().slice(0, 10)
          : v === null || v === undefined
            ? ''
            : String(v),
      );
    }
    rows.push(cells);
  });
  return rows;
}

describe('GET /api/pilgrims/export', () => {
  it('CSV: UTF-8 with BOM, `;`, headers in the request language, one row per traveler as in the database', async () => {
    const res = await get(
      `/api/pilgrims/export?format=csv&establishmentId=${owner.establishmentId}&sortOrder=asc&lng=en`,
      owner.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="travelers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['x-total-count']).toBe('4');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFFReport no.;First name;First surname;')).toBe(true);
    expect(body).toContain('\r\n');
    // The formula guard: a phone starting with + or - is written with a leading apostrophe.
    expect(body).toContain(";'+34 600 000 000;");
    const rows = rowsByKey([...parseCsv(body.slice(1))]).map((r) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v.replace(/^'(?=[=+\-@])/, '')])),
    );
    const expected = (await travelersOf(owner.establishmentId, owner.token))
      .sort((a, b) => (a.entryDate + a.id < b.entryDate + b.id ? -1 : 1))
      .map((p) => expectedCells(p, 'en'));
    expect(rows).toEqual(expected);
    expect(rows[0]!['reportNumber']).toMatch(/^\d{4}\/\d{6}$/);
  });

  it('XLSX: re-read with exceljs, the cells match the database (dates as dates)', async () => {
    const res = await get(
      `/api/pilgrims/export?format=xlsx&establishmentId=${owner.establishmentId}`,
      owner.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(
      /filename="viajeros-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const raw = await xlsxRows(res.rawPayload);
    expect(raw[0]![1]).toBe('Nombre');
    const rows = rowsByKey(raw);
    const expected = (await travelersOf(owner.establishmentId, owner.token))
      .sort((a, b) => (a.entryDate + a.id > b.entryDate + b.id ? -1 : 1))
      .map((p) => expectedCells(p, 'es'));
    expect(rows).toEqual(expected);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const entryColumn = TRAVELER_COLUMNS.findIndex((c) => c.key === 'entryDate') + 1;
    expect(workbook.worksheets[0]!.getRow(2).getCell(entryColumn).value).toBeInstanceOf(Date);
  });

  it('applies the list filters and `ids`, keeps to the caller’s establishments; an admin exports all', async () => {
    const moroccan = await get('/api/pilgrims/export?format=csv&nationality=MAR', owner.token);
    expect(moroccan.headers['x-total-count']).toBe('1');
    expect(moroccan.rawPayload.toString()).toContain('العلي');

    const ids = `${travelers[0]!.id},${travelers[1]!.id}`;
    const some = await get(`/api/pilgrims/export?format=csv&ids=${ids}`, owner.token);
    expect(some.headers['x-total-count']).toBe('2');
    expect([...parseCsv(some.rawPayload.toString().slice(1))]).toHaveLength(3);
    // The page as shown: in the order of the ids, whatever the list was sorted by.
    const order = travelers.map((t) => t.id);
    for (const ids of [order, [...order].reverse()]) {
      const page = await get(`/api/pilgrims/export?format=csv&ids=${ids.join(',')}`, owner.token);
      const [header, ...rows] = [...parseCsv(page.rawPayload.toString().slice(1))];
      const first = header!.indexOf('Nombre');
      expect(rows.map((row) => row[first])).toEqual(
        ids.map((id) => travelers.find((t) => t.id === id)!.firstName),
      );
    }

    const mine = await get('/api/pilgrims/export?format=csv', owner.token);
    expect(mine.headers['x-total-count']).toBe('4');
    expect(mine.rawPayload.toString()).not.toContain('Foreign');
    const foreignIds = await get(
      `/api/pilgrims/export?format=csv&ids=${(await travelersOf(other.establishmentId, other.token))[0]!.id}`,
      owner.token,
    );
    expect(foreignIds.headers['x-total-count']).toBe('0');

    const all = await get('/api/pilgrims/export?format=csv', admin.token);
    expect(Number(all.headers['x-total-count'])).toBeGreaterThanOrEqual(5);
    expect(all.rawPayload.toString()).toContain('Foreign');

    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'pilgrims.exported'));
    expect(entry).toBeDefined();
  });

  it('exports every row across several batches', async () => {
    // 4,100 rows inserted directly, exported by an admin: batches of 2,000 end to end.
    await ctx.database.db.execute(
      sql.raw(`
        insert into pilgrims (establishment_id, first_name, last_name, nationality, document_type, document_number,
          date_of_birth, gender, document_expedition_date, entry_date, language, email, phone, emergency_name,
          emergency_phone, emergency_relationship, search_text)
        select '${other.establishmentId}', 'Bulk', 'Row' || g, 'FRA', 'P', 'BK' || lpad(g::text, 7, '0'), date '1990-01-01',
          'M', date '2020-01-01', date '2024-01-01' + (g % 300), 'fr', 'b' || g || '@example.com', '+33 600 000 000',
          'E', '+33 600 000 001', 'friend', 'bulk'
        from generate_series(1, 4100) g`),
    );
    const res = await get(
      `/api/pilgrims/export?format=csv&establishmentId=${other.establishmentId}`,
      admin.token,
    );
    const lines = [...parseCsv(res.rawPayload.toString().slice(1))];
    expect(res.headers['x-total-count']).toBe(String(lines.length - 1));
    expect(lines.length - 1).toBeGreaterThanOrEqual(4100);
    const numbers = new Set(
      lines.slice(1).map((l) => l[TRAVELER_COLUMNS.findIndex((c) => c.key === 'passportNumber')]),
    );
    expect(numbers.size).toBe(lines.length - 1);
    const xlsx = await get(
      `/api/pilgrims/export?format=xlsx&establishmentId=${other.establishmentId}`,
      admin.token,
    );
    expect((await xlsxRows(xlsx.rawPayload)).length).toBe(lines.length);
    await ctx.database.db.delete(pilgrims).where(eq(pilgrims.searchText, 'bulk'));
  });

  it('answers 401 without a session and 400 for a bad format or id', async () => {
    expect((await get('/api/pilgrims/export?format=csv')).statusCode).toBe(401);
    const bad = await get('/api/pilgrims/export?format=pdf', owner.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      details: [{ field: 'querystring.format' }],
    });
    expect((await get('/api/pilgrims/export?ids=nope', owner.token)).statusCode).toBe(400);
  });

  it('answers 404 for another tenant’s establishment, and writes nothing in its log', async () => {
    const logged = async () =>
      (
        await ctx.database.db
          .select({ n: count() })
          .from(auditLog)
          .where(eq(auditLog.establishmentId, other.establishmentId))
      )[0]!.n;
    const before = await logged();
    for (const format of ['csv', 'xlsx']) {
      const res = await get(
        `/api/pilgrims/export?format=${format}&establishmentId=${other.establishmentId}&lng=en`,
        owner.token,
      );
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Establishment not found');
    }
    expect(await logged()).toBe(before);
  });
});

describe('GET /api/pilgrims/import/template', () => {
  it('has the header row and one example row, in CSV and XLSX, and the example imports as valid', async () => {
    const csv = await get('/api/pilgrims/import/template?format=csv', owner.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="plantilla-viajeros.csv"',
    );
    const rows = [...parseCsv(csv.rawPayload.toString().slice(1))];
    expect(rows).toHaveLength(2);
    expect(rows[0]![0]).toBe('Nombre');
    expect(rows[0]).not.toContain('N.º de parte');
    // The example writes its codes as words of the template's language, as an export does.
    expect(rowsByKey(rows)[0]).toMatchObject({
      gender: 'Mujer',
      documentType: 'DNI',
      language: 'Español',
      'emergencyContact.relationship': 'Hermano/a',
      'stay.internetBooking': 'no',
      'stay.paymentType': 'Efectivo',
    });

    const xlsx = await get('/api/pilgrims/import/template?format=xlsx&lng=en', owner.token);
    expect(xlsx.headers['content-disposition']).toBe(
      'attachment; filename="travelers-template.xlsx"',
    );
    const sheet = await xlsxRows(xlsx.rawPayload);
    expect(sheet[0]![0]).toBe('First name');
    expect(sheet[1]![0]).toBe('María');
    expect(rowsByKey(sheet.map((r) => r.slice(0, rows[0]!.length)))[0]).toMatchObject({
      gender: 'Female',
      documentType: 'Spanish ID card (DNI)',
      'emergencyContact.relationship': 'Sibling',
      'stay.paymentType': 'Cash',
    });

    for (const [name, content] of [
      ['t.csv', csv.rawPayload],
      ['t.xlsx', xlsx.rawPayload],
    ] as const) {
      const preview = await upload(
        '/api/pilgrims/import/preview',
        owner.token,
        { name, content },
        { establishmentId: owner.establishmentId },
      );
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json().data).toMatchObject({ total: 1, valid: 1, invalid: 0, duplicates: 0 });
    }
    expect((await get('/api/pilgrims/import/template')).statusCode).toBe(401);
  });
});

describe('import', () => {
  it('round trip: an export (CSV, then XLSX) imported into another establishment reproduces the travelers', async () => {
    const comparable = (p: Traveler) => {
      const {
        id: _i,
        reportNumber: _r,
        establishmentId: _e,
        establishment: _s,
        createdAt: _c,
        updatedAt: _u,
        documentUploads: _d,
        source: _o,
        ...rest
      } = p;
      return rest;
    };
    const byDocument = (a: Traveler, b: Traveler) =>
      (a.passportNumber ?? '') < (b.passportNumber ?? '') ? -1 : 1;
    const source = (await travelersOf(owner.establishmentId, owner.token))
      .sort(byDocument)
      .map(comparable);
    for (const format of ['csv', 'xlsx'] as const) {
      const target = await newEstablishment(owner.token, `Destino ${format}`);
      const file = await get(
        `/api/pilgrims/export?format=${format}&establishmentId=${owner.establishmentId}`,
        owner.token,
      );
      const res = await upload(
        '/api/pilgrims/import?lng=en',
        owner.token,
        { name: `export.${format}`, content: file.rawPayload },
        { establishmentId: target },
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: 'Travelers imported: 4. Rows skipped: 0.',
        data: {
          format,
          total: 4,
          imported: 4,
          valid: 4,
          invalid: 0,
          duplicates: 0,
          skipped: [],
          ignoredColumns: [],
        },
      });
      const imported = await travelersOf(target, owner.token);
      expect([...imported].sort(byDocument).map(comparable)).toEqual(source);
      expect(imported.every((p) => p.source === 'import' && p.establishmentId === target)).toBe(
        true,
      );
      expect(imported.map((p) => p.reportNumber).sort()).toEqual([
        '2025/000001',
        '2026/000001',
        '2026/000002',
        '2026/000003',
      ]);
      // No signature: the PDF says so.
      const pdf = await get(`/api/pilgrims/${imported[0]!.id}/pdf?language=es`, owner.token);
      expect(pdf.statusCode).toBe(200);
      expect(pdfText(pdf.rawPayload)).toContain('Sin firma');
      expect(pdfImageCount(pdf.rawPayload)).toBe(0);
    }
  });

  it('writes the codes as words of the file’s language (Hermano/a, not sibling), and such a file imports back as it was', async () => {
    const from = await newEstablishment(owner.token, 'Palabras origen');
    const claire = await registerTraveler(
      ctx,
      owner.token,
      travelerBody(from, {
        firstName: 'Claire',
        lastName: 'Dubois',
        nationality: 'FRA',
        documentType: 'I',
        language: 'fr',
        emergencyContact: {
          name: 'Paul Dubois',
          phone: '+33 6 12 34 56 78',
          relationship: 'sibling',
        },
        stay: { internetBooking: true, paymentType: 'TRANS' },
      }),
    );
    const exported = async (lng: string) => {
      const res = await get(
        `/api/pilgrims/export?format=csv&establishmentId=${from}&lng=${lng}`,
        owner.token,
      );
      expect(res.statusCode).toBe(200);
      const [row] = rowsByKey([...parseCsv(res.rawPayload.toString().slice(1))]);
      return { file: res.rawPayload, row: row! };
    };
    const es = await exported('es');
    expect(es.row).toMatchObject({
      gender: 'Hombre',
      nationality: 'FRA',
      documentType: 'Documento de identidad',
      language: 'Français',
      'emergencyContact.relationship': 'Hermano/a',
      'stay.internetBooking': 'sí',
      'stay.paymentType': 'Transferencia',
      source: 'Registrado',
    });
    const fr = await exported('fr');
    expect(fr.row).toMatchObject({
      gender: 'Homme',
      documentType: "Carte d'identité",
      language: 'Français',
      'emergencyContact.relationship': 'Frère ou sœur',
      'stay.internetBooking': 'oui',
      'stay.paymentType': 'Virement',
      source: 'Enregistré',
    });
    // Each file imports into another establishment as the same traveler.
    for (const [lng, file] of [
      ['es', es.file],
      ['fr', fr.file],
    ] as const) {
      const into = await newEstablishment(owner.token, `Palabras ${lng}`);
      const res = await upload(
        '/api/pilgrims/import',
        owner.token,
        { name: `${lng}.csv`, content: file },
        { establishmentId: into },
      );
      expect(res.json().data, res.body).toMatchObject({ imported: 1, invalid: 0 });
      const [copy] = await travelersOf(into, owner.token);
      expect(copy).toMatchObject({
        source: 'import',
        gender: 'M',
        documentType: 'I',
        language: 'fr',
        emergencyContact: claire.emergencyContact,
        stay: claire.stay,
      });
    }
  });

  it('reads the codes, or their words in any language, in every coded column; an unknown word is a problem of its row', async () => {
    const header =
      'firstName;lastName;nationality;documentType;documentNumber;dateOfBirth;gender;entryDate;language;kinship;contactInfo.email;contactInfo.phone;emergencyContact.name;emergencyContact.phone;emergencyContact.relationship;stay.internetBooking;stay.paymentType';
    const row = (name: string, born: string, cells: string) => {
      const [type, language, kinship, relationship, booking, payment] = cells.split('|');
      return `${name};Olano;FRA;${type};WRD${name.toUpperCase()};${born};F;2026-06-01;${language};${kinship};a@example.com;+33 6 12 34 56 78;Jon;+34 600 000 001;${relationship};${booking};${payment}`;
    };
    const adult = '1980-01-01';
    const child = '2015-01-01';
    const lines = [
      header,
      // Spanish words, as a host types them: any case, without accents, one of a pair.
      row('Ane', adult, 'pasaporte|ALEMAN||hermano|SI|efectivo'),
      row('Bea', child, 'Permiso de conducir|Español|Hijo/a|Padre o madre|no|Tarjeta'),
      row('Cruz', child, 'Pasaporte|español|hija|padre||tarjeta'),
      // French and German words.
      row('Dora', adult, "Carte d'identité|Français||Frère ou sœur|oui|Virement"),
      row('Edu', child, 'Reisepass|Deutsch|Kind|Elternteil|nein|Karte'),
      // The codes, as files written before (and other tools) have them.
      row('Fer', child, 'P|en|HJ|parent|no|EFECT'),
      row('Gil', adult, 'i|EN||sibling|yes|trans'),
      // Words no language has.
      row('Hugo', adult, 'P|es||primo|sí|bitcoin'),
    ];
    const preview = await upload(
      `/api/pilgrims/import/preview?establishmentId=${owner.establishmentId}`,
      owner.token,
      { name: 'words.csv', content: Buffer.from(lines.join('\r\n')) },
    );
    expect(preview.statusCode, preview.body).toBe(200);
    const rows = preview.json().data.rows as {
      status: string;
      values: Record<string, string>;
      errors: { field: string; column: string; code: string; message: string }[];
    }[];
    const read = (r: (typeof rows)[number]) => [
      r.status,
      r.values.documentType,
      r.values.language,
      r.values.kinship,
      r.values['emergencyContact.relationship'],
      r.values['stay.internetBooking'],
      r.values['stay.paymentType'],
    ];
    expect(rows.map(read)).toEqual([
      ['valid', 'P', 'de', '', 'sibling', 'SI', 'EFECT'],
      ['valid', 'C', 'es', 'HJ', 'parent', 'no', 'TARJT'],
      ['valid', 'P', 'es', 'HJ', 'parent', '', 'TARJT'],
      ['valid', 'I', 'fr', '', 'sibling', 'oui', 'TRANS'],
      ['valid', 'P', 'de', 'HJ', 'parent', 'nein', 'TARJT'],
      ['valid', 'P', 'en', 'HJ', 'parent', 'no', 'EFECT'],
      ['valid', 'I', 'en', '', 'sibling', 'yes', 'TRANS'],
      ['invalid', 'P', 'es', '', 'primo', 'sí', 'bitcoin'],
    ]);
    expect(rows[7]!.errors).toEqual([
      {
        field: 'emergencyContact.relationship',
        column: 'emergencyContact.relationship',
        code: 'validation.invalidOption',
        message: expect.stringMatching(/^Opción no válida: .*Hermano\/a/),
      },
      {
        field: 'stay.paymentType',
        column: 'stay.paymentType',
        code: 'validation.invalidOption',
        message: expect.stringMatching(/^Opción no válida: .*Efectivo/),
      },
    ]);

    // What is stored is the code.
    const res = await upload(
      `/api/pilgrims/import?establishmentId=${owner.establishmentId}`,
      owner.token,
      { name: 'words.csv', content: Buffer.from(lines.slice(0, 3).join('\r\n')) },
    );
    expect(res.json().data).toMatchObject({ imported: 2 });
    const stored = (await travelersOf(owner.establishmentId, owner.token)).filter(
      (p) => p.lastName === 'Olano',
    );
    expect(stored.find((p) => p.firstName === 'Ane')).toMatchObject({
      documentType: 'P',
      language: 'de',
      emergencyContact: { relationship: 'sibling' },
      stay: { internetBooking: true, paymentType: 'EFECT' },
    });
    expect(stored.find((p) => p.firstName === 'Bea')).toMatchObject({
      documentType: 'C',
      kinship: 'HJ',
      emergencyContact: { relationship: 'parent' },
      stay: { internetBooking: false, paymentType: 'TARJT' },
    });
    await ctx.database.db.delete(pilgrims).where(eq(pilgrims.source, 'import'));
  });

  it('importing the same file twice creates no duplicates, even at the same time', async () => {
    const target = await newEstablishment(owner.token, 'Destino doble');
    const { send } = await exportForImport(owner.establishmentId, target);
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.json().data.imported, b.json().data.imported].sort()).toEqual([0, 4]);
    const again = await send();
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ imported: 0, duplicates: 4, valid: 0 });
    expect(again.json().data.skipped[0]).toMatchObject({
      status: 'duplicate',
      errors: [{ field: 'passportNumber', code: 'import.duplicate' }],
    });
    expect(await travelersOf(target, owner.token)).toHaveLength(4);
  });

  it('takes a child without a document, by name, birth and entry, for the same traveler again', async () => {
    const source = await newEstablishment(owner.token, 'Familia origen');
    const target = await newEstablishment(owner.token, 'Familia destino');
    for (const firstName of ['Lucía', 'Leo']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/pilgrims',
        headers: bearer(owner.token),
        payload: travelerBody(source, {
          firstName,
          lastName: 'Núñez',
          dateOfBirth: '2019-06-01',
          passportNumber: null,
          kinship: 'HJ',
        }),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const { file, send } = await exportForImport(source, target);
    expect((await send()).json().data).toMatchObject({ imported: 2 });
    expect((await send()).json().data).toMatchObject({ imported: 0, duplicates: 2 });
    expect(await travelersOf(target, owner.token)).toHaveLength(2);
    // The same child twice in one file (case and accents aside) is one; her brother is not her.
    const [header, ...rows] = file.rawPayload
      .toString()
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    const lucia = rows.find((row) => row.includes('Lucía'))!;
    const leo = rows.find((row) => row.includes('Leo'))!;
    const twice = await upload(
      '/api/pilgrims/import/preview',
      owner.token,
      {
        name: 'y.csv',
        content: Buffer.from([header, lucia, leo, lucia.replace('Lucía', 'LUCIA')].join('\r\n')),
      },
      { establishmentId: owner.establishmentId },
    );
    expect(twice.json().data.rows.map((r: { status: string }) => r.status)).toEqual([
      'valid',
      'valid',
      'duplicate',
    ]);
  });

  it('preview lists every row with its problems and stores nothing; import takes the valid rows only', async () => {
    const header =
      'Nombre;Primer apellido;Nacionalidad;Tipo de documento;Número de documento;Número de soporte;Fecha de nacimiento;Sexo;Fecha de entrada;Correo electrónico;Teléfono;Contacto de emergencia;Teléfono de emergencia;Relación del contacto de emergencia;Reserva por internet;Columna rara';
    const lines = [
      header,
      'Ana;López;ESP;D;12345678Z;ABC123456;12/04/1985;F;01/05/2026;ana@example.com;+34 600 000 000;Juan;+34 600 000 001;sibling;sí;x',
      ';García;XXX;D;12345678A;;2030-01-01;M;2026-05-01;not-mail;+34 600 000 000;Juan;+34 600 000 001;sibling;quizá;x',
      'Ana;López;ESP;D;12345678Z;ABC123456;1985-04-12;F;2026-05-01;ana@example.com;+34 600 000 000;Juan;+34 600 000 001;sibling;no;x',
      'Hans;Müller;DEU;P;C01X00T47;;1970-01-01;M;2026-05-02;hans@example.de;+49 30 123456;Greta;+49 30 654321;spouse;;',
    ];
    const content = Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`);
    const before = await pilgrimCount();
    // A full page of one: its total is counted, and kept a few seconds (traveler-counts).
    const listTotal = async () =>
      (
        await get(`/api/pilgrims?establishmentId=${owner.establishmentId}&limit=1`, owner.token)
      ).json().pagination.total as number;
    const totalBefore = await listTotal();
    const preview = await upload(
      '/api/pilgrims/import/preview?lng=en',
      owner.token,
      { name: 'p.csv', content },
      { establishmentId: owner.establishmentId },
    );
    expect(preview.statusCode, preview.body).toBe(200);
    const data = preview.json().data;
    expect(data).toMatchObject({
      format: 'csv',
      total: 4,
      valid: 2,
      invalid: 1,
      duplicates: 1,
      ignoredColumns: ['Columna rara'],
    });
    expect(data.rows.map((r: { row: number; status: string }) => [r.row, r.status])).toEqual([
      [2, 'valid'],
      [3, 'invalid'],
      [4, 'duplicate'],
      [5, 'valid'],
    ]);
    const invalid = data.rows[1];
    const fields = invalid.errors.map((e: { field: string }) => e.field);
    for (const f of ['firstName', 'nationality', 'contactInfo.email', 'stay.internetBooking'])
      expect(fields).toContain(f);
    expect(
      invalid.errors.find((e: { field: string }) => e.field === 'contactInfo.email'),
    ).toMatchObject({ column: 'Correo electrónico', code: 'validation.email' });
    expect(invalid.errors.every((e: { message: string }) => e.message.length > 0)).toBe(true);
    expect(data.rows[2].errors[0]).toMatchObject({
      code: 'import.duplicateInFile',
      message: 'Repeats the document and entry date of row 2.',
    });
    expect(data.rows[0].values).toMatchObject({
      dateOfBirth: '1985-04-12',
      entryDate: '2026-05-01',
      'stay.internetBooking': 'sí',
    });
    expect(await pilgrimCount()).toBe(before);

    const res = await upload(
      '/api/pilgrims/import',
      owner.token,
      { name: 'p.csv', content },
      { establishmentId: owner.establishmentId },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ imported: 2, total: 4 });
    expect(
      res.json().data.skipped.map((s: { row: number; status: string }) => [s.row, s.status]),
    ).toEqual([
      [3, 'invalid'],
      [4, 'duplicate'],
    ]);
    expect(await pilgrimCount()).toBe(before + 2);
    // The import makes the kept total stale at once, not a few seconds later.
    expect(await listTotal()).toBe(totalBefore + 2);
    const ana = (await travelersOf(owner.establishmentId, owner.token)).find(
      (p) => p.firstName === 'Ana',
    )!;
    expect(ana).toMatchObject({
      source: 'import',
      dateOfBirth: '1985-04-12',
      stay: { internetBooking: true },
      documentUploads: [],
    });
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, ana.id));
    expect(entry).toMatchObject({ action: 'pilgrim.created', details: { source: 'import' } });
    await ctx.database.db.delete(pilgrims).where(eq(pilgrims.source, 'import'));
  });

  it('reads moments with an offset as the local time in Spain, and a file that writes the sex as H/M the Spanish way', async () => {
    const lines = [
      'firstName;lastName;nationality;documentType;documentNumber;dateOfBirth;gender;entryDate;stay.entryDateTime;contactInfo.email;contactInfo.phone;emergencyContact.name;emergencyContact.phone;emergencyContact.relationship',
      // 22:30 UTC on 1 June is 00:30 on 2 June in Spain (summer time, UTC+2).
      'Irune;Olano;FRA;P;SPAIN0001;1980-01-01;M;2026-06-01T22:30:00.000Z;2026-06-01T22:30:00Z;irune@example.com;+33 6 12 34 56 78;Jon;+34 600 000 001;spouse',
      'Jon;Olano;FRA;P;SPAIN0002;1979-01-01;H;2026-06-02T00:30:00+02:00;2026-06-01 23:30:00+0100;jon@example.com;+33 6 12 34 56 79;Irune;+34 600 000 002;spouse',
    ];
    const res = await upload(
      `/api/pilgrims/import?establishmentId=${owner.establishmentId}`,
      owner.token,
      { name: 'ses.csv', content: Buffer.from(lines.join('\r\n')) },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ imported: 2 });
    const imported = (await travelersOf(owner.establishmentId, owner.token)).filter(
      (p) => p.lastName === 'Olano',
    );
    const byName = new Map(imported.map((p) => [p.firstName, p]));
    // An H in the column: M is mujer, not masculino.
    expect(byName.get('Irune')).toMatchObject({
      gender: 'F',
      entryDate: '2026-06-02',
      stay: { entryDateTime: '2026-06-02T00:30:00' },
    });
    expect(byName.get('Jon')).toMatchObject({
      gender: 'M',
      entryDate: '2026-06-02',
      stay: { entryDateTime: '2026-06-02T00:30:00' },
    });
    await ctx.database.db.delete(pilgrims).where(eq(pilgrims.source, 'import'));

    // Without an H, M stays male (Hospes' own exports write M and F; a file of Spanish codes
    // with women only cannot be told apart). A birth date with an offset keeps the date written.
    const own = await upload(
      `/api/pilgrims/import?establishmentId=${owner.establishmentId}`,
      owner.token,
      {
        name: 'own.csv',
        content: Buffer.from(
          [lines[0], lines[1]!.replace('1980-01-01', '1980-01-01T00:00:00+03:00')].join('\r\n'),
        ),
      },
    );
    expect(own.json().data).toMatchObject({ imported: 1 });
    const [irune] = (await travelersOf(owner.establishmentId, owner.token)).filter(
      (p) => p.lastName === 'Olano',
    );
    expect(irune).toMatchObject({ gender: 'M', dateOfBirth: '1980-01-01' });
    await ctx.database.db.delete(pilgrims).where(eq(pilgrims.source, 'import'));

    // In the Canary Islands the same moment is 23:30 on 1 June: their clock is an hour behind.
    const place = (province: string, postalCode: string) =>
      ctx.database.db
        .update(establishments)
        .set({ province, postalCode })
        .where(eq(establishments.id, owner.establishmentId));
    const [before] = await ctx.database.db
      .select({ province: establishments.province, postalCode: establishments.postalCode })
      .from(establishments)
      .where(eq(establishments.id, owner.establishmentId));
    await place('Las Palmas', '35001');
    try {
      const canary = await upload(
        `/api/pilgrims/import?establishmentId=${owner.establishmentId}`,
        owner.token,
        { name: 'canarias.csv', content: Buffer.from([lines[0], lines[1]].join('\r\n')) },
      );
      expect(canary.json().data).toMatchObject({ imported: 1 });
      const [there] = (await travelersOf(owner.establishmentId, owner.token)).filter(
        (p) => p.lastName === 'Olano',
      );
      expect(there).toMatchObject({
        entryDate: '2026-06-01',
        stay: { entryDateTime: '2026-06-01T23:30:00' },
      });
    } finally {
      await place(before!.province, before!.postalCode);
      await ctx.database.db.delete(pilgrims).where(eq(pilgrims.source, 'import'));
    }
  });

  it('reads the sex as a word of any language, and the preview shows how each was read', async () => {
    const header =
      'firstName;lastName;nationality;documentType;documentNumber;dateOfBirth;gender;entryDate;contactInfo.email;contactInfo.phone;emergencyContact.name;emergencyContact.phone;emergencyContact.relationship';
    const row = (name: string, sex: string) =>
      `${name};Olano;FRA;P;SEX${name.toUpperCase()};1980-01-01;${sex};2026-06-01;a@example.com;+33 6 12 34 56 78;Jon;+34 600 000 001;spouse`;
    const preview = async (lines: string[]) =>
      (
        await upload(
          `/api/pilgrims/import/preview?establishmentId=${owner.establishmentId}`,
          owner.token,
          { name: 'sex.csv', content: Buffer.from([header, ...lines].join('\r\n')) },
        )
      ).json().data.rows as {
        status: string;
        values: Record<string, string>;
        errors: { message: string }[];
      }[];
    const words = await preview([
      row('Ane', 'mujer'),
      row('Bea', 'Femme'),
      row('Chen', '女性'),
      row('Dan', 'MÄNNLICH'),
      row('Eli', 'Otro'),
    ]);
    expect(words.map((r) => [r.status, r.values.gender])).toEqual([
      ['valid', 'F'],
      ['valid', 'F'],
      ['valid', 'F'],
      ['valid', 'M'],
      ['valid', 'O'],
    ]);
    // A value too long says how long it may be.
    const [long] = await preview([row('X'.repeat(51), 'F')]);
    expect(long!.status).toBe('invalid');
    expect(long!.errors.map((e) => e.message)).toContain('Debe tener como máximo 50 caracteres');
    // Spanish codes: with an H in the file, M is mujer, and the preview says F.
    const codes = await preview([row('Fabi', 'H'), row('Gala', 'M'), row('Hugo', 'Hombre')]);
    expect(codes.map((r) => r.values.gender)).toEqual(['M', 'F', 'M']);
  });

  it('reads a country as other tools write it: alpha-2, or its name in one of the 16 languages', async () => {
    const header =
      'firstName;lastName;nationality;documentType;documentNumber;dateOfBirth;gender;entryDate;contactInfo.email;contactInfo.phone;emergencyContact.name;emergencyContact.phone;emergencyContact.relationship';
    const row = (name: string, nationality: string) =>
      `${name};Olano;${nationality};P;CTY${name.toUpperCase()};1980-01-01;F;2026-06-01;a@example.com;+33 6 12 34 56 78;Jon;+34 600 000 001;spouse`;
    const res = await upload(
      `/api/pilgrims/import/preview?establishmentId=${owner.establishmentId}`,
      owner.token,
      {
        name: 'countries.csv',
        content: Buffer.from(
          [
            header,
            row('Ana', 'de'),
            row('Bea', 'Alemania'),
            row('Cris', 'GERMANY'),
            row('Dora', 'Deutschland'),
            row('Eva', 'Corea del Sur'),
            row('Fe', 'Atlantis'),
          ].join('\r\n'),
        ),
      },
    );
    const rows = res.json().data.rows as { status: string; values: Record<string, string> }[];
    expect(rows.map((r) => [r.status, r.values.nationality])).toEqual([
      ['valid', 'DEU'],
      ['valid', 'DEU'],
      ['valid', 'DEU'],
      ['valid', 'DEU'],
      ['valid', 'KOR'],
      ['invalid', 'Atlantis'],
    ]);
  });

  it('reads a Windows-1252 CSV with commas, as Excel saves it (establishment in the query)', async () => {
    const text = [
      'Nombre,Primer apellido,Nacionalidad,Número de documento,Fecha de nacimiento,Sexo,Fecha de entrada,Correo electrónico,Teléfono,Contacto de emergencia,Teléfono de emergencia,Relación del contacto de emergencia',
      'Begoña,Muñoz,ESP,X1234567L,3/2/1990,F,15/4/2026,bego@example.com,600000000,Íñigo,600000001,spouse',
    ].join('\r\n');
    const content = Buffer.from(text, 'latin1');
    const res = await upload(
      `/api/pilgrims/import/preview?establishmentId=${owner.establishmentId}`,
      owner.token,
      {
        name: 'excel.csv',
        content,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.rows[0]).toMatchObject({
      status: 'valid',
      values: {
        firstName: 'Begoña',
        lastName: 'Muñoz',
        dateOfBirth: '1990-02-03',
        entryDate: '2026-04-15',
      },
    });
  });

  it('refuses a spreadsheet that unpacks to more than it may hold (a zip bomb), before reading it', async () => {
    // About 100 KB of ZIP; unpacked, more than IMPORT_MAX_UNPACKED_BYTES of one letter.
    const bomb = zipSingleFile(
      'xl/worksheets/sheet1.xml',
      Buffer.alloc(IMPORT_MAX_UNPACKED_BYTES + 1, 'a'),
    );
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await upload(
      `/api/pilgrims/import/preview?lng=en&establishmentId=${owner.establishmentId}`,
      owner.token,
      { name: 'bomb.xlsx', content: bomb },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'IMPORT_FILE_INVALID' });
    expect(res.json().message).toContain('once unpacked');
  });

  it('refuses files it cannot read, a foreign establishment and no session, changing nothing', async () => {
    const before = await pilgrimCount();
    const e = { establishmentId: owner.establishmentId };
    const png = await upload(
      '/api/pilgrims/import',
      owner.token,
      { name: 'x.csv', content: PNG_BYTES },
      e,
    );
    expect(png.statusCode).toBe(415);
    expect(png.json().code).toBe('IMPORT_FILE_UNSUPPORTED');
    const xls = await upload(
      '/api/pilgrims/import',
      owner.token,
      { name: 'x.xls', content: Buffer.from('d0cf11e0a1b11ae1000000', 'hex') },
      e,
    );
    expect(xls.statusCode).toBe(415);
    const zip = await upload(
      '/api/pilgrims/import',
      owner.token,
      { name: 'x.xlsx', content: Buffer.from('504b0304000000000000', 'hex') },
      e,
    );
    expect(zip.statusCode).toBe(400);
    expect(zip.json().code).toBe('IMPORT_FILE_INVALID');
    const big = await upload(
      '/api/pilgrims/import',
      owner.token,
      { name: 'x.csv', content: Buffer.alloc(10 * 1024 * 1024 + 1, 'a') },
      e,
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('IMPORT_FILE_TOO_LARGE');
    const missing = await upload(
      '/api/pilgrims/import?lng=en',
      owner.token,
      { name: 'x.csv', content: Buffer.from('Nombre;Apellido\r\nAna;López\r\n') },
      e,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'IMPORT_FILE_INVALID' });
    expect(missing.json().message).toMatch(
      /^The file cannot be imported: the columns .*“?First surname/,
    );
    expect(missing.json().details.map((d: { field: string }) => d.field)).toContain('lastName');
    // A file of past stays without their entry dates would register everyone as arriving today.
    const template0 = (
      await get('/api/pilgrims/import/template?format=csv', owner.token)
    ).rawPayload
      .toString()
      .replace(/^\uFEFF/, '');
    const [head, example] = template0.split('\r\n').map((line) => line.split(';'));
    const entryAt = head!.indexOf('Fecha de entrada');
    expect(entryAt).toBeGreaterThan(-1);
    const without = (cells: string[]) => cells.filter((_, i) => i !== entryAt).join(';');
    const noEntry = await upload(
      '/api/pilgrims/import/preview?lng=en',
      owner.token,
      { name: 'x.csv', content: Buffer.from(`${without(head!)}\r\n${without(example!)}\r\n`) },
      e,
    );
    expect(noEntry.statusCode).toBe(400);
    expect(noEntry.json().details.map((d: { field: string }) => d.field)).toEqual(['entryDate']);
    const emptyEntry = await upload(
      '/api/pilgrims/import/preview?lng=en',
      owner.token,
      {
        name: 'x.csv',
        content: Buffer.from(
          `${head!.join(';')}\r\n${example!.map((c, i) => (i === entryAt ? '' : c)).join(';')}\r\n`,
        ),
      },
      e,
    );
    expect(emptyEntry.statusCode, emptyEntry.body).toBe(200);
    expect(emptyEntry.json().data.rows[0]).toMatchObject({
      status: 'invalid',
      errors: [expect.objectContaining({ field: 'entryDate', column: 'Fecha de entrada' })],
    });
    const templateText = (
      await get('/api/pilgrims/import/template?format=csv', owner.token)
    ).rawPayload.toString();
    const headerOnly = await upload(
      '/api/pilgrims/import',
      owner.token,
      { name: 'x.csv', content: Buffer.from(`${templateText.split('\r\n')[0]}\r\n`) },
      e,
    );
    expect(headerOnly.statusCode).toBe(400);
    const none = await upload('/api/pilgrims/import', owner.token, null, e);
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toEqual([
      expect.objectContaining({ field: 'file', code: 'validation.required' }),
    ]);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/pilgrims/import',
      headers: bearer(owner.token),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const template = (await get('/api/pilgrims/import/template?format=csv', owner.token))
      .rawPayload;
    const foreign = await upload(
      '/api/pilgrims/import',
      owner.token,
      { name: 't.csv', content: template },
      { establishmentId: other.establishmentId },
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('ESTABLISHMENT_NOT_FOUND');
    const anonymous = await upload(
      '/api/pilgrims/import',
      undefined,
      { name: 't.csv', content: template },
      e,
    );
    expect(anonymous.statusCode).toBe(401);
    // An admin must name the establishment.
    const adminNoTarget = await upload('/api/pilgrims/import', admin.token, {
      name: 't.csv',
      content: template,
    });
    expect(adminNoTarget.statusCode).toBe(400);
    expect(await pilgrimCount()).toBe(before);
  });
});
