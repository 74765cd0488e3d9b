/**
 * The client of the Ertzaintza's A19 "Registro Hostelero — Servicio Comunicación XML" (decision
 * 056; WSDL `EnvioFicheroXML.wsdl`, manual §2): one operation, `envioFicheroXML`, SOAP 1.1
 * document/literal over HTTPS, signed with the establishment's certificate (wsse.ts), answered at
 * once: the request is checked and stored, or refused with its errors, in the same exchange (no
 * lote to ask about later, unlike SES.HOSPEDAJES).
 *
 * Failures are SES's (`SesTransportError`, `SesSoapFault`, `SesMalformedAnswer` of lib/ses), so
 * that a send records them alike: never reached, reached without an answer (uncertain), refused.
 */
import https from 'node:https';
import tls from 'node:tls';
import { checkSesEndpoint, soapPost } from '../ses/client';
import { childrenNamed, find, SesMalformedAnswer, soapBody, type XmlNode } from '../ses/soap';
import { escapeXml } from '../ses/ses-xml';
import type { A19Certificate } from './certificate';
import { signedEnvelope } from './wsse';

export const A19_SOAP_NAMESPACE = 'https://ws.negocio.registroHostelero.a19.gvdi.com';
/** The WSDL's soapAction of envioFicheroXML. */
export const A19_SOAP_ACTION = `${A19_SOAP_NAMESPACE}/envioFicheroXML`;
/** `cabecera/aplicacion`: "el sistema que invoca al servicio" (≤50). */
export const A19_APPLICATION = 'Hospes';

export type A19Environment = 'production' | 'test';

/** The manual's addresses (§2): production and pre-production ("test"). */
export const A19_DEFAULT_ENDPOINTS: Record<A19Environment, string> = {
  production: 'https://servicios.ertzaintza.eus/A19/registroHostelero/EnvioFicheroXML',
  test: 'https://servicios.pre.ertzaintza.eus/A19/registroHostelero/EnvioFicheroXML',
};

export interface A19Target {
  environment: A19Environment;
  /** `codigoArrendador`: the CIF of the establishment's holder (≤10). */
  landlordCode: string;
  certificate: Pick<A19Certificate, 'keyPem' | 'certBase64'>;
}

export interface A19Error {
  code: string;
  description: string;
}

/** The synchronous answer (`comunicacionResponse`). */
export interface A19Answer {
  /** `codigoEstadoComunicacion`: 0 stored; else the first error's code (100, 109, 403…). */
  code: number;
  description: string;
  errors: A19Error[];
  /** The request's uuid (`respuesta/peticion`), when the service gave one. */
  request: string | null;
}

export interface A19Client {
  /** Sends partes (PV) or reservas (RH): the solicitud XML goes in CDATA, the request signed. */
  envio(target: A19Target, kind: 'PV' | 'RH', xml: string): Promise<A19Answer>;
}

export interface A19ClientOptions {
  endpoints?: Partial<Record<A19Environment, string>>;
  /** More trusted certificates (PEM) for the service's TLS, besides Node's roots. */
  extraCa?: string[];
  timeoutMs?: number;
  maxAnswerBytes?: number;
  now?: () => Date;
}

/** The XML in a CDATA section (a `]]>` inside it is split across two sections). */
export function cdata(xml: string): string {
  return `<![CDATA[${xml.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
}

/** The body of envioFicheroXML (the manual's example, §2.2): header and the solicitud in CDATA. */
export function envioBody(input: { landlordCode: string; kind: 'PV' | 'RH'; xml: string }) {
  const solicitud = input.xml.replace(/^<\?xml[^>]*\?>\s*/, '');
  return (
    `<ws:envioFicheroXML xmlns:ws="${A19_SOAP_NAMESPACE}">` +
    '<ws:cabecera>' +
    `<aplicacion>${escapeXml(A19_APPLICATION)}</aplicacion>` +
    `<codigoArrendador>${escapeXml(input.landlordCode)}</codigoArrendador>` +
    `<tipoComunicacion>${input.kind}</tipoComunicacion>` +
    '</ws:cabecera>' +
    `<ws:solicitud>${cdata(solicitud)}</ws:solicitud>` +
    '</ws:envioFicheroXML>'
  );
}

function text(node: XmlNode | undefined, name: string): string {
  return node?.children.find((c) => c.name === name)?.text.trim() ?? '';
}

/** Reads `envioFicheroXMLResponse`; a SOAP fault throws SesSoapFault, anything else unread SesMalformedAnswer. */
export function readA19Answer(xml: string): A19Answer {
  const body = soapBody(xml);
  const response = find(body, 'envioFicheroXMLResponse');
  const ret = response && find(response, 'return');
  if (!ret) throw new SesMalformedAnswer('no envioFicheroXMLResponse');
  const respuesta = find(ret, 'respuesta');
  const resultado = find(ret, 'resultado');
  const errors = respuesta
    ? childrenNamed(respuesta, 'error').map((e) => ({
        code: text(e, 'codigo'),
        description: text(e, 'descripcion'),
      }))
    : [];
  const state = text(resultado, 'codigoEstadoComunicacion');
  const request = text(respuesta, 'peticion') || text(resultado, 'peticion') || null;
  if (errors.length > 0) {
    const first = errors[0]!;
    const code = /^\d+$/.test(first.code)
      ? Number(first.code)
      : /^\d+$/.test(state)
        ? Number(state)
        : 100;
    return { code: code === 0 ? 100 : code, description: first.description, errors, request };
  }
  if (!/^\d+$/.test(state)) throw new SesMalformedAnswer('no codigoEstadoComunicacion');
  return {
    code: Number(state),
    description: text(resultado, 'descEstadoComunicacion'),
    errors,
    request,
  };
}

export function createA19Client(options: A19ClientOptions = {}): A19Client {
  const endpoints: Record<A19Environment, URL> = {
    production: checkSesEndpoint(options.endpoints?.production ?? A19_DEFAULT_ENDPOINTS.production),
    test: checkSesEndpoint(options.endpoints?.test ?? A19_DEFAULT_ENDPOINTS.test),
  };
  const agent = new https.Agent({
    ca: [...tls.rootCertificates, ...(options.extraCa ?? [])],
    keepAlive: false,
    maxSockets: 4,
  });
  const now = options.now ?? (() => new Date());
  return {
    async envio(target, kind, xml) {
      const body = signedEnvelope(
        envioBody({ landlordCode: target.landlordCode, kind, xml }),
        target.certificate,
        now(),
      );
      const answer = await soapPost(endpoints[target.environment], body, {
        agent,
        timeoutMs: options.timeoutMs ?? 30_000,
        maxAnswerBytes: options.maxAnswerBytes ?? 10 * 1024 * 1024,
        headers: { soapaction: `"${A19_SOAP_ACTION}"` },
      });
      return readA19Answer(answer);
    },
  };
}
