/**
 * The establishment's certificate for the Ertzaintza's A19 service (decision 056): a PKCS#12 file
 * (.p12/.pfx) and its password, read with node-forge. What the signature needs (the private key,
 * the certificate) and what the owner is shown (subject, expiry) come out of it; the file itself
 * is kept sealed and opened only to sign a request.
 */
import forge from 'node-forge';

export type A19CertificateProblem = 'unreadable' | 'password' | 'noKey';

export class A19CertificateError extends Error {
  constructor(readonly problem: A19CertificateProblem) {
    super(`A19 certificate: ${problem}`);
    this.name = 'A19CertificateError';
  }
}

export interface A19Certificate {
  /** The private key, PEM (PKCS#8). */
  keyPem: string;
  /** The signing certificate, PEM. */
  certPem: string;
  /** The certificate, DER in Base64: the BinarySecurityToken's content. */
  certBase64: string;
  /** The subject as `CN=…, O=…` (RFC 4514 order reversed as usually shown). */
  subject: string;
  notBefore: Date;
  notAfter: Date;
}

function distinguishedName(attributes: forge.pki.CertificateField[]): string {
  return attributes
    .map((a) => `${a.shortName ?? a.name ?? a.type}=${String(a.value)}`)
    .reverse()
    .join(', ');
}

/** Reads a PKCS#12 file; throws A19CertificateError for a file or password it cannot use. */
export function readPkcs12(file: Buffer, password: string): A19Certificate {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(file.toString('binary')));
  } catch {
    throw new A19CertificateError('unreadable');
  }
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (err) {
    // node-forge tells a wrong password by the MAC (or the decryption) that fails.
    const message = err instanceof Error ? err.message : String(err);
    throw new A19CertificateError(
      /password|mac|decrypt|invalid/i.test(message) ? 'password' : 'unreadable',
    );
  }
  const keyBags = [
    ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag! })[
      forge.pki.oids.pkcs8ShroudedKeyBag!
    ] ?? []),
    ...(p12.getBags({ bagType: forge.pki.oids.keyBag! })[forge.pki.oids.keyBag!] ?? []),
  ];
  const key = keyBags.find((bag) => bag.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  const certs = (p12.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!] ?? [])
    .map((bag) => bag.cert)
    .filter((c): c is forge.pki.Certificate => !!c);
  if (!key || certs.length === 0) throw new A19CertificateError('noKey');
  // The certificate of the key (a file may carry its chain as well).
  const modulus = key.n.toString(16);
  const cert = certs.find(
    (c) => (c.publicKey as forge.pki.rsa.PublicKey).n?.toString(16) === modulus,
  );
  if (!cert) throw new A19CertificateError('noKey');
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes();
  return {
    keyPem: forge.pki.privateKeyInfoToPem(
      forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(key)),
    ),
    certPem: forge.pki.certificateToPem(cert),
    certBase64: forge.util.encode64(der),
    subject: distinguishedName(cert.subject.attributes),
    notBefore: cert.validity.notBefore,
    notAfter: cert.validity.notAfter,
  };
}
