/**
 * The SES web service client against a local service that speaks the WSDL (test/ses-service.ts)
 * over real HTTPS, and the reader against the manual's own example answers.
 */
import https from 'node:https';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SesEstablishment, SesTraveler } from '@hospes/shared/ses-preflight';
import { startTestSes, type TestSesService } from '../../../test/ses-service';
import { checkSesEndpoint, createSesClient, SesTransportError, type SesTarget } from './client';
import { buildPartesXml } from './ses-xml';
import {
  altaEnvelope,
  readAltaAnswer,
  readConsultaLoteAnswer,
  SesMalformedAnswer,
  SesSoapFault,
} from './soap';

const establishment: SesEstablishment = {
  name: 'Albergue San Roque',
  type: 'hostel',
  nif: 'B58378431',
  address: 'Rúa San Roque 2',
  city: 'Melide',
  province: 'A Coruña',
  postalCode: '15800',
  phone: '+34 981 000 000',
  establishmentCode: 'H150000123',
};

const pilgrim = (id: string, firstName: string): SesTraveler => ({
  id,
  firstName,
  lastName: 'Müller',
  nationality: 'DEU',
  passportNumber: `C01X00T4${id.length}`,
  documentType: 'P',
  dateOfBirth: '1990-01-31',
  gender: 'F',
  entryDate: '2026-06-01',
  checkOutDate: '2026-06-02',
  contactInfo: { email: 'anna@example.de' },
  address: {
    street: 'Hauptstraße 1',
    municipalityName: 'München',
    postalCode: '80331',
    country: 'DEU',
  },
  stay: { contractReference: `W-${id}`, contractDate: '2026-06-01', paymentType: 'EFECT' },
});

const xml = buildPartesXml(establishment, [pilgrim('a', 'Anna'), pilgrim('bb', 'Jürgen')]);

let ses: TestSesService;
let target: SesTarget;
beforeAll(async () => {
  ses = await startTestSes({ https: true });
  target = {
    environment: 'test',
    credentials: { user: ses.user, password: ses.password, landlordCode: ses.landlordCode },
  };
});
afterAll(() => ses.close());

const client = () => createSesClient({ endpoint: ses.url, extraCa: [ses.certificate!] });

describe('SES web service client', () => {
  it('sends partes: Basic credentials, the header, the XML zipped in Base64; the lote comes back', async () => {
    const answer = await client().alta(target, 'PV', xml);
    expect(answer.code).toBe(0);
    expect(answer.lote).toMatch(/^[0-9a-f-]{36}$/);
    const request = ses.requests.at(-1)!;
    expect(request.operation).toBe('comunicacionRequest');
    expect(request.kind).toBe('PV');
    // What the service unzipped is the file, byte for byte, names in UTF-8.
    expect(request.xml).toBe(xml);
    expect(request.body).toContain(`<codigoArrendador>${ses.landlordCode}</codigoArrendador>`);
    expect(request.body).toContain('<aplicacion>Hospes</aplicacion>');
  });

  it('reads a lote pending, then processed with a code per communication', async () => {
    ses.delayNext(1);
    const { lote } = await client().alta(target, 'PV', xml);
    const first = await client().consultaLote(target, [lote!]);
    expect(first.code).toBe(0);
    expect(first.lotes).toMatchObject([{ lote, state: 5, communications: [] }]);
    const second = await client().consultaLote(target, [lote!]);
    expect(second.lotes[0]!.state).toBe(1);
    expect(second.lotes[0]!.processedAt).toBeTruthy();
    expect(second.lotes[0]!.communications).toEqual([
      expect.objectContaining({ order: 1, communicationCode: expect.any(String), error: null }),
      expect.objectContaining({ order: 2, communicationCode: expect.any(String), error: null }),
    ]);
  });

  it('reads the errors of a lote processed with errors in some communications', async () => {
    ses.rejectInNext({ 2: 'No existe un establecimiento para ese código' });
    const { lote } = await client().alta(target, 'PV', xml);
    const { lotes } = await client().consultaLote(target, [lote!]);
    expect(lotes[0]!.state).toBe(6);
    expect(lotes[0]!.communications[1]).toEqual({
      order: 2,
      communicationCode: null,
      errorType: 'Error validación de datos',
      error: 'No existe un establecimiento para ese código',
      cancelled: false,
    });
    expect(lotes[0]!.communications[0]!.communicationCode).toBeTruthy();
  });

  it('cancels a stored communication by its code (operation B), then tells the Ministry holds it cancelled', async () => {
    const { lote } = await client().alta(target, 'PV', xml);
    const stored = await client().consultaLote(target, [lote!]);
    const [first, second] = stored.lotes[0]!.communications.map((c) => c.communicationCode!);

    const held = await client().consultaComunicacion(target, [first!, second!]);
    expect(held.code).toBe(0);
    expect(held.communications).toEqual([
      expect.objectContaining({
        code: first,
        kind: 'PV',
        cancelled: false,
        reference: 'W-a',
        persons: 1,
      }),
      expect.objectContaining({ code: second, cancelled: false, reference: 'W-bb' }),
    ]);

    const cancel = await client().anular(target, 'PV', [first!]);
    expect(cancel.code).toBe(0);
    expect(cancel.lote).toMatch(/^[0-9a-f-]{36}$/);
    const request = ses.requests.at(-1)!;
    expect(request.body).toContain('<tipoOperacion>B</tipoOperacion>');
    // The file the service unzipped and checked against anularComunicacion.xsd: qualified names.
    expect(request.xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><anul:comunicaciones xmlns:anul="http://www.neg.hospedajes.mir.es/anularComunicacion">' +
        `<anul:codigoComunicacion>${first}</anul:codigoComunicacion></anul:comunicaciones>`,
    );
    const processed = await client().consultaLote(target, [cancel.lote!]);
    expect(processed.lotes[0]).toMatchObject({ state: 1, communications: [] });

    const after = await client().consultaComunicacion(target, [first!, second!]);
    expect(after.communications.map((c) => [c.code, c.cancelled])).toEqual([
      [first, true],
      [second, false],
    ]);
    // The alta's lote now says so too.
    const again = await client().consultaLote(target, [lote!]);
    expect(again.lotes[0]!.communications.map((c) => c.cancelled)).toEqual([true, false]);

    // Cancelled once is cancelled: a second time is refused at the door.
    const twice = await client().anular(target, 'PV', [first!]);
    expect(twice).toMatchObject({ code: 10121, lote: null });
  });

  it('the local service also answers anulacionLote: every communication of the lote cancelled', async () => {
    const { lote } = await client().alta(target, 'PV', xml);
    const stored = await client().consultaLote(target, [lote!]);
    const codes = stored.lotes[0]!.communications.map((c) => c.communicationCode!);
    const raw = (body: string) =>
      new Promise<string>((resolve, reject) => {
        const request = https.request(
          ses.url,
          {
            method: 'POST',
            ca: ses.certificate,
            headers: {
              'content-type': 'text/xml; charset=utf-8',
              authorization: `Basic ${Buffer.from(`${ses.user}:${ses.password}`).toString('base64')}`,
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
          },
        );
        request.on('error', reject);
        request.end(body);
      });
    const envelope = (inner: string) =>
      `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:com="http://www.soap.servicios.hospedajes.mir.es/comunicacion"><soapenv:Body>${inner}</soapenv:Body></soapenv:Envelope>`;
    const unknown = await raw(
      envelope(
        '<com:anulacionLoteRequest><lote>00000000-0000-0000-0000-000000000000</lote></com:anulacionLoteRequest>',
      ),
    );
    expect(unknown).toContain('<codigo>10113</codigo>');
    const done = await raw(
      envelope(`<com:anulacionLoteRequest><lote>${lote}</lote></com:anulacionLoteRequest>`),
    );
    expect(done).toContain('<codigo>0</codigo>');
    const held = await client().consultaComunicacion(target, codes);
    expect(held.communications.map((c) => c.cancelled)).toEqual([true, true]);
  });

  it('refuses to cancel a code it never gave, or gave another entity; and tells nothing of them', async () => {
    const foreign = ses.holdForeign();
    for (const code of [foreign, '44444444-4444-4444-4444-444444444441']) {
      expect(await client().anular(target, 'PV', [code])).toMatchObject({
        code: 10113,
        lote: null,
      });
    }
    const held = await client().consultaComunicacion(target, [foreign]);
    expect(held).toEqual({ code: 0, description: 'Ok', communications: [] });
    await expect(
      client().consultaComunicacion(
        target,
        Array.from({ length: 11 }, (_, i) => `c-${i}`),
      ),
    ).rejects.toThrow(RangeError);
  });

  it('returns the refusal of a request (code and description), with no lote', async () => {
    ses.refuseNext(10120, 'El arrendador no tiene habilitado el servicio web');
    const answer = await client().alta(target, 'PV', xml);
    expect(answer).toEqual({
      code: 10120,
      description: 'El arrendador no tiene habilitado el servicio web',
      lote: null,
    });
  });

  it('checks the credentials with the list of code tables', async () => {
    const answer = await client().catalogo(target);
    expect(answer.code).toBe(0);
    expect(answer.rows.map((r) => r.code)).toContain('TIPO_DOCUMENTO');
  });

  it('tells refused credentials apart (HTTP 401)', async () => {
    const wrong = { ...target, credentials: { ...target.credentials, password: 'wrong' } };
    const err = await client()
      .catalogo(wrong)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SesTransportError);
    expect(err).toMatchObject({ reason: 'unauthorized', status: 401 });
  });

  it('never trusts a certificate outside its chain: not delivered, so safe to send again', async () => {
    const untrusting = createSesClient({ endpoint: ses.url });
    const before = ses.requests.length;
    const err = await untrusting.alta(target, 'PV', xml).catch((e: unknown) => e);
    expect(err).toMatchObject({ reason: 'tls', delivered: false });
    expect(ses.requests.length).toBe(before);
  });

  it('says a request may have arrived when the connection is cut after it was sent', async () => {
    ses.dropNext();
    const err = await client()
      .alta(target, 'PV', xml)
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ reason: 'network', delivered: true });
  });

  it('says a request never left when nothing listens', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const nowhere = createSesClient({ endpoint: `http://127.0.0.1:${port}/ws` });
    const err = await nowhere.alta(target, 'PV', xml).catch((e: unknown) => e);
    expect(err).toMatchObject({ reason: 'network', delivered: false });
  });

  it('takes plain http only on this machine, where the credentials do not travel', () => {
    expect(() => checkSesEndpoint('http://ses.example.com/ws')).toThrow(/https/);
    expect(checkSesEndpoint('http://localhost:8080/ws').port).toBe('8080');
    expect(checkSesEndpoint(SES_PRODUCTION).hostname).toBe('hospedajes.ses.mir.es');
  });
});

const SES_PRODUCTION = 'https://hospedajes.ses.mir.es/hospedajes-web/ws/v1/comunicacion';

describe('SES answers as the manual writes them', () => {
  it('reads the manual’s alta answer, whose code is named codigoRetorno', () => {
    const answer = readAltaAnswer(
      `<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/"><SOAP-ENV:Header/><SOAP-ENV:Body>
        <ns3:comunicacionResponse xmlns:ns3="http://www.soap.servicios.hospedajes.mir.es/comunicacion">
          <respuesta><codigoRetorno>0</codigoRetorno><descripcion>Ok</descripcion>
          <lote>00000000-0000-0000-0000-000000000000</lote></respuesta>
        </ns3:comunicacionResponse></SOAP-ENV:Body></SOAP-ENV:Envelope>`,
    );
    expect(answer).toEqual({
      code: 0,
      description: 'Ok',
      lote: '00000000-0000-0000-0000-000000000000',
    });
  });

  it('reads a lote of the manual’s Anexo II (tipoComuniacion, state 6, one error)', () => {
    const { lotes } = readConsultaLoteAnswer(
      `<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/"><SOAP-ENV:Body>
        <ns3:comunicacionResponse xmlns:ns3="http://www.soap.servicios.hospedajes.mir.es/comunicacion">
          <respuesta><codigo>0</codigo><descripcion>Ok</descripcion></respuesta>
          <resultado><lote>00000000-0000-0000-0000-000000000000</lote><tipoComuniacion>PV</tipoComuniacion>
            <tipoOperacion>A</tipoOperacion><fechaPeticion>2023-02-23T11:37:13.000+01:00</fechaPeticion>
            <fechaProcesamiento>2023-02-23T11:37:33.000+01:00</fechaProcesamiento><codigoEstado>6</codigoEstado>
            <descEstado>Se ha ejecutado pero hay errores en algunas comunicaciones</descEstado>
            <resultadoComunicaciones><resutadoComunicacion><orden>1</orden><tipoError>Error validación de datos</tipoError>
              <error>Error de validación en la comunicación [1]: [No existe un establecimiento para ese código.]</error>
            </resutadoComunicacion></resultadoComunicaciones></resultado>
        </ns3:comunicacionResponse></SOAP-ENV:Body></SOAP-ENV:Envelope>`,
    );
    expect(lotes[0]).toMatchObject({
      state: 6,
      communications: [{ order: 1, communicationCode: null }],
    });
    expect(lotes[0]!.communications[0]!.error).toContain('No existe un establecimiento');
  });

  it('takes an empty code or state for no answer, never for 0', () => {
    const envelope = (body: string) =>
      `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body>${body}</s:Body></s:Envelope>`;
    expect(() =>
      readAltaAnswer(
        envelope(
          '<comunicacionResponse><respuesta><codigo/><descripcion/><lote>l-1</lote></respuesta></comunicacionResponse>',
        ),
      ),
    ).toThrow(SesMalformedAnswer);
    expect(() =>
      readConsultaLoteAnswer(
        envelope(
          '<consultaLoteResponse><respuesta><codigo>0</codigo><descripcion>Ok</descripcion></respuesta><resultado><lote>l-1</lote><codigoEstado></codigoEstado></resultado></consultaLoteResponse>',
        ),
      ),
    ).toThrow(SesMalformedAnswer);
  });

  it('turns a SOAP fault into an error with its text', () => {
    expect(() =>
      readAltaAnswer(
        '<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><s:Fault><faultcode>s:Client</faultcode><faultstring>Unmarshalling Error</faultstring></s:Fault></s:Body></s:Envelope>',
      ),
    ).toThrow(SesSoapFault);
  });

  it('refuses a document type declaration and anything that is not XML', () => {
    expect(() =>
      readAltaAnswer(
        '<!DOCTYPE x [<!ENTITY a "aaaa">]><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body/></s:Envelope>',
      ),
    ).toThrow(SesMalformedAnswer);
    expect(() => readAltaAnswer('<html>Service unavailable')).toThrow(SesMalformedAnswer);
  });

  it('escapes what it writes into the envelope', () => {
    const envelope = altaEnvelope({ landlordCode: '<&>', kind: 'PV', solicitud: 'QQ==' });
    expect(envelope).toContain('<codigoArrendador>&lt;&amp;&gt;</codigoArrendador>');
  });
});
