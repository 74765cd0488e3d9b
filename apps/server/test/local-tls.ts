import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * What the local stand-ins for the authorities' services (test/ses-service.ts,
 * test/a19-service.ts) check with Debian's own tools rather than with our code.
 */

/** A self-signed certificate for 127.0.0.1 and localhost, made by openssl for this run. */
export function makeLocalhostCertificate(tmp: string): { key: string; cert: string } {
  const key = path.join(tmp, 'key.pem');
  const cert = path.join(tmp, 'cert.pem');
  const result = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`openssl failed: ${result.stderr}`);
  return { key: fs.readFileSync(key, 'utf8'), cert: fs.readFileSync(cert, 'utf8') };
}

/** xmllint's complaints about `xml` against the schema `xsd` ('' when valid). */
export function xsdErrors(xml: string, xsd: string, tmp: string): string {
  const file = path.join(tmp, `${randomUUID()}.xml`);
  fs.writeFileSync(file, xml);
  const result = spawnSync('xmllint', ['--noout', '--schema', xsd, file], { encoding: 'utf8' });
  fs.rmSync(file, { force: true });
  if (result.error) throw new Error('xmllint is needed (apt-get install libxml2-utils)');
  return result.status === 0 ? '' : result.stderr;
}
