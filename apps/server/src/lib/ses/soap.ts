/**
 * The SOAP messages of the SES.HOSPEDAJES "Servicio de Comunicación" v3.1.3 (reference
 * ses-hospedajes.md §1.1–1.9, WSDL `comunicacion.wsdl`): the envelopes Hospes sends and a reader
 * for the answers. Pure functions; the transport is in client.ts.
 *
 * - SOAP 1.1, document/literal. Only the operation element is in the WSDL's namespace; its
 *   children (`peticion`, `cabecera`, `solicitud`, `codigosLote`…) are unqualified.
 * - Answers are read by local name, whatever their prefixes: the manual's own examples write
 *   `codigoRetorno` where the XSD says `codigo`, `tipoComuniacion` and `resutadoComunicacion`,
 *   so both spellings are accepted. A number that is missing or empty is no answer at all.
 */
import { SaxesParser } from 'saxes';

export const SES_SOAP_NAMESPACE = 'http://www.soap.servicios.hospedajes.mir.es/comunicacion';
const ENVELOPE_NAMESPACE = 'http://schemas.xmlsoap.org/soap/envelope/';

/** `aplicacion` of the header: a free name of at most 50 characters (error 10150 beyond). */
export const SES_APPLICATION = 'Hospes';

export type SesKind = 'PV' | 'RH';

export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function envelope(body: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<soapenv:Envelope xmlns:soapenv="${ENVELOPE_NAMESPACE}" xmlns:com="${SES_SOAP_NAMESPACE}">` +
    `<soapenv:Header/><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`
  );
}

/** `comunicacion`, operation A (alta) of partes (PV) or reservas (RH): the zipped XML in Base64. */
export function altaEnvelope(input: ComunicacionInput): string {
  return comunicacionEnvelope('A', input);
}

/** The zipped XML of a `comunicacion` (Base64) with its header: what an alta and a cancellation share. */
interface ComunicacionInput {
  landlordCode: string;
  kind: SesKind;
  solicitud: string;
  application?: string;
}

function comunicacionEnvelope(operation: 'A' | 'B', input: ComunicacionInput): string {
  const application = (input.application ?? SES_APPLICATION).slice(0, 50);
  return envelope(
    '<com:comunicacionRequest><peticion><cabecera>' +
      `<codigoArrendador>${escapeXml(input.landlordCode)}</codigoArrendador>` +
      `<aplicacion>${escapeXml(application)}</aplicacion>` +
      `<tipoOperacion>${operation}</tipoOperacion>` +
      `<tipoComunicacion>${input.kind}</tipoComunicacion>` +
      `</cabecera><solicitud>${input.solicitud}</solicitud></peticion></com:comunicacionRequest>`,
  );
}

/** The namespace of the cancellation file (anularComunicacion.xsd: its elements are qualified). */
export const SES_CANCEL_NAMESPACE = 'http://www.neg.hospedajes.mir.es/anularComunicacion';

/**
 * The file of a cancellation (manual §3.1.1.6, Anexo III): the codes of the communications to
 * cancel, each a `codigoComunicacion` the service gave in a lote's result (never the lote).
 */
export function cancellationXml(codes: readonly string[]): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<anul:comunicaciones xmlns:anul="${SES_CANCEL_NAMESPACE}">` +
    codes
      .map((code) => `<anul:codigoComunicacion>${escapeXml(code)}</anul:codigoComunicacion>`)
      .join('') +
    '</anul:comunicaciones>'
  );
}

/**
 * `comunicacion`, operation B (anulación) of communications of one type (manual §3.1.1.6, which
 * names the type for B as for A): the cancellation file zipped in Base64. Asynchronous: answered
 * with a lote, processed later as an alta is.
 */
export function cancellationEnvelope(input: ComunicacionInput): string {
  return comunicacionEnvelope('B', input);
}

/** `consultaComunicacion` (manual §3.3): what the service holds under at most 10 codes. */
export function consultaComunicacionEnvelope(codes: readonly string[]): string {
  return envelope(
    '<com:consultaComunicacionRequest><codigos>' +
      codes.map((code) => `<codigo>${escapeXml(code)}</codigo>`).join('') +
      '</codigos></com:consultaComunicacionRequest>',
  );
}

/** `consultaLote`: the state and results of at most 10 lotes (synchronous). */
export function consultaLoteEnvelope(lotes: readonly string[]): string {
  return envelope(
    '<com:consultaLoteRequest><codigosLote>' +
      lotes.map((lote) => `<lote>${escapeXml(lote)}</lote>`).join('') +
      '</codigosLote></com:consultaLoteRequest>',
  );
}

/** `catalogo`: a code table; with an empty name, the list of tables (used to check credentials). */
export function catalogoEnvelope(table = ''): string {
  return envelope(
    `<com:catalogoRequest><peticion><catalogo>${escapeXml(table)}</catalogo></peticion></com:catalogoRequest>`,
  );
}

/** An element of an answer: its local name, text and children, namespaces dropped. */
export interface XmlNode {
  name: string;
  text: string;
  children: XmlNode[];
}

export class SesMalformedAnswer extends Error {
  constructor(reason: string) {
    super(`The SES answer cannot be read: ${reason}`);
    this.name = 'SesMalformedAnswer';
  }
}

/**
 * Parses XML into nodes by local name. saxes is a strict, non-validating parser: it neither reads
 * a DTD nor expands entities other than the five predefined ones, so an answer cannot make the
 * server fetch or expand anything.
 */
export function parseXml(xml: string): XmlNode {
  const parser = new SaxesParser({ xmlns: true });
  const root: XmlNode = { name: '#document', text: '', children: [] };
  const stack: XmlNode[] = [root];
  parser.on('opentag', (tag) => {
    const node: XmlNode = { name: tag.local ?? tag.name, text: '', children: [] };
    stack[stack.length - 1]!.children.push(node);
    stack.push(node);
  });
  parser.on('text', (text) => {
    stack[stack.length - 1]!.text += text;
  });
  parser.on('cdata', (text) => {
    stack[stack.length - 1]!.text += text;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.on('doctype', () => {
    throw new SesMalformedAnswer('a document type declaration');
  });
  try {
    parser.write(xml).close();
  } catch (err) {
    if (err instanceof SesMalformedAnswer) throw err;
    throw new SesMalformedAnswer(err instanceof Error ? err.message : String(err));
  }
  return root;
}

/** The first descendant (depth first) with one of these local names. */
export function find(node: XmlNode, ...names: string[]): XmlNode | undefined {
  for (const child of node.children) {
    if (names.includes(child.name)) return child;
    const deeper = find(child, ...names);
    if (deeper) return deeper;
  }
  return undefined;
}

/** The direct children with this local name. */
export function childrenNamed(node: XmlNode, name: string): XmlNode[] {
  return node.children.filter((child) => child.name === name);
}

function childText(node: XmlNode, ...names: string[]): string | undefined {
  const child = node.children.find((c) => names.includes(c.name));
  return child ? child.text.trim() : undefined;
}

/** An integer child, or NaN when it is missing, empty or not a whole number. */
function childInteger(node: XmlNode, ...names: string[]): number {
  const text = childText(node, ...names);
  return text && /^-?\d+$/.test(text) ? Number(text) : NaN;
}

/** The body of an envelope; a SOAP Fault becomes SesSoapFault. */
export function soapBody(xml: string): XmlNode {
  const document = parseXml(xml);
  const body = find(document, 'Body');
  if (!body) throw new SesMalformedAnswer('no SOAP Body');
  const fault = find(body, 'Fault');
  if (fault) {
    throw new SesSoapFault(
      childText(fault, 'faultcode') ?? '',
      childText(fault, 'faultstring') ?? find(fault, 'Text')?.text.trim() ?? '',
    );
  }
  return body;
}

export class SesSoapFault extends Error {
  constructor(
    readonly faultCode: string,
    readonly faultString: string,
  ) {
    super(`SES SOAP fault ${faultCode}: ${faultString}`);
    this.name = 'SesSoapFault';
  }
}

/** `codigo` (or the manual's `codigoRetorno`) and `descripcion` of a `respuesta` or `resultado`. */
export interface SesReturnCode {
  code: number;
  description: string;
}

function returnCode(node: XmlNode | undefined, what: string): SesReturnCode {
  if (!node) throw new SesMalformedAnswer(`no ${what}`);
  const code = childInteger(node, 'codigo', 'codigoRetorno');
  if (!Number.isInteger(code)) throw new SesMalformedAnswer(`no code in ${what}`);
  return { code, description: childText(node, 'descripcion') ?? '' };
}

/** The answer to an alta: `codigo` 0 and the lote when the request was queued. */
export interface SesAltaAnswer extends SesReturnCode {
  lote: string | null;
}

export function readAltaAnswer(xml: string): SesAltaAnswer {
  const body = soapBody(xml);
  const response = find(body, 'comunicacionResponse');
  if (!response) throw new SesMalformedAnswer('no comunicacionResponse');
  const respuesta = find(response, 'respuesta');
  const answer = returnCode(respuesta, 'respuesta');
  const lote = respuesta && childText(respuesta, 'lote');
  if (answer.code === 0 && !lote) throw new SesMalformedAnswer('an accepted request without lote');
  return { ...answer, lote: lote || null };
}

/** The result of one communication of a lote (`resultadoComunicacion`). */
export interface SesCommunicationResult {
  /** 1-based position of the communication in the request. */
  order: number;
  /** Present when it was stored. */
  communicationCode: string | null;
  errorType: string | null;
  error: string | null;
  cancelled: boolean;
}

/** The state of a lote (`wscomunicacionType`). */
export interface SesLoteResult {
  lote: string;
  /** 1 processed, 2 header or format errors, 3 unexpected error, 4 in process, 5 pending, 6 some communications with errors. */
  state: number;
  stateText: string;
  requestedAt: string | null;
  processedAt: string | null;
  communications: SesCommunicationResult[];
}

export const LOTE_STATE = {
  processed: 1,
  formatErrors: 2,
  unexpectedError: 3,
  inProcess: 4,
  pending: 5,
  someErrors: 6,
} as const;

function loteResult(node: XmlNode): SesLoteResult {
  const state = childInteger(node, 'codigoEstado');
  const lote = childText(node, 'lote');
  if (!lote || !Number.isInteger(state)) throw new SesMalformedAnswer('a lote without state');
  // The manual's own example writes `resutadoComunicacion`: both spellings are read.
  const results = find(node, 'resultadoComunicaciones', 'resutadoComunicaciones');
  const communications = (
    results
      ? results.children.filter(
          (c) => c.name === 'resultadoComunicacion' || c.name === 'resutadoComunicacion',
        )
      : []
  ).map((c): SesCommunicationResult => ({
    order: childInteger(c, 'orden'),
    communicationCode: childText(c, 'codigoComunicacion') || null,
    errorType: childText(c, 'tipoError') || null,
    error: childText(c, 'error') || null,
    cancelled: childText(c, 'anulada') === 'true',
  }));
  return {
    lote,
    state,
    stateText: childText(node, 'descEstado') ?? '',
    requestedAt: childText(node, 'fechaPeticion') || null,
    processedAt: childText(node, 'fechaProcesamiento') || null,
    communications: communications.filter((c) => Number.isInteger(c.order) && c.order > 0),
  };
}

/** The answer to consultaLote: its return code and a result per lote found. */
export function readConsultaLoteAnswer(xml: string): SesReturnCode & { lotes: SesLoteResult[] } {
  const body = soapBody(xml);
  const response = find(body, 'consultaLoteResponse', 'comunicacionResponse');
  if (!response) throw new SesMalformedAnswer('no consultaLoteResponse');
  const answer = returnCode(find(response, 'respuesta'), 'respuesta');
  return { ...answer, lotes: childrenNamed(response, 'resultado').map(loteResult) };
}

/** The answer to catalogo: its return code and the rows (code, description). */
export function readCatalogoAnswer(
  xml: string,
): SesReturnCode & { rows: { code: string; description: string }[] } {
  const body = soapBody(xml);
  const response = find(body, 'catalogoResponse');
  if (!response) throw new SesMalformedAnswer('no catalogoResponse');
  const answer = returnCode(childrenNamed(response, 'resultado')[0], 'resultado');
  const respuesta = childrenNamed(response, 'respuesta')[0];
  const rows = respuesta
    ? childrenNamed(find(respuesta, 'resultado') ?? respuesta, 'tupla').map((t) => ({
        code: childText(t, 'codigo') ?? '',
        description: childText(t, 'descripcion') ?? '',
      }))
    : [];
  return { ...answer, rows };
}

/**
 * A communication as the service holds it (`comunicacionType`, manual §3.3.2): its code, type,
 * whether it was cancelled, and the contract's reference and dates. The persons it holds are only
 * counted: their data stays with the Ministry.
 */
export interface SesHeldCommunication {
  code: string;
  kind: string;
  cancelled: boolean;
  reference: string | null;
  contractDate: string | null;
  startDate: string | null;
  endDate: string | null;
  registeredAt: string | null;
  persons: number;
}

/**
 * The answer to consultaComunicacion: its return code and the communications found. A code that
 * does not exist, or belongs to another entity, is simply not among them (manual §3.3).
 */
export function readConsultaComunicacionAnswer(
  xml: string,
): SesReturnCode & { communications: SesHeldCommunication[] } {
  const body = soapBody(xml);
  const response = find(body, 'consultaComunicacionResponse');
  if (!response) throw new SesMalformedAnswer('no consultaComunicacionResponse');
  const answer = returnCode(childrenNamed(response, 'resultado')[0], 'resultado');
  const communications = childrenNamed(response, 'comunicacion').map((c) => {
    const code = childText(c, 'codigo');
    if (!code) throw new SesMalformedAnswer('a communication without code');
    const personas = childrenNamed(c, 'personas')[0];
    return {
      code,
      kind: childText(c, 'tipo') ?? '',
      cancelled: childText(c, 'anulada') === 'true',
      reference: childText(c, 'referencia') || null,
      contractDate: childText(c, 'fechaContrato') || null,
      startDate: childText(c, 'fechaInicio') || null,
      endDate: childText(c, 'fechaFin') || null,
      registeredAt: childText(c, 'fechaAlta') || null,
      persons: personas ? childrenNamed(personas, 'persona').length : 0,
    };
  });
  return { ...answer, communications };
}
