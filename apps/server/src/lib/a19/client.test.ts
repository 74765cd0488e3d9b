/**
 * The A19 client against a local A19 service (test/a19-service.ts) that checks a request the way
 * the Ertzaintza's front door does: over HTTPS with a certificate made for the run, the signature
 * verified by xmlsec1, the solicitud validated against the A19 XSDs by xmllint.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SesEstablishment, SesTraveler } from '@hospes/shared/ses-preflight';
import { makeA19Pkcs12, startTestA19, type TestA19Service } from '../../../test/a19-service';
import { soapPost } from '../ses/client';
import https from 'node:https';
import { readPkcs12, A19CertificateError } from './certificate';
import { buildA19PartesXml, buildA19ReservasXml, cardExpiryDate } from './a19-xml';
import { createA19Client, envioBody, readA19Answer, type A19Target } from './client';
import { signedEnvelope } from './wsse';

const establishment: SesEstablishment = {
  name: 'Albergue de Bilbao',
  type: 'hostel',
  nif: 'B95000000',
  address: 'Calle Ribera 1',
  city: 'Bilbao',
  province: 'Bizkaia',
  postalCode: '48005',
  phone: '+34 944 000 000',
  establishmentCode: '480354',
};

const pilgrim = (over: Partial<SesTraveler> = {}): SesTraveler => ({
  id: 'p-1',
  firstName: 'Ane',
  lastName: 'Etxeberria',
  secondLastName: 'Goikoetxea',
  nationality: 'ESP',
  passportNumber: '12345678Z',
  documentType: 'D',
  documentSupportNumber: 'ABC123456',
  dateOfBirth: '1985-02-03',
  gender: 'F',
  entryDate: '2026-11-28',
  checkOutDate: '2026-11-29',
  contactInfo: { email: 'ane@example.eus' },
  address: {
    street: 'Kale Nagusia 3',
    municipalityCode: '20069',
    postalCode: '20003',
    country: 'ESP',
  },
  stay: {
    contractReference: 'A19-0001',
    contractDate: '2026-11-28',
    paymentType: 'TARJT',
    cardExpiry: '02/2028',
  },
  ...over,
});

const french = pilgrim({
  id: 'p-2',
  firstName: 'Jean',
  lastName: 'Dupont',
  secondLastName: null,
  nationality: 'FRA',
  passportNumber: '18AB12345',
  documentType: 'P',
  documentSupportNumber: null,
  contactInfo: { phone: '+33 6 00 00 00 00' },
  address: {
    street: 'Rue de la Paix 1',
    municipalityName: 'Paris',
    postalCode: '75002',
    country: 'FRA',
  },
});

let service: TestA19Service;
let target: A19Target;
const PASSWORD = 'clave-de-prueba';

beforeAll(async () => {
  service = await startTestA19();
  const { p12, certPem } = makeA19Pkcs12({ password: PASSWORD });
  service.register(certPem);
  const certificate = readPkcs12(p12, PASSWORD);
  target = { environment: 'test', landlordCode: 'B95000000', certificate };
});
afterAll(() => service.close());

const client = () =>
  createA19Client({ endpoints: { test: service.url }, extraCa: [service.certificate] });

describe('the A19 client', () => {
  it('sends a signed PV the service verifies (xmlsec1) and validates (xmllint), and reads its answer', async () => {
    const xml = buildA19PartesXml(establishment, [pilgrim(), french]);
    const answer = await client().envio(target, 'PV', xml);
    expect(service.log.at(-1)).toMatch(/^0:/);
    expect(answer).toMatchObject({ code: 0, description: 'OK', errors: [] });
    expect(answer.request).toMatch(/^[0-9a-f-]{36}$/);
    const got = service.received.at(-1)!;
    expect(got).toMatchObject({
      code: 0,
      kind: 'PV',
      landlordCode: 'B95000000',
      application: 'Hospes',
    });
    expect(got.body).toContain('<ws:solicitud><![CDATA[<alt:peticion');
    expect(got.xml).toContain(
      'xmlns:alt="http://www.servicios.ertzaintza.eus/Ertzaintza/ALOJADOS/A19/comunicacionPV"',
    );
    // The card's month as its last day (A19's fechaCaducidadTarjeta is a date).
    expect(got.xml).toContain('<fechaCaducidadTarjeta>2028-02-29</fechaCaducidadTarjeta>');
    expect(got.xml).not.toContain('caducidadTarjeta>02/2028');
  });

  it('sends an RH with every person’s nationality, valid against the A19 RH schema', async () => {
    const xml = buildA19ReservasXml(establishment, [
      pilgrim({
        stay: { contractReference: 'R-1', contractDate: '2026-11-20', paymentType: 'EFECT' },
      }),
    ]);
    const answer = await client().envio(target, 'RH', xml);
    expect(answer.code).toBe(0);
    expect(service.received.at(-1)!.xml.match(/<nacionalidad>ESP<\/nacionalidad>/g)).toHaveLength(
      2,
    );
  });

  it('a body changed after signing is refused by the service (403)', async () => {
    const signed = signedEnvelope(
      envioBody({
        landlordCode: 'B95000000',
        kind: 'PV',
        xml: buildA19PartesXml(establishment, [pilgrim()]),
      }),
      target.certificate,
      new Date(),
    );
    const tampered = signed.replace('<nombre>Ane</nombre>', '<nombre>Maite</nombre>');
    expect(tampered).not.toBe(signed);
    const agent = new https.Agent({ ca: [service.certificate] });
    const post = (body: string) =>
      soapPost(new URL(service.url), body, {
        agent,
        timeoutMs: 10_000,
        maxAnswerBytes: 1e6,
        headers: {},
      });
    const count = service.received.length;
    expect(readA19Answer(await post(tampered))).toMatchObject({
      code: 403,
      errors: [{ code: '403' }],
    });
    expect(service.log.at(-1)).not.toMatch(/^0:/);
    // The same request untouched goes through: the refusal was the change.
    expect(readA19Answer(await post(signed)).code).toBe(0);
    expect(service.received.length).toBe(count + 1);
  });

  it('a certificate the service does not know is refused (403)', async () => {
    const other = makeA19Pkcs12({ password: PASSWORD });
    const answer = await client().envio(
      { ...target, certificate: readPkcs12(other.p12, PASSWORD) },
      'PV',
      buildA19PartesXml(establishment, [pilgrim()]),
    );
    expect(answer).toMatchObject({ code: 403, description: 'Error de seguridad: no autorizado' });
  });

  it('reads the service’s refusal with its code and text (error 109)', () => {
    const answer = readA19Answer(
      '<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body><ns0:envioFicheroXMLResponse xmlns:ns0="https://ws.negocio.registroHostelero.a19.gvdi.com"><ns0:return><respuesta><error><codigo>109</codigo><descripcion>Formato de solicitud no válido.</descripcion></error><peticion>5c172ee5-1b64-4479-b20e-b986bb6ea120</peticion></respuesta><resultado/></ns0:return></ns0:envioFicheroXMLResponse></S:Body></S:Envelope>',
    );
    expect(answer).toEqual({
      code: 109,
      description: 'Formato de solicitud no válido.',
      errors: [{ code: '109', description: 'Formato de solicitud no válido.' }],
      request: '5c172ee5-1b64-4479-b20e-b986bb6ea120',
    });
  });
});

describe('the certificate file', () => {
  it('gives subject and validity, and tells a wrong password', () => {
    const notAfter = new Date('2027-03-01T00:00:00Z');
    const { p12 } = makeA19Pkcs12({ password: 'uno', subject: 'HOSTAL DONOSTI', notAfter });
    const read = readPkcs12(p12, 'uno');
    expect(read.subject).toContain('CN=HOSTAL DONOSTI');
    expect(read.notAfter.toISOString()).toBe(notAfter.toISOString());
    expect(() => readPkcs12(p12, 'dos')).toThrow(A19CertificateError);
    try {
      readPkcs12(p12, 'dos');
    } catch (err) {
      expect((err as A19CertificateError).problem).toBe('password');
    }
    expect(() => readPkcs12(Buffer.from('no es un p12'), 'uno')).toThrow(A19CertificateError);
  });
});

describe('A19’s date of card expiry', () => {
  it('is the last day of the card’s month', () => {
    expect(cardExpiryDate('02/2028')).toBe('2028-02-29');
    expect(cardExpiryDate('12/2027')).toBe('2027-12-31');
    expect(cardExpiryDate('13/2027')).toBeNull();
  });
});
