/**
 * Encryption at rest for document images: AES-256-GCM with a random 96-bit nonce per item and
 * the record's identity as additional data, so a sealed blob cannot be moved to another row.
 *
 * Sealed layout: version (1 byte, 1) | key id (4 bytes: SHA-256 of the key) | nonce (12) |
 * tag (16) | ciphertext. The key id tells a wrong key apart from tampered data.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseEncryptionKey } from '../../config/env';

export interface DocumentCipher {
  /** Seals `plain`; `context` (e.g. the document id) must be given again to open it. */
  seal(plain: Buffer, context: string): Buffer;
  /** Opens a sealed blob; throws when the key, the context or the bytes do not match. */
  open(sealed: Buffer, context: string): Buffer;
}

const VERSION = 1;
const HEADER = 1 + 4 + 12 + 16;

export class DocumentDecryptionError extends Error {
  constructor(reason: string) {
    super(`document cannot be decrypted: ${reason}`);
    this.name = 'DocumentDecryptionError';
  }
}

export function createAesGcmCipher(key: Buffer): DocumentCipher {
  if (key.length !== 32) throw new Error('The encryption key must be 32 bytes');
  const keyId = createHash('sha256').update(key).digest().subarray(0, 4);
  return {
    seal(plain, context) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([Buffer.from([VERSION]), keyId, nonce, cipher.getAuthTag(), body]);
    },
    open(sealed, context) {
      if (sealed.length < HEADER || sealed[0] !== VERSION)
        throw new DocumentDecryptionError('unknown format');
      if (!sealed.subarray(1, 5).equals(keyId))
        throw new DocumentDecryptionError('encrypted with another key');
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(5, 17));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(sealed.subarray(17, 33));
      try {
        return Buffer.concat([decipher.update(sealed.subarray(HEADER)), decipher.final()]);
      } catch {
        throw new DocumentDecryptionError('authentication failed');
      }
    },
  };
}

export const KEY_FILE = 'encryption.key';

/**
 * The key: ENCRYPTION_KEY when set; else DATA_DIR/encryption.key, generated on first use with
 * mode 0600. Losing that file makes the stored document images unreadable: back it up.
 */
export async function loadEncryptionKey(config: {
  encryptionKey?: Buffer;
  dataDir: string;
}): Promise<Buffer> {
  if (config.encryptionKey) return config.encryptionKey;
  const file = path.join(config.dataDir, KEY_FILE);
  await fs.mkdir(config.dataDir, { recursive: true });
  try {
    await fs.writeFile(file, `${randomBytes(32).toString('base64')}\n`, {
      mode: 0o600,
      flag: 'wx',
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const key = parseEncryptionKey(await fs.readFile(file, 'utf8'));
  if (!key) throw new Error(`${file} does not hold a 32-byte key (64 hex characters or base64)`);
  return key;
}
