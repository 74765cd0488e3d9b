/**
 * WS-Security 1.0 for the A19 service (manual §2.1 and §4; WSDL policy
 * `wss10_x509_token_with_message_protection_service_policy`): a `wsse:Security` header with the
 * certificate as a BinarySecurityToken, a Timestamp, and one XML signature over the Body, the
 * Timestamp and the BinarySecurityToken, its key referred to the token. The algorithm suite is
 * the policy's Basic128 (RSA-SHA1 signature, SHA-1 digests), exclusive canonicalisation.
 *
 * The signature is computed by xml-crypto (decision 056); this module only lays out the header.
 */
import { randomUUID } from 'node:crypto';
import { SignedXml } from 'xml-crypto';
import type { A19Certificate } from './certificate';

export const SOAP_ENV = 'http://schemas.xmlsoap.org/soap/envelope/';
export const WSSE =
  'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd';
export const WSU =
  'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd';
const X509_TOKEN =
  'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-x509-token-profile-1.0#X509v3';
const BASE64_BINARY =
  'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-soap-message-security-1.0#Base64Binary';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';

/** How long a request's Timestamp is valid (the service refuses it after). */
export const TIMESTAMP_SECONDS = 300;

/** `2026-11-29T01:00:00.000Z` as WS-Security writes it. */
function utc(date: Date): string {
  return date.toISOString();
}

/**
 * The signed SOAP envelope around a body element (already serialised, declaring its own
 * namespaces). Ids are fresh per request.
 */
export function signedEnvelope(
  bodyContent: string,
  certificate: Pick<A19Certificate, 'keyPem' | 'certBase64'>,
  now: Date,
): string {
  const id = randomUUID().replace(/-/g, '').toUpperCase();
  const ids = { token: `X509-${id}`, timestamp: `TS-${id}`, body: `id-${id}` };
  const expires = new Date(now.getTime() + TIMESTAMP_SECONDS * 1000);
  const unsigned =
    `<soapenv:Envelope xmlns:soapenv="${SOAP_ENV}">` +
    '<soapenv:Header>' +
    `<wsse:Security xmlns:wsse="${WSSE}" xmlns:wsu="${WSU}" soapenv:mustUnderstand="1">` +
    `<wsse:BinarySecurityToken EncodingType="${BASE64_BINARY}" ValueType="${X509_TOKEN}" wsu:Id="${ids.token}">${certificate.certBase64}</wsse:BinarySecurityToken>` +
    `<wsu:Timestamp wsu:Id="${ids.timestamp}"><wsu:Created>${utc(now)}</wsu:Created><wsu:Expires>${utc(expires)}</wsu:Expires></wsu:Timestamp>` +
    '</wsse:Security>' +
    '</soapenv:Header>' +
    `<soapenv:Body xmlns:wsu="${WSU}" wsu:Id="${ids.body}">${bodyContent}</soapenv:Body>` +
    '</soapenv:Envelope>';

  const sig = new SignedXml({
    privateKey: certificate.keyPem,
    signatureAlgorithm: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
    canonicalizationAlgorithm: EXC_C14N,
    // wsu:Id is how WS-Security names the signed parts.
    idMode: 'wssecurity',
    getKeyInfoContent: () =>
      `<wsse:SecurityTokenReference xmlns:wsse="${WSSE}"><wsse:Reference URI="#${ids.token}" ValueType="${X509_TOKEN}"/></wsse:SecurityTokenReference>`,
  });
  for (const xpath of [
    `//*[local-name()='Timestamp' and namespace-uri()='${WSU}']`,
    `//*[local-name()='Body' and namespace-uri()='${SOAP_ENV}']`,
    `//*[local-name()='BinarySecurityToken' and namespace-uri()='${WSSE}']`,
  ]) {
    sig.addReference({
      xpath,
      transforms: [EXC_C14N],
      digestAlgorithm: 'http://www.w3.org/2000/09/xmldsig#sha1',
    });
  }
  sig.computeSignature(unsigned, {
    prefix: 'ds',
    location: {
      reference: `//*[local-name()='Security' and namespace-uri()='${WSSE}']`,
      action: 'append',
    },
  });
  return '<?xml version="1.0" encoding="UTF-8"?>' + sig.getSignedXml();
}
