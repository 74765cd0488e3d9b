/**
 * A local Ertzaintza A19 "Registro Hostelero — Servicio Comunicación XML" for tests (decision
 * 056), built from its WSDL and manual (reference/data/ertzaintza-a19): the real one cannot be
 * reached from here. Over HTTPS with a certificate made for the run by `openssl`, it checks what
 * the real one checks at its door, each with an independent tool:
 * - the WS-Security signature, verified by `xmlsec1` (Debian's xmlsec1) with the certificate of
 *   the BinarySecurityToken, whose references must cover the Body, the Timestamp and the token;
 *   the Timestamp must not have expired;
 * - the certificate is one registered for the service (403 otherwise, as the manual's example);
 * - the header (aplicacion, codigoArrendador, tipoComunicacion: errors 101–112);
 * - the solicitud, read out of its CDATA, valid against the A19 XSD of its type (`xmllint`,
 *   error 109), and a country for every person (error 130).
 * It answers `envioFicheroXMLResponse` at once, as the manual's examples do.
 */
import { spawnSync } from 'node:child_process';
import { createHash, generateKeyPairSync, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import forge from 'node-forge';
import { escapeXml, find, parseXml, type XmlNode } from '../src/lib/ses/soap';
import { makeLocalhostCertificate, xsdErrors } from './local-tls';

const XSD_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/lib/a19/xsd');

export interface A19Received {
  body: string;
  /** The solicitud (the XML inside the CDATA). */
  xml: string;
  kind: string;
  landlordCode: string;
  application: string;
  /** What the service answered: 0, or the error code. */
  code: number;
}

export interface TestA19Service {
  url: string;
  /** PEM of its TLS certificate: to trust it. */
  certificate: string;
  received: A19Received[];
  /** Accepts requests signed with this certificate (PEM). */
  register(certPem: string): void;
  /** Every signature check's output, for a failing test to tell why. */
  log: string[];
  close(): Promise<void>;
}

/** A test certificate as a PKCS#12 file: valid from `notBefore` to `notAfter`. */
export function makeA19Pkcs12(options: {
  password: string;
  subject?: string;
  notBefore?: Date;
  notAfter?: Date;
}): { p12: Buffer; certPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(
    privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
  );
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(
    publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  );
  cert.serialNumber = `01${randomUUID().replace(/-/g, '').slice(0, 14)}`;
  cert.validity.notBefore = options.notBefore ?? new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = options.notAfter ?? new Date(Date.now() + 365 * 86_400_000);
  const attrs = [
    { shortName: 'CN', value: options.subject ?? 'ALBERGUE DE PRUEBA' },
    { name: 'serialNumber', value: 'B95000000' },
    { shortName: 'C', value: 'ES' },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], options.password, { algorithm: '3des' });
  return {
    p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'),
    certPem: forge.pki.certificateToPem(cert),
  };
}

const fingerprint = (der: Buffer) => createHash('sha256').update(der).digest('hex');
const pemOf = (base64: string) =>
  `-----BEGIN CERTIFICATE-----\n${(base64.replace(/\s+/g, '').match(/.{1,64}/g) ?? []).join('\n')}\n-----END CERTIFICATE-----\n`;

function all(node: XmlNode, name: string, out: XmlNode[] = []): XmlNode[] {
  for (const child of node.children) {
    if (child.name === name) out.push(child);
    all(child, name, out);
  }
  return out;
}

/** The wsu:Id attributes of the envelope's parts, read from the raw text (saxes nodes keep no attributes). */
function idOf(body: string, element: string): string | null {
  const m = new RegExp(`<[A-Za-z0-9_-]+:${element}\\b[^>]*?wsu:Id="([^"]+)"`).exec(body);
  return m ? m[1]! : null;
}

function answer(errors: { code: string; description: string }[], request: string, okXml = '') {
  const respuesta =
    errors
      .map(
        (e) =>
          `<error><codigo>${e.code}</codigo><descripcion>${escapeXml(e.description)}</descripcion></error>`,
      )
      .join('') + (request ? `<peticion>${request}</peticion>` : '<peticion/>');
  const resultado = okXml || '<resultado/>';
  return (
    '<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body>' +
    `<ns0:envioFicheroXMLResponse xmlns:ns0="https://ws.negocio.registroHostelero.a19.gvdi.com"><ns0:return>` +
    `<respuesta>${respuesta}</respuesta>${resultado}` +
    '</ns0:return></ns0:envioFicheroXMLResponse></S:Body></S:Envelope>'
  );
}

export async function startTestA19(): Promise<TestA19Service> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hospes-test-a19-'));
  const registered = new Set<string>();
  const received: A19Received[] = [];
  const log: string[] = [];

  function verifySignature(body: string): 'ok' | 'unsigned' | 'invalid' | 'unregistered' {
    const token = /<[A-Za-z0-9_-]+:BinarySecurityToken\b[^>]*>([^<]+)</.exec(body)?.[1];
    if (!token || !/<[A-Za-z0-9_-]+:Signature\b/.test(body)) return 'unsigned';
    // The signature must cover the Body, the Timestamp and the token (manual §4).
    const ids = ['Body', 'Timestamp', 'BinarySecurityToken'].map((e) => idOf(body, e));
    const refs = [...body.matchAll(/<[A-Za-z0-9_-]+:Reference URI="#([^"]+)"/g)].map((m) => m[1]);
    if (ids.some((id) => !id || !refs.includes(id))) return 'invalid';
    const expires = /<[A-Za-z0-9_-]+:Expires>([^<]+)</.exec(body)?.[1];
    if (!expires || Date.parse(expires) < Date.now()) return 'invalid';
    const der = Buffer.from(token, 'base64');
    const name = randomUUID();
    const certFile = path.join(tmp, `${name}.pem`);
    const file = path.join(tmp, `${name}.xml`);
    fs.writeFileSync(certFile, pemOf(token));
    fs.writeFileSync(file, body);
    const result = spawnSync(
      'xmlsec1',
      [
        '--verify',
        '--pubkey-cert-pem',
        certFile,
        '--id-attr:Id',
        'Body',
        '--id-attr:Id',
        'Timestamp',
        '--id-attr:Id',
        'BinarySecurityToken',
        file,
      ],
      { encoding: 'utf8' },
    );
    fs.rmSync(file, { force: true });
    fs.rmSync(certFile, { force: true });
    if (result.error) throw new Error('xmlsec1 is needed (apt-get install xmlsec1)');
    log.push(`${result.status}: ${result.stderr}`);
    if (result.status !== 0) return 'invalid';
    return registered.has(fingerprint(der)) ? 'ok' : 'unregistered';
  }

  function handle(body: string): string {
    const signature = verifySignature(body);
    if (signature !== 'ok')
      return answer([{ code: '403', description: 'Error de seguridad: no autorizado' }], '');
    const request = randomUUID();
    const document = parseXml(body);
    const envio = find(document, 'envioFicheroXML');
    const cabecera = envio && find(envio, 'cabecera');
    const field = (name: string) =>
      cabecera?.children.find((c) => c.name === name)?.text.trim() ?? '';
    const record = (code: number, xml = '') =>
      received.push({
        body,
        xml,
        kind: field('tipoComunicacion'),
        landlordCode: field('codigoArrendador'),
        application: field('aplicacion'),
        code,
      });
    const refuse = (code: number, description: string, xml = '') => {
      record(code, xml);
      return answer([{ code: String(code), description }], request);
    };
    if (!cabecera) return refuse(101, 'Cabecera no informada.');
    if (!field('codigoArrendador')) return refuse(102, 'Código de arrendador no informado.');
    if (!field('aplicacion')) return refuse(103, 'Aplicación no informada.');
    const kind = field('tipoComunicacion');
    if (!kind) return refuse(105, 'Tipo de comunicación no informado.');
    if (kind !== 'PV' && kind !== 'RH')
      return refuse(112, "Tipo de comunicación no válido. Valores aceptados: 'PV' y 'RH'");
    const xml = envio.children.find((c) => c.name === 'solicitud')?.text.trim() ?? '';
    if (!xml) return refuse(106, 'Solicitud no informada.');
    if (!/<!\[CDATA\[/.test(body)) return refuse(109, 'Formato de solicitud no válido.', xml);
    const invalid = xsdErrors(xml, path.join(XSD_DIR, `comunicacion${kind}.xsd`), tmp);
    if (invalid)
      return refuse(
        109,
        `Formato de solicitud no válido. El XML enviado no se ajusta a la definición XSD. ${invalid.slice(0, 200)}`,
        xml,
      );
    const people = all(parseXml(xml), 'persona');
    if (people.some((p) => !p.children.some((c) => c.name === 'nacionalidad' && c.text.trim())))
      return refuse(130, 'Algún alojado no tiene informado el país.', xml);
    record(0, xml);
    return answer(
      [],
      request,
      '<resultado><aplicacion>A19</aplicacion>' +
        `<codigoArrendador>${escapeXml(field('codigoArrendador'))}</codigoArrendador>` +
        '<codigoEstadoComunicacion>0</codigoEstadoComunicacion><descEstadoComunicacion>OK</descEstadoComunicacion>' +
        `<peticion>${request}</peticion><tipoComunicacion>${kind}</tipoComunicacion></resultado>`,
    );
  }

  const tls = makeLocalhostCertificate(tmp);
  const server = https.createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        res.writeHead(200, { 'content-type': 'text/xml;charset=utf-8' }).end(handle(body));
      } catch (err) {
        res
          .writeHead(500, { 'content-type': 'text/xml;charset=utf-8' })
          .end(
            `<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body><S:Fault><faultcode>S:Client</faultcode><faultstring>${escapeXml(String(err))}</faultstring></S:Fault></S:Body></S:Envelope>`,
          );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}/A19/registroHostelero/EnvioFicheroXML`,
    certificate: tls.cert,
    received,
    log,
    register(certPem) {
      const der = Buffer.from(
        forge.asn1
          .toDer(forge.pki.certificateToAsn1(forge.pki.certificateFromPem(certPem)))
          .getBytes(),
        'binary',
      );
      registered.add(fingerprint(der));
    },
    async close() {
      server.closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}
