/**
 * The SES file of an establishment goes by its own clock (decision 028): at 23:30 in Las Palmas,
 * already the next day in Madrid, a file without dates holds the island's arrivals of that day
 * and is named for it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportTravelersQuerySchema, SesFileInputSchema } from '@hospes/shared/documents';
import { establishments } from '../../db/schema';
import { createAuditRepository } from '../audit/audit.repository';
import { clockDays } from '../establishments/clock';
import { createTravelersRepository } from '../travelers/travelers.repository';
import {
  configureEstablishment,
  registerTraveler,
  sesReadyBody,
  xpath,
} from '../../../test/documents-helpers';
import { createTestContext, registerVerifiedOwner, type TestContext } from '../../../test/test-app';
import { createAuthorityFilesRepository } from './authority-files/authority-files.repository';
import { createAuthorityFilesService } from './authority-files/authority-files.service';
import { createExportImportRepository } from './export-import/export-import.repository';
import { createExportImportService } from './export-import/export-import.service';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof registerVerifiedOwner>>;

/** 23:30 in Las Palmas in winter (UTC+0): 00:30 of the next day in Madrid. */
const LATE_EVENING = new Date('2026-01-15T23:30:00Z');

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await registerVerifiedOwner(ctx);
  await configureEstablishment(ctx, owner.establishmentId, { establishmentCode: 'H350000001' });
  for (const [lastName, day] of [
    ['Isla', '2026-01-15'],
    ['Peninsula', '2026-01-16'],
  ] as const) {
    await registerTraveler(
      ctx,
      owner.token,
      sesReadyBody(owner.establishmentId, {
        lastName,
        entryDate: day,
        checkOutDate: '2026-01-17',
        stay: {
          entryDateTime: `${day}T21:00:00`,
          exitDateTime: '2026-01-17T10:00:00',
          paymentType: 'EFECT',
        },
      }),
    );
  }
  // Still staying, since 10 January: the days of the stay so far depend on what day it is.
  await registerTraveler(
    ctx,
    owner.token,
    sesReadyBody(owner.establishmentId, {
      lastName: 'Estancia',
      entryDate: '2026-01-10',
      checkOutDate: null,
      stay: { entryDateTime: '2026-01-10T18:00:00', exitDateTime: null, paymentType: 'EFECT' },
    }),
  );
});
afterAll(async () => {
  await ctx?.close();
});

/** The SES file and the export, as the app wires them, at LATE_EVENING. */
async function documentsAtLateEvening() {
  const db = ctx.database.db;
  const numbering = createTravelersRepository(db, ctx.database.kind);
  const audit = createAuditRepository(db);
  const now = () => LATE_EVENING;
  const authorityFiles = createAuthorityFilesService({
    authorityFiles: createAuthorityFilesRepository(db),
    numbering,
    audit,
    now,
  });
  const exportImport = createExportImportService({
    db,
    files: createExportImportRepository(db),
    numbering,
    audit,
    log: { warn: () => undefined, error: () => undefined },
    now,
  });
  return { sesFile: authorityFiles.sesFile, export: exportImport.export };
}

const actor = () =>
  ({ id: owner.userId, sessionId: 's', role: 'user', name: 'O', email: owner.email }) as const;
const context = () => ({ actorId: owner.userId, requestId: null, ip: null, lng: 'en' as const });

async function sesFileWithoutDates() {
  const documents = await documentsAtLateEvening();
  return documents.sesFile(
    actor(),
    owner.establishmentId,
    SesFileInputSchema.parse({ kind: 'PV' }),
    { ...context(), lng: 'es' },
  );
}

/** The days of stay of the traveler still staying, in the CSV export and on the PDF. */
async function daysOfStayNow() {
  const documents = await documentsAtLateEvening();
  const exported = await documents.export(
    actor(),
    ExportTravelersQuerySchema.parse({ format: 'csv' }),
    context(),
  );
  let text = '';
  for await (const chunk of exported.stream) text += String(chunk);
  const lines = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  const separator = lines[0]!.includes(';') ? ';' : ',';
  const header = lines[0]!.split(separator);
  const column = header.findIndex((label) => /days/i.test(label));
  const row = lines.find((line) => line.includes('Estancia'))!.split(separator);
  return Number(row[column]);
}

/** How many travelers an export filtered to recent arrivals holds, at that moment. */
const recentArrivalsExported = () =>
  createExportImportRepository(ctx.database.db).exportCount({
    scope: { admin: false, userId: owner.userId },
    filter: { stayStatus: 'recent' },
    today: clockDays(LATE_EVENING),
  });

const placeIn = (province: string, postalCode: string) =>
  ctx.database.db
    .update(establishments)
    .set({ province, postalCode })
    .where(eq(establishments.id, owner.establishmentId));

describe('the SES file of an establishment, by its own day', () => {
  it('on the islands: that day’s arrivals, in a file named for it', async () => {
    await placeIn('Las Palmas', '35001');
    const file = await sesFileWithoutDates();
    expect(file.fileName).toBe('partes-H350000001-2026-01-15.xml');
    expect(file.count).toBe(1);
    expect(xpath(String(file.body), 'string(//persona/apellido1)')).toBe('Isla');
    // The export's stay filter, as the list's: the mainland's day is still the island's future.
    expect(await recentArrivalsExported()).toBe(1);
    // And its days of stay: 10 to 15 January on the island.
    expect(await daysOfStayNow()).toBe(5);
  });

  it('on the mainland, at the same moment: the next day’s', async () => {
    await placeIn('A Coruña', '15705');
    const file = await sesFileWithoutDates();
    expect(file.fileName).toBe('partes-H350000001-2026-01-16.xml');
    expect(file.count).toBe(1);
    expect(xpath(String(file.body), 'string(//persona/apellido1)')).toBe('Peninsula');
    expect(await recentArrivalsExported()).toBe(2);
    expect(await daysOfStayNow()).toBe(6);
  });
});
