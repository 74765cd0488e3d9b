import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env';
import {
  createAesGcmCipher,
  DocumentDecryptionError,
  KEY_FILE,
  loadEncryptionKey,
} from './document-cipher';
import { decodeImageDataUrl, sniffImageType } from './images';
import { dataUrl, jpegBytes, PNG_BYTES, WEBP_BYTES } from '../../../test/traveler-factories';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

describe('document cipher (AES-256-GCM)', () => {
  const key = randomBytes(32);
  const cipher = createAesGcmCipher(key);

  it('round-trips, never stores the plain bytes, and uses a fresh nonce each time', () => {
    const plain = jpegBytes(4096);
    const sealed = cipher.seal(plain, 'pilgrim-document:a:b');
    expect(sealed.length).toBe(plain.length + 33);
    expect(sealed.includes(plain.subarray(0, 64))).toBe(false);
    expect(cipher.seal(plain, 'pilgrim-document:a:b').equals(sealed)).toBe(false);
    expect(cipher.open(sealed, 'pilgrim-document:a:b').equals(plain)).toBe(true);
  });

  it('refuses another record’s context, tampered bytes and another key', () => {
    const sealed = cipher.seal(Buffer.from('secret'), 'ctx-1');
    expect(() => cipher.open(sealed, 'ctx-2')).toThrow(DocumentDecryptionError);
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1] = tampered[tampered.length - 1]! ^ 1;
    expect(() => cipher.open(tampered, 'ctx-1')).toThrow('authentication failed');
    expect(() => createAesGcmCipher(randomBytes(32)).open(sealed, 'ctx-1')).toThrow(
      'encrypted with another key',
    );
    expect(() => createAesGcmCipher(randomBytes(16))).toThrow();
  });
});

describe('encryption key', () => {
  it('is generated once into DATA_DIR/encryption.key with mode 0600 when ENCRYPTION_KEY is unset', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hospes-key-'));
    dirs.push(dataDir);
    const first = await loadEncryptionKey({ dataDir });
    const again = await loadEncryptionKey({ dataDir });
    expect(first).toHaveLength(32);
    expect(again.equals(first)).toBe(true);
    const stat = await fs.stat(path.join(dataDir, KEY_FILE));
    expect(stat.mode & 0o777).toBe(0o600);
  });

  it('comes from ENCRYPTION_KEY as 64 hex characters or base64; anything else stops the start', async () => {
    const raw = randomBytes(32);
    expect(loadConfig({ ENCRYPTION_KEY: raw.toString('hex') }).encryptionKey?.equals(raw)).toBe(
      true,
    );
    expect(loadConfig({ ENCRYPTION_KEY: raw.toString('base64') }).encryptionKey?.equals(raw)).toBe(
      true,
    );
    expect(
      loadConfig({ ENCRYPTION_KEY: raw.toString('base64url') }).encryptionKey?.equals(raw),
    ).toBe(true);
    expect(loadConfig({}).encryptionKey).toBeUndefined();
    expect(() => loadConfig({ ENCRYPTION_KEY: 'too-short' })).toThrow(ConfigError);
    expect(() => loadConfig({ ENCRYPTION_KEY: randomBytes(16).toString('hex') })).toThrow(
      /ENCRYPTION_KEY/,
    );
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hospes-key-'));
    dirs.push(dataDir);
    expect((await loadEncryptionKey({ dataDir, encryptionKey: raw })).equals(raw)).toBe(true);
    await expect(fs.stat(path.join(dataDir, KEY_FILE))).rejects.toThrow();
  });
});

describe('images by content', () => {
  it('recognises JPEG, PNG and WebP by their bytes, whatever the declared type', () => {
    expect(sniffImageType(jpegBytes(10))).toBe('image/jpeg');
    expect(sniffImageType(PNG_BYTES)).toBe('image/png');
    expect(sniffImageType(WEBP_BYTES)).toBe('image/webp');
    expect(sniffImageType(Buffer.from('GIF89a'))).toBeNull();
    const png = decodeImageDataUrl(dataUrl(PNG_BYTES, 'image/jpeg'));
    expect(png).toMatchObject({ ok: true, mimeType: 'image/png', extension: 'png' });
    expect(decodeImageDataUrl(dataUrl(Buffer.from('hello, I am text'), 'image/png'))).toEqual({
      ok: false,
      reason: 'type',
    });
    expect(decodeImageDataUrl('data:image/png,plain')).toEqual({ ok: false, reason: 'type' });
  });

  it('refuses more than the limit, decoded', () => {
    const bytes = jpegBytes(100);
    expect(decodeImageDataUrl(dataUrl(bytes), bytes.length).ok).toBe(true);
    expect(decodeImageDataUrl(dataUrl(bytes), bytes.length - 1)).toEqual({
      ok: false,
      reason: 'size',
    });
  });
});
