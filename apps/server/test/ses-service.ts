/**
 * A local SES.HOSPEDAJES web service for tests, built from the WSDL and manual v3.1.3 (reference
 * ses-hospedajes.md §1): the Ministry's service cannot be reached from here. It checks what the
 * real one checks at its door: HTTP Basic credentials, the header of the request, a solicitud that
 * is a real ZIP (read by Debian's `unzip`) holding UTF-8 XML valid against the official XSD
 * (`xmllint`), at most 100 communications; it queues an accepted request as a lote, and answers
 * `consultaLote` and `catalogo` as the WSDL describes. Over HTTPS with a certificate made for the
 * test by `openssl`, or plain HTTP. Used by the server tests and by e2e.
 *
 * Cancellations (operation B of `comunicacion`, manual §3.1.1.6 and Anexo III) are checked as the
 * altas are, their file against `anularComunicacion.xsd`; each code must be one the service gave
 * this user (10113 otherwise, as for a code of another entity) and not cancelled already; the
 * lote, once processed, has cancelled them. `consultaComunicacion` (§3.3) answers what is held
 * under each code of this user (`anulada` once cancelled), nothing for another's or an unknown one;
 * `anulacionLote` (§3.4) cancels every communication of one of this user's lotes at once.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeXml, find, parseXml, type XmlNode } from '../src/lib/ses/soap';
import { makeLocalhostCertificate, xsdErrors } from './local-tls';

const XSD_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/lib/ses/xsd');
const SCHEMAS = {
  PV: 'altaParteHospedaje',
  RH: 'altaReservaHospedaje',
  B: 'anularComunicacion',
} as const;

export interface ReceivedRequest {
  operation: string;
  authorization: string | undefined;
  body: string;
  /** For an alta: the XML inside the solicitud. */
  xml?: string;
  kind?: 'PV' | 'RH';
}

interface Lote {
  lote: string;
  kind: 'PV' | 'RH';
  requestedAt: string;
  communications: number;
  /** Queries answered "pending" (5) before it is processed. */
  pendingQueries: number;
  /** Per communication (1-based order): an error instead of a code. */
  errors: Map<number, string>;
  codes: Map<number, string>;
  /** A state to end in instead of 1 or 6, and whether results come with it. */
  end?: { state: number; results: boolean };
  /** B: a cancellation of these codes (none for an alta). */
  cancels?: string[];
  /** An alta: the file, to answer consultaComunicacion. */
  xml?: string;
}

/** A communication the service stored: whose it is and whether it was cancelled. */
interface Held {
  kind: 'PV' | 'RH';
  user: string;
  lote: string;
  order: number;
  cancelled: boolean;
}

export interface TestSesService {
  /** The address to give SES_ENDPOINT. */
  url: string;
  /** PEM of its certificate (https only): to trust it. */
  certificate?: string;
  user: string;
  password: string;
  landlordCode: string;
  requests: ReceivedRequest[];
  lotes: Map<string, Lote>;
  /** Stores a communication of another entity (another user) and answers its code. */
  holdForeign(kind?: 'PV' | 'RH'): string;
  /** Cancels a stored communication as the Ministry's portal would (no request through here). */
  cancelOnPortal(code: string): void;
  /** The next alta is refused with this code (10107 wrong user…) instead of queued. */
  refuseNext(code: number, description: string): void;
  /** The next lote answers "pending" to this many queries before it is processed. */
  delayNext(queries: number): void;
  /** In the next lote, these communications (1-based) are rejected with the text. */
  rejectInNext(errors: Record<number, string>): void;
  /** The next request is read and then left without answer (the connection is cut). */
  dropNext(): void;
  /** The next lote ends in this state (2, 3: with or without results) instead of 1 or 6. */
  endNextIn(state: number, options?: { results?: boolean }): void;
  /** The next request is answered with a SOAP fault (`Client` or `Server`). */
  faultNext(code: 'Client' | 'Server'): void;
  /** The next request is answered with something that is not the WSDL's (an HTML error page). */
  garbageNext(): void;
  close(): Promise<void>;
}

function childText(node: XmlNode | undefined, name: string): string | undefined {
  return node?.children.find((c) => c.name === name)?.text.trim();
}

const text = (value: string | undefined) => escapeXml(value ?? '');

function soap(body: string): string {
  return (
    '<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/"><SOAP-ENV:Header/>' +
    `<SOAP-ENV:Body>${body}</SOAP-ENV:Body></SOAP-ENV:Envelope>`
  );
}

const NS = 'xmlns:ns3="http://www.soap.servicios.hospedajes.mir.es/comunicacion"';

function unzipSolicitud(base64: string, tmp: string): string | null {
  if (!/^[A-Za-z0-9+/=\s]+$/.test(base64)) return null;
  const file = path.join(tmp, `${randomUUID()}.zip`);
  fs.writeFileSync(file, Buffer.from(base64, 'base64'));
  const result = spawnSync('unzip', ['-p', file]);
  fs.rmSync(file, { force: true });
  if (result.error) throw new Error(`unzip is needed (apt-get install unzip): ${result.error}`);
  if (result.status !== 0 || result.stdout.length === 0) return null;
  const xml = result.stdout.toString('utf8');
  // Not UTF-8: the service answers 10111.
  return Buffer.from(xml, 'utf8').equals(result.stdout) ? xml : null;
}

const schemaOf = (kind: keyof typeof SCHEMAS) => path.join(XSD_DIR, `${SCHEMAS[kind]}.xsd`);

export async function startTestSes(
  options: { https?: boolean; user?: string; password?: string; landlordCode?: string } = {},
): Promise<TestSesService> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hospes-test-ses-'));
  const user = options.user ?? 'B58378431WS';
  const password = options.password ?? 'contraseña-de-prueba';
  const landlordCode = options.landlordCode ?? '0000004242';
  const requests: ReceivedRequest[] = [];
  const lotes = new Map<string, Lote>();
  const held = new Map<string, Held>();
  let refusal: { code: number; description: string } | null = null;
  let delay = 0;
  let rejections: Record<number, string> = {};
  let drop = false;
  let end: { state: number; results: boolean } | undefined;
  let fault: 'Client' | 'Server' | null = null;
  let garbage = false;
  const expected = `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;

  function answerAlta(peticion: XmlNode | undefined, record: ReceivedRequest): string {
    const reply = (code: number, description: string, lote?: string) =>
      soap(
        `<ns3:comunicacionResponse ${NS}><respuesta><codigo>${code}</codigo>` +
          `<descripcion>${description}</descripcion>${lote ? `<lote>${lote}</lote>` : ''}` +
          '</respuesta></ns3:comunicacionResponse>',
      );
    const cabecera = peticion && find(peticion, 'cabecera');
    if (!cabecera) return reply(10109, 'No se ha indicado la cabecera');
    const arrendador = childText(cabecera, 'codigoArrendador');
    if (!arrendador) return reply(10100, 'No se ha indicado el código de arrendador');
    if (arrendador !== landlordCode) return reply(10103, 'El código de arrendador no existe');
    const aplicacion = childText(cabecera, 'aplicacion');
    if (!aplicacion) return reply(10101, 'No se ha indicado la aplicación');
    if (aplicacion.length > 50) return reply(10150, 'La aplicación excede la longitud máxima');
    const operation = childText(cabecera, 'tipoOperacion');
    if (operation === 'B') return answerCancellation(peticion!, cabecera, record, reply);
    if (operation !== 'A') return reply(10117, 'La operación debe ser A, C o B');
    const kind = childText(cabecera, 'tipoComunicacion');
    if (kind !== 'PV' && kind !== 'RH') return reply(10122, 'Tipo de comunicación no válido');
    record.kind = kind;
    if (refusal) {
      const { code, description } = refusal;
      refusal = null;
      return reply(code, description);
    }
    const solicitud = childText(peticion, 'solicitud');
    if (!solicitud) return reply(10110, 'No se ha indicado la solicitud');
    const xml = unzipSolicitud(solicitud, tmp);
    if (xml === null)
      return reply(
        10111,
        'Ha de ser un fichero xml en UTF-8, comprimido (zip) y codificado en Base64',
      );
    record.xml = xml;
    const errors = xsdErrors(xml, schemaOf(kind), tmp);
    if (errors) return reply(10121, `Error de validación: ${errors.slice(0, 60)}`);
    const communications = (xml.match(/<comunicacion>/g) ?? []).length;
    if (communications > 100) return reply(10121, 'Se supera el número máximo de comunicaciones');
    const lote = randomUUID();
    lotes.set(lote, {
      lote,
      kind,
      requestedAt: new Date().toISOString(),
      communications,
      pendingQueries: delay,
      errors: new Map(Object.entries(rejections).map(([k, v]) => [Number(k), v])),
      codes: new Map(),
      end,
      xml,
    });
    delay = 0;
    rejections = {};
    end = undefined;
    return reply(0, 'Ok', lote);
  }

  /**
   * Operation B: the header (the type, when given, one of the four), the solicitud as for an
   * alta, its file valid against anularComunicacion.xsd, and each code this user's and not
   * cancelled; queued as a lote whose processing cancels them.
   */
  function answerCancellation(
    peticion: XmlNode,
    cabecera: XmlNode,
    record: ReceivedRequest,
    reply: (code: number, description: string, lote?: string) => string,
  ): string {
    const kind = childText(cabecera, 'tipoComunicacion');
    if (kind !== undefined && !['PV', 'RH', 'AV', 'RV'].includes(kind))
      return reply(10122, 'Tipo de comunicación no válido');
    if (refusal) {
      const { code, description } = refusal;
      refusal = null;
      return reply(code, description);
    }
    const solicitud = childText(peticion, 'solicitud');
    if (!solicitud) return reply(10110, 'No se ha indicado la solicitud');
    const xml = unzipSolicitud(solicitud, tmp);
    if (xml === null)
      return reply(
        10111,
        'Ha de ser un fichero xml en UTF-8, comprimido (zip) y codificado en Base64',
      );
    record.xml = xml;
    const errors = xsdErrors(xml, schemaOf('B'), tmp);
    if (errors) return reply(10118, `Error en el formato de fichero XML: ${errors.slice(0, 50)}`);
    const codes = (find(parseXml(xml), 'comunicaciones')?.children ?? []).map((c) => c.text.trim());
    if (codes.length === 0) return reply(10160, 'No ha informado del código de la comunicación');
    for (const code of codes) {
      const found = held.get(code);
      if (!found || found.user !== user)
        return reply(10113, 'El código de comunicación no existe en el sistema');
      if (kind && kind !== found.kind)
        return reply(10159, 'El tipo de comunicación informado no es válido.');
      if (found.cancelled)
        return reply(10121, `Error de validación: la comunicación ${code} ya está anulada`);
    }
    const lote = randomUUID();
    lotes.set(lote, {
      lote,
      kind: held.get(codes[0]!)!.kind,
      requestedAt: new Date().toISOString(),
      communications: codes.length,
      pendingQueries: delay,
      errors: new Map(),
      codes: new Map(),
      end,
      cancels: codes,
    });
    delay = 0;
    end = undefined;
    return reply(0, 'Ok', lote);
  }

  function loteXml(lote: Lote): string {
    const processing = lote.pendingQueries > 0;
    if (processing) lote.pendingQueries--;
    if (lote.cancels) return cancellationLoteXml(lote, processing);
    const withErrors = lote.errors.size > 0;
    const state = processing ? 5 : (lote.end?.state ?? (withErrors ? 6 : 1));
    const results =
      processing || (lote.end && !lote.end.results)
        ? ''
        : '<resultadoComunicaciones>' +
          Array.from({ length: lote.communications }, (_, i) => {
            const order = i + 1;
            const error = lote.errors.get(order);
            if (error)
              return `<resultadoComunicacion><orden>${order}</orden><tipoError>Error validación de datos</tipoError><error>${error}</error></resultadoComunicacion>`;
            let code = lote.codes.get(order);
            if (!code) {
              lote.codes.set(order, (code = randomUUID()));
              held.set(code, { kind: lote.kind, user, lote: lote.lote, order, cancelled: false });
            }
            const cancelled = held.get(code)?.cancelled ? '<anulada>true</anulada>' : '';
            return `<resultadoComunicacion><orden>${order}</orden>${cancelled}<codigoComunicacion>${code}</codigoComunicacion></resultadoComunicacion>`;
          }).join('') +
          '</resultadoComunicaciones>';
    return (
      `<resultado><lote>${lote.lote}</lote><tipoComunicacion>${lote.kind}</tipoComunicacion>` +
      `<tipoOperacion>A</tipoOperacion><fechaPeticion>${lote.requestedAt}</fechaPeticion>` +
      (processing ? '' : `<fechaProcesamiento>${new Date().toISOString()}</fechaProcesamiento>`) +
      `<codigoEstado>${state}</codigoEstado><descEstado>${
        processing
          ? 'Pendiente'
          : withErrors
            ? 'Se ha ejecutado pero hay errores en algunas comunicaciones'
            : 'Procesado correctamente'
      }</descEstado><identificadorUsuario>${user}</identificadorUsuario>` +
      `<nombreUsuario>Usuario de prueba</nombreUsuario><codigoArrendador>${landlordCode}</codigoArrendador>` +
      `<aplicacion>Hospes</aplicacion>${results}</resultado>`
    );
  }

  /** A cancellation's lote: once processed (state 1, or the one set), its codes are cancelled. */
  function cancellationLoteXml(lote: Lote, processing: boolean): string {
    const state = processing ? 5 : (lote.end?.state ?? 1);
    if (state === 1) for (const code of lote.cancels ?? []) held.get(code)!.cancelled = true;
    return (
      `<resultado><lote>${lote.lote}</lote><tipoComunicacion>${lote.kind}</tipoComunicacion>` +
      `<tipoOperacion>B</tipoOperacion><fechaPeticion>${lote.requestedAt}</fechaPeticion>` +
      (processing ? '' : `<fechaProcesamiento>${new Date().toISOString()}</fechaProcesamiento>`) +
      `<codigoEstado>${state}</codigoEstado><descEstado>${
        processing ? 'Pendiente' : state === 1 ? 'Procesado correctamente' : 'Error'
      }</descEstado><identificadorUsuario>${user}</identificadorUsuario>` +
      `<nombreUsuario>Usuario de prueba</nombreUsuario><codigoArrendador>${landlordCode}</codigoArrendador>` +
      '<aplicacion>Hospes</aplicacion></resultado>'
    );
  }

  /** consultaComunicacion: each of this user's codes asked, as comunicacionType (manual §3.3.2). */
  function answerConsultaComunicacion(operation: XmlNode): string {
    const asked = (find(operation, 'codigos')?.children ?? []).map((c) => c.text.trim());
    const reply = (code: number, description: string, communications = '') =>
      soap(
        `<ns3:consultaComunicacionResponse ${NS}><resultado><codigo>${code}</codigo>` +
          `<descripcion>${description}</descripcion></resultado>${communications}</ns3:consultaComunicacionResponse>`,
      );
    if (asked.length === 0) return reply(10160, 'No ha informado del código de la comunicación');
    if (asked.length > 10)
      return reply(10136, 'Se ha superado el número máximo de comunicaciones a consultar');
    const found = asked.flatMap((code) => {
      const h = held.get(code);
      const lote = h && lotes.get(h.lote);
      if (!h || h.user !== user || !lote?.xml) return [];
      const comunicacion = parseXml(lote.xml)
        .children[0]?.children.find((c) => c.name === 'solicitud')
        ?.children.filter((c) => c.name === 'comunicacion')[h.order - 1];
      const contrato = comunicacion && find(comunicacion, 'contrato');
      const personas = comunicacion?.children.filter((c) => c.name === 'persona') ?? [];
      return [
        '<comunicacion>' +
          `<tipo>${h.kind}</tipo><codigo>${code}</codigo>` +
          (h.cancelled ? '<anulada>true</anulada>' : '') +
          `<referencia>${text(childText(contrato, 'referencia'))}</referencia>` +
          `<fechaContrato>${text(childText(contrato, 'fechaContrato'))}</fechaContrato>` +
          `<fechaInicio>${text(childText(contrato, 'fechaEntrada'))}</fechaInicio>` +
          `<fechaFin>${text(childText(contrato, 'fechaSalida'))}</fechaFin>` +
          `<fechaAlta>${lote.requestedAt}</fechaAlta>` +
          `<pago><tipo>${text(childText(contrato && find(contrato, 'pago'), 'tipoPago'))}</tipo></pago>` +
          `<arrendador><nombre>Arrendador de prueba</nombre><tipoDocumento>CIF</tipoDocumento>` +
          `<documento>B58378431</documento><codigo>${landlordCode}</codigo><tipo>EMPRESA</tipo></arrendador>` +
          '<personas>' +
          personas
            .map(
              (p) =>
                `<persona><rol>${text(childText(p, 'rol'))}</rol><nombre>${text(childText(p, 'nombre'))}</nombre>` +
                `<apellido1>${text(childText(p, 'apellido1'))}</apellido1></persona>`,
            )
            .join('') +
          '</personas></comunicacion>',
      ];
    });
    return reply(0, 'Ok', found.join(''));
  }

  /**
   * anulacionLote (manual §3.4, synchronous): every communication of one of this user's alta
   * lotes cancelled; 10160 without a lote, 10113 for an unknown one or another user's.
   */
  function answerAnulacionLote(operation: XmlNode): string {
    const reply = (code: number, description: string) =>
      soap(
        `<ns3:anulacionLoteResponse ${NS}><codigo>${code}</codigo>` +
          `<descripcion>${description}</descripcion></ns3:anulacionLoteResponse>`,
      );
    const asked = childText(operation, 'lote');
    if (!asked) return reply(10160, 'No ha informado del código de la comunicación');
    const lote = lotes.get(asked);
    const codes = [...held.values()].filter((h) => h.lote === asked && h.user === user);
    if (!lote || lote.cancels || codes.length === 0)
      return reply(10113, 'El código de comunicación no existe en el sistema');
    for (const h of codes) h.cancelled = true;
    return reply(0, 'Ok');
  }

  function answer(body: string, record: ReceivedRequest): string {
    const envelope = parseXml(body);
    const soapBody = find(envelope, 'Body');
    const operation = soapBody?.children[0];
    record.operation = operation?.name ?? '';
    if (!operation) throw new Error('no operation');
    if (operation.name === 'comunicacionRequest')
      return answerAlta(find(operation, 'peticion'), record);
    if (operation.name === 'consultaLoteRequest') {
      const asked = (find(operation, 'codigosLote')?.children ?? []).map((c) => c.text.trim());
      if (asked.length > 10)
        return soap(
          `<ns3:consultaLoteResponse ${NS}><respuesta><codigo>10136</codigo><descripcion>Se ha superado el número máximo de lotes</descripcion></respuesta></ns3:consultaLoteResponse>`,
        );
      const found = asked.map((l) => lotes.get(l)).filter((l): l is Lote => !!l);
      return soap(
        `<ns3:consultaLoteResponse ${NS}><respuesta><codigo>0</codigo><descripcion>Ok</descripcion></respuesta>` +
          `${found.map(loteXml).join('')}</ns3:consultaLoteResponse>`,
      );
    }
    if (operation.name === 'consultaComunicacionRequest')
      return answerConsultaComunicacion(operation);
    if (operation.name === 'anulacionLoteRequest') return answerAnulacionLote(operation);
    if (operation.name === 'catalogoRequest')
      return soap(
        `<ns3:catalogoResponse ${NS}><resultado><codigo>0</codigo><descripcion>Ok</descripcion></resultado>` +
          '<respuesta><resultado><tupla><codigo>TIPO_DOCUMENTO</codigo><descripcion>Tipos de documento</descripcion></tupla>' +
          '<tupla><codigo>TIPO_PARENTESCO</codigo><descripcion>Tipos de parentesco</descripcion></tupla></resultado></respuesta></ns3:catalogoResponse>',
      );
    throw new Error(`unknown operation ${operation.name}`);
  }

  const handler: http.RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const record: ReceivedRequest = {
        operation: '',
        authorization: req.headers.authorization,
        body,
      };
      requests.push(record);
      if (drop) {
        drop = false;
        req.socket.destroy();
        return;
      }
      if (garbage) {
        garbage = false;
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Mantenimiento');
        return;
      }
      if (fault) {
        const code = fault;
        fault = null;
        res
          .writeHead(500, { 'content-type': 'text/xml;charset=utf-8' })
          .end(
            soap(
              `<SOAP-ENV:Fault><faultcode>SOAP-ENV:${code}</faultcode><faultstring>Error ${code === 'Server' ? 'interno' : 'de formato'}</faultstring></SOAP-ENV:Fault>`,
            ),
          );
        return;
      }
      if (req.headers.authorization !== expected) {
        res.writeHead(401, { 'www-authenticate': 'Basic realm="hospedajes"' }).end();
        return;
      }
      try {
        const xml = answer(body, record);
        res.writeHead(200, { 'content-type': 'text/xml;charset=utf-8' }).end(xml);
      } catch (err) {
        res
          .writeHead(500, { 'content-type': 'text/xml;charset=utf-8' })
          .end(
            soap(
              `<SOAP-ENV:Fault><faultcode>SOAP-ENV:Client</faultcode><faultstring>${String(err).replace(/[<&]/g, '')}</faultstring></SOAP-ENV:Fault>`,
            ),
          );
      }
    });
  };

  const certificate = options.https ? makeLocalhostCertificate(tmp) : undefined;
  const server = certificate
    ? https.createServer({ key: certificate.key, cert: certificate.cert }, handler)
    : http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${certificate ? 'https' : 'http'}://127.0.0.1:${port}/hospedajes-web/ws/v1/comunicacion`,
    certificate: certificate?.cert,
    user,
    password,
    landlordCode,
    requests,
    lotes,
    holdForeign(kind = 'PV') {
      const code = randomUUID();
      held.set(code, { kind, user: `${user}-OTRO`, lote: '', order: 1, cancelled: false });
      return code;
    },
    cancelOnPortal(code) {
      const found = held.get(code);
      if (!found) throw new Error(`no communication ${code}`);
      found.cancelled = true;
    },
    refuseNext(code, description) {
      refusal = { code, description };
    },
    delayNext(queries) {
      delay = queries;
    },
    rejectInNext(errors) {
      rejections = errors;
    },
    dropNext() {
      drop = true;
    },
    endNextIn(state, options = {}) {
      end = { state, results: options.results ?? false };
    },
    faultNext(code) {
      fault = code;
    },
    garbageNext() {
      garbage = true;
    },
    async close() {
      server.closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}
