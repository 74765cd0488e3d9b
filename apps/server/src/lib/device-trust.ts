import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device tokens (OWASP's "device cookies"): a browser that has signed in to an account before
 * shows it on its next login, and is then counted on its own instead of by the account's
 * counter of failed logins. Somebody who types wrong passwords for an account from elsewhere
 * locks out only the browsers that have never signed in to it
 * (docs/decisions/004-sessions-and-login-protection.md).
 *
 * A token is `<issued, seconds>.<id>.<signature>`, the signature an HMAC over the account's login
 * e-mail, a stamp of its credentials (see credentialStamp), the time and the id, with a key derived
 * from the server's encryption key. Nothing is stored: a token is good for one account for
 * `DEVICE_TOKEN_DAYS` days, and each login hands out a new one; a change of the login e-mail or of
 * the password (a reset too) ends every token of the account.
 */
export const DEVICE_TOKEN_DAYS = 180;

export interface DeviceTrust {
  /** A new token for the account with these credentials. */
  issue(accountKey: string, stamp: string): string;
  /**
   * The token's id when it is genuine, for this account and these credentials, and not expired;
   * else undefined.
   */
  verify(token: string | undefined, accountKey: string, stamp: string): string | undefined;
}

/** What ties a token to the account's current password: a digest of its stored hash. */
export const credentialStamp = (passwordHash: string) =>
  createHash('sha256').update(passwordHash).digest('base64url');

export function createDeviceTrust(options: { key?: Buffer; now?: () => Date } = {}): DeviceTrust {
  const secret = Buffer.from(
    hkdfSync(
      'sha256',
      options.key ?? randomBytes(32),
      Buffer.alloc(0),
      'hospes device trust v1',
      32,
    ),
  );
  const now = options.now ?? (() => new Date());
  const sign = (accountKey: string, stamp: string, issued: string, id: string) =>
    createHmac('sha256', secret).update(`${accountKey}\n${stamp}\n${issued}\n${id}`).digest();

  return {
    issue(accountKey, stamp) {
      const issued = String(Math.floor(now().getTime() / 1000));
      const id = randomBytes(16).toString('base64url');
      return `${issued}.${id}.${sign(accountKey, stamp, issued, id).toString('base64url')}`;
    },
    verify(token, accountKey, stamp) {
      if (!token) return undefined;
      const [issued, id, signature, ...rest] = token.split('.');
      if (rest.length > 0 || !issued || !id || !signature || !/^\d{1,12}$/.test(issued)) {
        return undefined;
      }
      const given = Buffer.from(signature, 'base64url');
      const expected = sign(accountKey, stamp, issued, id);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      const ageSeconds = now().getTime() / 1000 - Number(issued);
      if (ageSeconds < -300 || ageSeconds > DEVICE_TOKEN_DAYS * 24 * 60 * 60) return undefined;
      return id;
    },
  };
}
