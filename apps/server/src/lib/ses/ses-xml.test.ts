/**
 * The SES files are checked the way the Ministry's front door checks them: against the official
 * v3.1.3 XSDs with xmllint (Debian package libxml2-utils), and the zip by unzipping it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { SesEstablishment, SesTraveler } from '@hospes/shared/ses-preflight';
import { buildPartesXml, buildReservasXml, SesDataError, text } from './ses-xml';
import { SES_ZIP_ENTRY_NAME, toSolicitud, zipSingleFile } from './solicitud';

const XSD_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'xsd');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hospes-ses-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

let fileNo = 0;
function writeTemp(name: string, content: string | Buffer): string {
  const file = path.join(tmp, `${++fileNo}-${name}`);
  fs.writeFileSync(file, content);
  return file;
}

/** xmllint --noout --schema: '' when valid, else its messages. */
function xsdErrors(xml: string, schema: 'altaParteHospedaje' | 'altaReservaHospedaje'): string {
  const file = writeTemp(`${schema}.xml`, xml);
  const result = spawnSync(
    'xmllint',
    ['--noout', '--schema', path.join(XSD_DIR, `${schema}.xsd`), file],
    {
      encoding: 'utf8',
    },
  );
  if (result.error)
    throw new Error(`xmllint is needed (apt-get install libxml2-utils): ${result.error.message}`);
  return result.status === 0 ? '' : result.stderr;
}

/** The text of an XPath expression, read back by xmllint (unescaped, as a receiver sees it). */
function xpath(xml: string, expression: string): string {
  const file = writeTemp('xpath.xml', xml);
  const result = spawnSync('xmllint', ['--xpath', expression, file], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  return result.stdout.replace(/\n$/, '');
}

const establishment: SesEstablishment = {
  name: 'Albergue de Peregrinos San Roque',
  type: 'hostel',
  nif: 'B58378431',
  address: 'Rúa San Roque 2',
  city: 'Melide',
  province: 'A Coruña',
  postalCode: '15800',
  phone: '+34 981 000 000',
  establishmentCode: 'H150000123',
};

const stayA = {
  contractReference: 'RES-2026-0042',
  contractDate: '2026-05-20',
  entryDateTime: '2026-06-01T17:45',
  exitDateTime: '2026-06-02T08:00',
  numberOfRooms: 1,
  internetBooking: true,
  paymentType: 'TARJT',
  paymentDate: '2026-05-20',
  paymentMethod: 'VISA ****1234',
  paymentHolder: 'José Núñez García',
  cardExpiry: '09/2028',
} as const;

const spaniard: SesTraveler = {
  id: 'es-1',
  firstName: 'José María',
  lastName: 'Núñez',
  secondLastName: 'García-Peña',
  nationality: 'esp',
  passportNumber: '12345678-z',
  documentType: 'D',
  documentSupportNumber: 'abc 123456',
  documentExpeditionDate: '2021-03-04',
  dateOfBirth: '1979-11-23',
  gender: 'M',
  entryDate: '2026-06-01',
  checkOutDate: '2026-06-02',
  language: 'es',
  contactInfo: { email: 'jose.nunez@example.es', phone: '+34 600 111 222' },
  address: {
    street: 'Calle de Alcalá 100, 3º izq.',
    complement: 'Escalera B',
    municipalityCode: '28079',
    municipalityName: 'Madrid',
    postalCode: '28009',
    country: 'ESP',
  },
  stay: stayA,
};

const child: SesTraveler = {
  id: 'es-2',
  firstName: 'Lucía',
  lastName: 'Núñez',
  secondLastName: 'Ortega',
  nationality: 'ESP',
  passportNumber: null,
  documentType: 'D',
  dateOfBirth: '2018-04-10',
  gender: 'F',
  entryDate: '2026-06-01',
  checkOutDate: '2026-06-02',
  contactInfo: { phone: '+34 600 111 222' },
  address: spaniard.address,
  kinship: 'HJ',
  stay: { contractReference: 'RES-2026-0042' },
};

const german: SesTraveler = {
  id: 'de-1',
  firstName: 'Jürgen',
  lastName: "O'Brien & <Söhne>",
  nationality: 'DEU',
  passportNumber: 'c01x00t47',
  documentType: 'P',
  dateOfBirth: '1990-01-31',
  gender: 'O',
  entryDate: '2026-06-01',
  checkOutDate: '2026-06-03',
  contactInfo: { email: 'juergen@example.de' },
  address: {
    street: `Hauptstraße 1 ${'x'.repeat(120)}`,
    municipalityName: 'München',
    postalCode: '80331',
    country: 'DEU',
  },
  stay: {
    contractReference: 'WALK-IN-7',
    contractDate: '2026-06-01',
    paymentType: 'EFECT',
    internetBooking: false,
  },
};

const arab: SesTraveler = {
  id: 'ma-1',
  firstName: 'محمد',
  lastName: 'العلي',
  nationality: 'MAR',
  passportNumber: 'X2482300W',
  documentType: 'N',
  documentSupportNumber: 'E12345678',
  dateOfBirth: '1985-07-07',
  gender: 'M',
  entryDate: '2026-06-01',
  checkOutDate: '2026-06-04',
  contactInfo: { phone: '+212 600 000 000', phone2: '+34 611 000 000' },
  address: {
    street: 'شارع محمد الخامس 12',
    municipalityName: 'الرباط',
    postalCode: '10000',
    country: 'MAR',
  },
  stay: {
    contractReference: 'BK-99',
    contractDate: '2026-04-01',
    paymentType: 'PLATF',
    numberOfPersons: 2,
  },
};

const chinese: SesTraveler = {
  id: 'cn-1',
  firstName: '伟',
  lastName: '王',
  nationality: 'CHN',
  passportNumber: 'E12345678',
  documentType: 'P',
  dateOfBirth: '1992-12-12',
  gender: 'F',
  entryDate: '2026-06-01',
  checkOutDate: '2026-06-04',
  contactInfo: { email: 'wang.wei@example.cn' },
  address: {
    street: '北京市朝阳区建国路 88 号',
    municipalityName: '北京',
    postalCode: '100022',
    country: 'CHN',
  },
  stay: { contractReference: 'BK-99' },
};

const everyone = [spaniard, child, german, arab, chinese];

describe('altaParteHospedaje (partes de viajeros)', () => {
  const xml = buildPartesXml(establishment, everyone);

  it('is valid against the official XSD', () => {
    expect(xsdErrors(xml, 'altaParteHospedaje')).toBe('');
  });

  it('has the namespaced root and unqualified children, one communication per stay', () => {
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<alt:peticion xmlns:alt="http://www.neg.hospedajes.mir.es/altaParteHospedaje">',
      ),
    ).toBe(true);
    expect(xml).not.toMatch(/<alt:(?!peticion)/);
    expect(xpath(xml, 'string(/*/solicitud/codigoEstablecimiento)')).toBe('H150000123');
    expect(xpath(xml, 'count(//comunicacion)')).toBe('3');
    expect(xpath(xml, 'count(//comunicacion[1]/persona)')).toBe('2');
    expect(xpath(xml, 'count(//persona[rol="VI"])')).toBe('5');
  });

  it('writes the contract: dateTimes, booleans, number of persons, payment', () => {
    const contract = (n: number, field: string) =>
      xpath(xml, `string(//comunicacion[${n}]/contrato/${field})`);
    expect(contract(1, 'referencia')).toBe('RES-2026-0042');
    expect(contract(1, 'fechaContrato')).toBe('2026-05-20');
    expect(contract(1, 'fechaEntrada')).toBe('2026-06-01T17:45:00');
    expect(contract(1, 'fechaSalida')).toBe('2026-06-02T08:00:00');
    expect(contract(1, 'numPersonas')).toBe('2');
    expect(contract(1, 'internet')).toBe('true');
    expect(contract(1, 'pago/tipoPago')).toBe('TARJT');
    expect(contract(1, 'pago/caducidadTarjeta')).toBe('09/2028');
    expect(contract(2, 'internet')).toBe('false');
    expect(contract(2, 'fechaEntrada')).toBe('2026-06-01T00:00:00');
    expect(contract(2, 'fechaSalida')).toBe('2026-06-03T00:00:00');
    expect(contract(3, 'numPersonas')).toBe('2');
    expect(xml).not.toMatch(/<internet>(SI|NO)</);
  });

  it('maps a Spanish DNI with support number and second surname', () => {
    const p = (field: string) => xpath(xml, `string(//persona[nombre="José María"]/${field})`);
    expect(p('apellido1')).toBe('Núñez');
    expect(p('apellido2')).toBe('García-Peña');
    expect(p('tipoDocumento')).toBe('NIF');
    expect(p('numeroDocumento')).toBe('12345678Z');
    expect(p('soporteDocumento')).toBe('ABC123456');
    expect(p('nacionalidad')).toBe('ESP');
    expect(p('sexo')).toBe('H');
    expect(p('direccion/codigoMunicipio')).toBe('28079');
    expect(xpath(xml, 'count(//persona[nombre="José María"]/direccion/nombreMunicipio)')).toBe('0');
    expect(p('correo')).toBe('jose.nunez@example.es');
  });

  it('writes a minor with kinship and without a document', () => {
    const minor = '//persona[nombre="Lucía"]';
    expect(xpath(xml, `string(${minor}/parentesco)`)).toBe('HJ');
    expect(
      xpath(
        xml,
        `count(${minor}/tipoDocumento | ${minor}/numeroDocumento | ${minor}/soporteDocumento)`,
      ),
    ).toBe('0');
    expect(xpath(xml, `string(${minor}/sexo)`)).toBe('M');
  });

  it('maps a foreign passport, escapes markup and cuts text to the XSD maxima', () => {
    const p = (field: string) => xpath(xml, `string(//persona[nombre="Jürgen"]/${field})`);
    expect(p('apellido1')).toBe("O'Brien & <Söhne>");
    expect(xml).toContain('<apellido1>O&apos;Brien &amp; &lt;Söhne&gt;</apellido1>');
    expect(p('tipoDocumento')).toBe('PAS');
    expect(p('numeroDocumento')).toBe('C01X00T47');
    expect(
      xpath(
        xml,
        'count(//persona[nombre="Jürgen"]/soporteDocumento | //persona[nombre="Jürgen"]/apellido2)',
      ),
    ).toBe('0');
    expect(p('sexo')).toBe('O');
    expect(p('direccion/nombreMunicipio')).toBe('München');
    expect(xpath(xml, 'count(//persona[nombre="Jürgen"]/direccion/codigoMunicipio)')).toBe('0');
    expect(Array.from(p('direccion/direccion'))).toHaveLength(100);
  });

  it('keeps Arabic and Chinese names as written, in UTF-8', () => {
    expect(xml).toContain('<nombre>محمد</nombre>');
    expect(xml).toContain('<apellido1>العلي</apellido1>');
    expect(xml).toContain('<nombre>伟</nombre>');
    expect(xml).toContain('<apellido1>王</apellido1>');
    expect(xpath(xml, 'string(//persona[nombre="محمد"]/tipoDocumento)')).toBe('NIE');
    expect(xpath(xml, 'string(//persona[nombre="محمد"]/soporteDocumento)')).toBe('E12345678');
    expect(xpath(xml, 'string(//persona[nombre="محمد"]/telefono2)')).toBe('+34 611 000 000');
    expect(xpath(xml, 'string(//persona[nombre="伟"]/direccion/direccion)')).toBe(
      '北京市朝阳区建国路 88 号',
    );
  });

  it('refuses data the Ministry would reject, listing the problems', () => {
    const broken = { ...spaniard, secondLastName: null, address: null };
    let error: unknown;
    try {
      buildPartesXml({ ...establishment, establishmentCode: '' }, [broken]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SesDataError);
    expect((error as SesDataError).problems.map((p) => p.code)).toEqual([
      'ses.establishmentCodeRequired',
      'ses.secondSurnameRequiredForNif',
      'ses.addressRequired',
    ]);
    expect(() => buildPartesXml(establishment, [])).toThrow(RangeError);
    const many = Array.from({ length: 101 }, (_, i) => ({
      ...german,
      id: `g${i}`,
      stay: { ...german.stay, contractReference: `C${i}` },
    }));
    expect(() => buildPartesXml(establishment, many)).toThrow(/maximum is 100/);
  });
});

describe('altaReservaHospedaje (reservas)', () => {
  const xml = buildReservasXml(establishment, [spaniard, child, arab, chinese], {
    holderIds: ['cn-1'],
  });

  it('is valid against the official XSD', () => {
    expect(xsdErrors(xml, 'altaReservaHospedaje')).toBe('');
  });

  it('names the establishment by code and has one holder (TI) plus the travelers (VI) per stay', () => {
    expect(xml).toContain(
      '<alt:peticion xmlns:alt="http://www.neg.hospedajes.mir.es/altaReservaHospedaje">',
    );
    expect(xpath(xml, 'count(//comunicacion)')).toBe('2');
    expect(xpath(xml, 'string(//comunicacion[1]/establecimiento/codigo)')).toBe('H150000123');
    expect(xpath(xml, 'count(//comunicacion[1]/persona[rol="TI"])')).toBe('1');
    expect(xpath(xml, 'string(//comunicacion[1]/persona[rol="TI"]/nombre)')).toBe('José María');
    expect(xpath(xml, 'count(//comunicacion[1]/persona[rol="VI"])')).toBe('2');
    expect(xpath(xml, 'string(//comunicacion[2]/persona[rol="TI"]/nombre)')).toBe('伟');
    // No support number and no kinship in a reservation
    expect(xml).not.toContain('soporteDocumento');
    expect(xml).not.toContain('parentesco');
  });

  it('needs only names and a contact per person; an incomplete address is left out', () => {
    const lead: SesTraveler = {
      id: 'lead',
      firstName: 'Ana',
      lastName: 'Pérez',
      nationality: '',
      documentType: 'P',
      dateOfBirth: '',
      gender: 'F',
      entryDate: '2026-08-10',
      checkOutDate: '2026-08-12',
      contactInfo: { email: 'ana@example.com' },
      address: { street: 'Calle Sol 1', postalCode: '', country: 'ESP' },
      stay: { contractReference: 'WEB-1', contractDate: '2026-07-01', paymentType: 'DESTI' },
    };
    const minimal = buildReservasXml(establishment, [lead]);
    expect(xsdErrors(minimal, 'altaReservaHospedaje')).toBe('');
    expect(minimal).not.toContain('<direccion>');
    expect(minimal).not.toContain('fechaNacimiento');
    expect(xpath(minimal, 'count(//persona)')).toBe('2');
  });
});

describe('solicitud: zip + Base64', () => {
  const xml = buildPartesXml(establishment, everyone);
  const date = new Date(Date.UTC(2026, 5, 1, 17, 45, 30));
  const solicitud = toSolicitud(xml, { date });
  const zip = Buffer.from(solicitud, 'base64');

  it('is a real ZIP archive (not gzip, not raw deflate) with one deflated entry', () => {
    expect(solicitud).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(zip.readUInt32LE(0)).toBe(0x04034b50);
    const entry = readSingleEntry(zip);
    expect(entry.name).toBe(SES_ZIP_ENTRY_NAME);
    expect(entry.method).toBe(8);
    expect(entry.data.toString('utf8')).toBe(xml);
    expect(entry.crc).toBe(zlib.crc32(Buffer.from(xml, 'utf8')) >>> 0);
  });

  it('unzips with unzip(1) to the same UTF-8 XML', () => {
    const file = writeTemp('solicitud.zip', zip);
    const test = spawnSync('unzip', ['-t', file], { encoding: 'utf8' });
    if (test.error)
      throw new Error(`unzip is needed (apt-get install unzip): ${test.error.message}`);
    expect(test.stdout).toContain('No errors detected');
    const out = spawnSync('unzip', ['-p', file, 'data.xml']);
    expect(out.stdout.toString('utf8')).toBe(xml);
    const list = spawnSync('unzip', ['-l', file], { encoding: 'utf8' }).stdout;
    expect(list).toMatch(/(2026-06-01|06-01-2026) 17:45/);
  });

  it('is deterministic for a given date and marks a UTF-8 entry name', () => {
    expect(toSolicitud(xml, { date })).toBe(solicitud);
    const named = zipSingleFile('parte-señal.xml', Buffer.from('<a/>'), date);
    expect(named.readUInt16LE(6) & 0x0800).toBe(0x0800);
    expect(readSingleEntry(named).name).toBe('parte-señal.xml');
  });
});

describe('text cutting', () => {
  it('cuts at code points, never inside a surrogate pair, and drops characters XML cannot carry', () => {
    expect(text('𠜎𠜱𠝹', 2)).toBe('𠜎𠜱');
    expect(text('a\u0001b\u000Bc\uD800d', 10)).toBe('abcd');
    expect(text('  Ana   María  ', 50)).toBe('Ana María');
  });
});

/** Reads a one-entry ZIP through its central directory, as a server would. */
function readSingleEntry(zip: Buffer): { name: string; method: number; crc: number; data: Buffer } {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  expect(zip.readUInt16LE(end + 10)).toBe(1);
  const central = zip.readUInt32LE(end + 16);
  expect(zip.readUInt32LE(central)).toBe(0x02014b50);
  const method = zip.readUInt16LE(central + 10);
  const crc = zip.readUInt32LE(central + 16);
  const compressedSize = zip.readUInt32LE(central + 20);
  const size = zip.readUInt32LE(central + 24);
  const nameLength = zip.readUInt16LE(central + 28);
  const name = zip.subarray(central + 46, central + 46 + nameLength).toString('utf8');
  const local = zip.readUInt32LE(central + 42);
  expect(zip.readUInt32LE(local)).toBe(0x04034b50);
  const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
  const data = zlib.inflateRawSync(zip.subarray(dataStart, dataStart + compressedSize));
  expect(data.length).toBe(size);
  return { name, method, crc, data };
}
