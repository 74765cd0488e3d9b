/**
 * The SES.HOSPEDAJES web service client (reference ses-hospedajes.md §1): SOAP 1.1 over HTTPS with
 * HTTP Basic authentication, the FNMT-RCM chain trusted besides Node's own roots (fnmt-ca.ts),
 * never an unchecked certificate.
 *
 * Failures are told apart by what the caller may do next:
 * - `SesTransportError` with `delivered: false`: the request never reached the service (no
 *   connection, TLS refused, nothing written): it can be sent again as is;
 * - `SesTransportError` with `delivered: true`: the request was written but no answer came (time
 *   out, connection cut): the service may have queued it, so sending it again may report the
 *   travelers twice;
 * - an answer with a non-zero `code`, a SOAP fault or HTTP 401/403: the service refused it.
 */
import http from 'node:http';
import https from 'node:https';
import tls from 'node:tls';
import { FNMT_RCM_CHAIN } from './fnmt-ca';
import {
  altaEnvelope,
  cancellationEnvelope,
  cancellationXml,
  catalogoEnvelope,
  consultaComunicacionEnvelope,
  consultaLoteEnvelope,
  readAltaAnswer,
  readCatalogoAnswer,
  readConsultaComunicacionAnswer,
  readConsultaLoteAnswer,
  type SesAltaAnswer,
  type SesHeldCommunication,
  type SesKind,
  type SesLoteResult,
  type SesReturnCode,
} from './soap';
import { toSolicitud } from './solicitud';

export type SesEnvironment = 'production' | 'test';

/** The service's addresses (manual §2.1): production and the pre-production test service. */
export const SES_ENDPOINTS: Record<SesEnvironment, string> = {
  production: 'https://hospedajes.ses.mir.es/hospedajes-web/ws/v1/comunicacion',
  test: 'https://hospedajes.pre-ses.mir.es/hospedajes-web/ws/v1/comunicacion',
};

/** The web-service user (not the portal's), its password and the lessor code (codigoArrendador). */
export interface SesCredentials {
  user: string;
  password: string;
  landlordCode: string;
}

export interface SesTarget {
  environment: SesEnvironment;
  credentials: SesCredentials;
}

/** At most this many lotes per consultaLote (manual §3). */
export const SES_MAX_LOTES_PER_QUERY = 10;
/** At most this many codes per consultaComunicacion (manual §3.3). */
export const SES_MAX_CODES_PER_QUERY = 10;

export interface SesClient {
  /** Sends an alta of partes (PV) or reservas (RH); the XML is zipped and Base64-encoded here. */
  alta(target: SesTarget, kind: SesKind, xml: string): Promise<SesAltaAnswer>;
  /** The state of up to 10 lotes. */
  consultaLote(
    target: SesTarget,
    lotes: readonly string[],
  ): Promise<SesReturnCode & { lotes: SesLoteResult[] }>;
  /**
   * Cancels stored communications of one type by their codes (`comunicacion`, operation B,
   * manual §3.1.1.6): queued as a lote, as an alta is; the lote's state tells when it is done.
   */
  anular(target: SesTarget, kind: SesKind, codes: readonly string[]): Promise<SesAltaAnswer>;
  /** What the service holds under up to 10 communication codes (manual §3.3). */
  consultaComunicacion(
    target: SesTarget,
    codes: readonly string[],
  ): Promise<SesReturnCode & { communications: SesHeldCommunication[] }>;
  /** A code table; with no name, the list of tables: a harmless call that checks the credentials. */
  catalogo(
    target: SesTarget,
    table?: string,
  ): Promise<SesReturnCode & { rows: { code: string; description: string }[] }>;
}

export type SesTransportReason = 'network' | 'tls' | 'timeout' | 'http' | 'unauthorized';

export class SesTransportError extends Error {
  constructor(
    readonly reason: SesTransportReason,
    /** Whether the request may have reached the service (then it may have been queued). */
    readonly delivered: boolean,
    detail: string,
    readonly status?: number,
  ) {
    super(`SES ${reason}${status ? ` ${status}` : ''}: ${detail}`);
    this.name = 'SesTransportError';
  }
}

export interface SesClientOptions {
  /**
   * One address for both environments instead of the Ministry's (SES_ENDPOINT): a proxy, or a
   * local service in tests. Plain http is taken only for a loopback address.
   */
  endpoint?: string;
  /** More trusted certificates (PEM), besides Node's roots and the FNMT-RCM chain. */
  extraCa?: string[];
  /** Time for the whole exchange, in ms (default 30 s). */
  timeoutMs?: number;
  /** Largest answer read, in bytes (default 10 MB). */
  maxAnswerBytes?: number;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Checks an endpoint: https anywhere, http only on this machine (credentials travel in it). */
export function checkSesEndpoint(endpoint: string): URL {
  const url = new URL(endpoint);
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return url;
  throw new Error('must be an https:// address (http:// only for localhost)');
}

export function createSesClient(options: SesClientOptions = {}): SesClient {
  const override = options.endpoint ? checkSesEndpoint(options.endpoint) : undefined;
  const ca = [...tls.rootCertificates, FNMT_RCM_CHAIN, ...(options.extraCa ?? [])];
  // No kept-alive connections: one the service has just closed would fail a request after it was
  // written, which then reads as "may have arrived" (calls are few; a handshake each is cheap).
  const agent = new https.Agent({ ca, keepAlive: false, maxSockets: 4 });
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxAnswerBytes = options.maxAnswerBytes ?? 10 * 1024 * 1024;

  function post(target: SesTarget, body: string): Promise<string> {
    const url = override ?? new URL(SES_ENDPOINTS[target.environment]);
    const { user, password } = target.credentials;
    return soapPost(url, body, {
      agent,
      timeoutMs,
      maxAnswerBytes,
      headers: {
        soapaction: '""',
        authorization: `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`,
      },
    });
  }

  return {
    async alta(target, kind, xml) {
      const solicitud = toSolicitud(xml);
      const body = altaEnvelope({ landlordCode: target.credentials.landlordCode, kind, solicitud });
      return readAltaAnswer(await post(target, body));
    },
    async consultaLote(target, lotes) {
      if (lotes.length === 0 || lotes.length > SES_MAX_LOTES_PER_QUERY)
        throw new RangeError(`consultaLote takes 1 to ${SES_MAX_LOTES_PER_QUERY} lotes`);
      return readConsultaLoteAnswer(await post(target, consultaLoteEnvelope(lotes)));
    },
    async anular(target, kind, codes) {
      if (codes.length === 0) throw new RangeError('anular takes at least one code');
      const solicitud = toSolicitud(cancellationXml(codes));
      const body = cancellationEnvelope({
        landlordCode: target.credentials.landlordCode,
        kind,
        solicitud,
      });
      return readAltaAnswer(await post(target, body));
    },
    async consultaComunicacion(target, codes) {
      if (codes.length === 0 || codes.length > SES_MAX_CODES_PER_QUERY)
        throw new RangeError(`consultaComunicacion takes 1 to ${SES_MAX_CODES_PER_QUERY} codes`);
      return readConsultaComunicacionAnswer(
        await post(target, consultaComunicacionEnvelope(codes)),
      );
    },
    async catalogo(target, table = '') {
      return readCatalogoAnswer(await post(target, catalogoEnvelope(table)));
    },
  };
}

/**
 * POSTs a SOAP request and reads the answer, telling failures apart as `SesTransportError` says
 * (shared with the Ertzaintza's A19 client, lib/a19/client.ts).
 */
export function soapPost(
  url: URL,
  body: string,
  options: {
    agent: https.Agent;
    timeoutMs: number;
    maxAnswerBytes: number;
    headers: Record<string, string>;
  },
): Promise<string> {
  const { agent, timeoutMs, maxAnswerBytes } = options;
  const payload = Buffer.from(body, 'utf8');
  const secure = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    let written = false;
    let settled = false;
    const fail = (err: SesTransportError) => {
      if (settled) return;
      settled = true;
      reject(err);
    };
    const request = (secure ? https : http).request(
      url,
      {
        method: 'POST',
        ...(secure ? { agent } : {}),
        headers: {
          'content-type': 'text/xml; charset=utf-8',
          'content-length': payload.length,
          ...options.headers,
        },
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxAnswerBytes) {
            request.destroy();
            fail(new SesTransportError('http', true, 'answer too large'));
            return;
          }
          chunks.push(chunk);
        });
        response.on('error', (err) => fail(new SesTransportError('network', true, err.message)));
        response.on('end', () => {
          if (settled) return;
          const status = response.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString('utf8');
          if (status === 401 || status === 403) {
            fail(new SesTransportError('unauthorized', true, 'credentials refused', status));
            return;
          }
          // A SOAP fault comes with 500; the reader turns it into SesSoapFault.
          const soap = /^\s*(<\?xml|<[A-Za-z_-]+:Envelope|<Envelope)/.test(text);
          if ((status < 200 || status >= 300) && !(status === 500 && soap)) {
            fail(new SesTransportError('http', true, `HTTP ${status}`, status));
            return;
          }
          settled = true;
          resolve(text);
        });
      },
    );
    // Past 'finish' the whole request is in the socket: the service may have it.
    request.on('finish', () => {
      written = true;
    });
    request.on('timeout', () => {
      request.destroy();
      fail(new SesTransportError('timeout', written, `no answer in ${timeoutMs} ms`));
    });
    request.on('error', (err: NodeJS.ErrnoException) => {
      const tlsError =
        /CERT|SSL|TLS|self.signed|unable to verify|altnames/i.test(err.code ?? '') ||
        /certificate|self.signed|unable to verify|altnames/i.test(err.message);
      fail(new SesTransportError(tlsError ? 'tls' : 'network', written, err.code ?? err.message));
    });
    request.end(payload);
  });
}
