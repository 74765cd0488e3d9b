/**
 * Accounts and sessions: registration, e-mail verification, login, profile, password links and
 * changes (and the notice to an account whose address someone tried to register again). One file,
 * over 500 lines, on purpose: every method goes through the limiters,
 * the session and link helpers and the timing equaliser defined at its top, and the protection of
 * a login or a password reset is reviewed by reading its one path through them (decision 004);
 * split, those helpers would have to become a public surface of their own.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { isLanguage, type Language } from '@hospes/shared/languages';
import type { RegisterEstablishmentInput, UpdateProfileInput } from '@hospes/shared/auth';
import type { Db } from '../../db/client';
import { constraintName, isUniqueViolation } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hashPassword, hashToken, newToken, verifyPassword } from '../../lib/crypto';
import type { Mailer } from '../../lib/mail/mailer';
import {
  actionMail,
  emailChangedMail,
  loginLockedMail,
  registrationAttemptMail,
  type ActionMailKind,
} from '../../lib/mail/templates';
import { createDeviceTrust, credentialStamp } from '../../lib/device-trust';
import { checkNewPassword } from '../../lib/password-policy';
import {
  clientKey,
  limitMax,
  memoryLimiterStore,
  type LimiterStore,
  type RateLimit,
} from '../../lib/rate-limiter';
import type { AuditContext, AuditRepository } from '../audit';
import type { EstablishmentSignup as EstablishmentsRepository } from '../establishments';
import {
  toUserDto,
  type SessionsRepository,
  type TokenPurpose,
  type TokensRepository,
  type UsersRepository,
} from '../users';

/** How long a session lasts unless SESSION_HOURS or the admin's settings say otherwise. */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
  set_password: 7 * 24 * 60 * 60 * 1000,
  sign_in: 15 * 60 * 1000,
};
const MAIL_KIND: Record<TokenPurpose, ActionMailKind> = {
  verify_email: 'verify',
  reset_password: 'reset',
  set_password: 'setPassword',
  sign_in: 'signIn',
};
const LINK_PATH: Record<TokenPurpose, string> = {
  verify_email: '/verify-email',
  reset_password: '/recover-pass',
  set_password: '/recover-pass',
  sign_in: '/sign-in-link',
};
/** Every kind of e-mailed link: a new password or a new login e-mail retires them all. */
const LINK_PURPOSES = Object.keys(TOKEN_TTL_MS) as TokenPurpose[];

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Calls per client address and hour (docs/decisions/004-sessions-and-login-protection.md). */
export interface AuthLimits {
  /** Registrations: each creates an account, reserves an e-mail and a NIF, and sends a mail. */
  registrationsPerHour: number;
  /** Forgot-password, resend-verification and sign-in links together, over every e-mail asked for. */
  linkRequestsPerHour: number;
  /**
   * Wrong passwords for one account, from every address, in 24 hours: past them its password
   * sign-in waits for the e-mailed sign-in link or a known browser (decision 049).
   */
  accountFailuresPerDay: number | (() => Promise<number>);
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  registrationsPerHour: 10,
  linkRequestsPerHour: 20,
  accountFailuresPerDay: 50,
};

/**
 * Progressive waits after wrong passwords (decision 049): per account and address (or per known
 * browser), the first 3 are free, then 1 s, 2 s, 4 s… up to 15 minutes, remembered 24 hours (a
 * right password clears them); per address over every account, the first 10 in an hour (an office
 * behind one address shares them: they are not cleared by one person's right password).
 */
export const LOGIN_DELAYS = {
  perAccountAndAddress: { free: 3, firstWaitSeconds: 1, maxWaitSeconds: 15 * 60, windowMs: DAY },
  perAddress: { free: 10, firstWaitSeconds: 1, maxWaitSeconds: 15 * 60, windowMs: HOUR },
};

export interface RequestMeta {
  ip: string;
  userAgent?: string;
  lng: Language;
}

export interface AuthServiceDeps {
  db: Db;
  users: UsersRepository;
  sessions: SessionsRepository;
  tokens: TokensRepository;
  establishments: EstablishmentsRepository;
  audit: AuditRepository;
  mailer: Mailer;
  appUrl: string;
  log: FastifyBaseLogger;
  now?: () => Date;
  limits?: Partial<AuthLimits>;
  /** Signs device tokens (lib/device-trust.ts); a random key when absent (tests). */
  deviceKey?: Buffer;
  /** Where the limits are counted (shared by every process: decision 046); memory when absent. */
  limiters?: LimiterStore;
  /**
   * How long a new session lasts, asked at each sign-in (the admin's setting, decision 062);
   * SESSION_TTL_MS when absent.
   */
  sessionTtlMs?: (tx?: Db) => Promise<number>;
}

/** The background mails that carry no link. */
type MailPurpose = 'login_locked' | 'registration_attempt';

export function createAuthService(deps: AuthServiceDeps) {
  const { db, users, sessions, tokens, establishments, audit, mailer, appUrl, log } = deps;
  const now = deps.now ?? (() => new Date());
  const limits = { ...DEFAULT_AUTH_LIMITS, ...deps.limits };
  const limiters = deps.limiters ?? memoryLimiterStore();
  const sessionTtlMs = deps.sessionTtlMs ?? (async () => SESSION_TTL_MS);
  // Wrong passwords (decision 049). The account's ceiling over every address: past it, 429
  // LOGIN_LOCKED for the rest of its 24 hours, but for known browsers and the e-mailed link.
  const accountFailures = limiters.create({
    name: 'login-account-day',
    // A function when the administrator may change it while the server runs (decision 062).
    max: limits.accountFailuresPerDay,
    windowMs: DAY,
  });
  // The owner is told once per lock.
  const lockNotices = limiters.create({ name: 'login-lock-notice', max: 1, windowMs: DAY });
  // Progressive waits per account and address: guesses from one address make only that address
  // wait, so nobody can lock the owner out from elsewhere.
  const pairDelay = limiters.delay({ name: 'login-pair', ...LOGIN_DELAYS.perAccountAndAddress });
  const pairKey = (accountKey: string, ip: string) => `${accountKey}\n${clientKey(ip)}`;
  // A browser that has signed in to the account before (its device token), or a session, waits
  // on its own count instead, and is not held to the account's ceiling (decision 004).
  const knownDelay = limiters.delay({ name: 'login-known', ...LOGIN_DELAYS.perAccountAndAddress });
  const devices = createDeviceTrust({ key: deps.deviceKey, now });
  // Per address over every account (a sweep of many accounts from one address).
  const addressDelay = limiters.delay({
    name: 'login-address',
    ...LOGIN_DELAYS.perAddress,
    keyOf: clientKey,
  });
  // Mail-sending calls: at most 5 an hour per e-mail address, so nobody can flood an inbox...
  const mailRequests = limiters.create({ name: 'mail-requests', max: 5, windowMs: HOUR });
  // ...and a limit per client address, so one client cannot ask for unbounded e-mail addresses.
  const linkRequestsPerClient = limiters.create({
    name: 'link-requests',
    max: limits.linkRequestsPerHour,
    windowMs: HOUR,
    keyOf: clientKey,
  });
  const registrationsPerClient = limiters.create({
    name: 'registrations',
    max: limits.registrationsPerHour,
    windowMs: HOUR,
    keyOf: clientKey,
  });
  // Links e-mailed in the background (forgot-password, resend-verification): the answer does not
  // wait for the database or SMTP, so it takes as long whether or not the account exists.
  const deliveries = new Set<Promise<void>>();
  // Compared against when the e-mail is unknown, so both paths cost one argon2 verification.
  const dummyHash = hashPassword('timing-equaliser-not-a-password');

  async function openSession(userId: string, meta: Omit<RequestMeta, 'lng'>, tx: Db = db) {
    const { token, hash } = newToken();
    const at = now();
    const expiresAt = new Date(at.getTime() + (await sessionTtlMs(tx === db ? undefined : tx)));
    await sessions.insert(
      {
        userId,
        tokenHash: hash,
        expiresAt,
        ip: meta.ip.slice(0, 64),
        userAgent: meta.userAgent?.slice(0, 300),
      },
      tx,
    );
    const user = await users.update(userId, { lastLoginAt: at }, tx);
    return { token, user: toUserDto(user!), expiresAt };
  }

  /**
   * Creates a one-time link and e-mails it. The caller decides whether a failure matters. The
   * link is created only while the account still has the e-mail (and, when given, the password
   * hash) the caller read: a forgot-password that runs in the background at the moment of a
   * password or e-mail change (whose transaction retires every link) must not leave a link that
   * outlives the change, nor mail the address the account has just left.
   */
  async function issueLink(
    user: { id: string; email: string; name: string; passwordHash?: string },
    purpose: TokenPurpose,
    lng: Language,
    extra: { establishment?: string } = {},
  ) {
    const { token, hash } = newToken();
    const issued = await db.transaction(async (tx) => {
      const current = await users.lockCredentials(user.id, tx);
      if (
        !current ||
        current.email !== user.email ||
        (user.passwordHash !== undefined && current.passwordHash !== user.passwordHash)
      ) {
        return false;
      }
      await tokens.retire(user.id, purpose, tx);
      await tokens.insert(
        {
          userId: user.id,
          purpose,
          tokenHash: hash,
          expiresAt: new Date(now().getTime() + TOKEN_TTL_MS[purpose]),
        },
        tx,
      );
      return true;
    });
    if (!issued) {
      log.info({ purpose }, 'no link sent: the account changed since it was read');
      return;
    }
    const url = `${appUrl}${LINK_PATH[purpose]}?token=${encodeURIComponent(token)}${purpose === 'set_password' ? '&welcome=1' : ''}&lng=${lng}`;
    await mailer.send(
      actionMail(lng, MAIL_KIND[purpose], user.email, { name: user.name, url, ...extra }),
    );
  }

  /**
   * Refuses with 429 while a wrong password made the next attempt wait (TOO_MANY_REQUESTS), or the
   * account is past its ceiling (LOGIN_LOCKED); the same counters serve the login, the e-mail
   * change and the password change. The wait is per account and address, or, for a known browser
   * (`known`: the id of a login's device token, or the session a change is made in), per browser,
   * which the ceiling does not hold either; and per address over every account.
   */
  async function checkPasswordGuessLimit(accountKey: string, ip: string, known?: string) {
    const [own, address, locked] = await Promise.all([
      known ? knownDelay.wait(known) : pairDelay.wait(pairKey(accountKey, ip)),
      addressDelay.wait(ip),
      known ? 0 : accountFailures.retryAfter(accountKey),
    ]);
    if (locked > 0) throw new AppError('LOGIN_LOCKED', { params: { retryAfter: locked } });
    if (own > 0 || address > 0) {
      throw new AppError('TOO_MANY_REQUESTS', { params: { retryAfter: Math.max(own, address) } });
    }
  }

  /**
   * A wrong password counts for the account's ceiling, for the account and address (or the known
   * browser) and for the address. The failure that reaches the ceiling e-mails the owner, once
   * per lock.
   */
  async function countPasswordFailure(accountKey: string, ip: string, known?: string) {
    await Promise.all([
      accountFailures.hit(accountKey),
      known ? knownDelay.fail(known) : pairDelay.fail(pairKey(accountKey, ip)),
      addressDelay.fail(ip),
    ]);
    if ((await accountFailures.retryAfter(accountKey)) > 0) tellOfLock(accountKey, ip);
  }

  /**
   * A right password clears the wait of the known browser, or else of the account and address; the
   * account's ceiling and the address's count stay (other people's guesses).
   */
  async function clearPasswordFailures(accountKey: string, ip: string, known?: string) {
    if (known) await knownDelay.reset(known);
    else await pairDelay.reset(pairKey(accountKey, ip));
  }

  /**
   * E-mails the owner of a locked account, once per lock, after the answer: when, how many wrong
   * passwords, the address of the last, and the ways back in (the sign-in link, a new password).
   * Nothing for an unknown e-mail or a disabled account. A failure is logged.
   */
  function tellOfLock(accountKey: string, ip: string) {
    const at = now();
    inBackground('login_locked', async () => {
      if ((await lockNotices.take(accountKey)) > 0) return;
      const user = await users.findByEmail(accountKey);
      if (!user || !user.isActive) return;
      const language = isLanguage(user.language) ? user.language : 'es';
      await mailer.send(
        loginLockedMail(language, user.email, {
          name: user.name,
          failures: await limitMax(limits.accountFailuresPerDay)(),
          at,
          address: ip,
          signInLinkUrl: `${appUrl}/sign-in-link?lng=${language}`,
          forgotPasswordUrl: `${appUrl}/forgot-pass?lng=${language}`,
        }),
      );
    });
  }

  /** Counts a call against a limit per client address: 429 with Retry-After past it. */
  async function take(limiter: RateLimit, ip: string) {
    const retryAfter = await limiter.take(ip);
    if (retryAfter > 0) throw new AppError('TOO_MANY_REQUESTS', { params: { retryAfter } });
  }

  /**
   * Runs a lookup and its mail after the answer, so that the answer takes as long whether or not
   * a mail is sent (and never waits for SMTP); a failure is logged, never thrown.
   */
  function inBackground(purpose: TokenPurpose | MailPurpose, work: () => Promise<void>) {
    const delivery = Promise.resolve()
      .then(work)
      .catch((err: unknown) => {
        log.error({ err, purpose }, 'could not send an e-mail');
      })
      .finally(() => deliveries.delete(delivery));
    deliveries.add(delivery);
  }

  /** Retires every outstanding e-mailed link of a user (in the caller's transaction). */
  async function retireLinks(userId: string, tx: Db) {
    for (const purpose of LINK_PURPOSES) await tokens.retire(userId, purpose, tx);
  }

  /**
   * Tells an account that someone tried to register with its e-mail, in the account's language;
   * at most 5 an hour per address, like every mail anyone can ask for. A failure is logged.
   */
  function tellOfRegistrationAttempt(
    user: { email: string; name: string; language: string; isActive: boolean },
    lng: Language,
  ) {
    // After the answer: whether the account is active, or already told, must not show in its time.
    inBackground('registration_attempt', async () => {
      const key = `registered:${user.email}`;
      if (!user.isActive || (await mailRequests.take(key)) > 0) return;
      const language = isLanguage(user.language) ? user.language : lng;
      await mailer.send(
        registrationAttemptMail(language, user.email, {
          name: user.name,
          loginUrl: `${appUrl}/login?lng=${language}`,
          forgotPasswordUrl: `${appUrl}/forgot-pass?lng=${language}`,
        }),
      );
    });
  }

  return {
    issueLink,

    async registerEstablishment(input: RegisterEstablishmentInput, meta: RequestMeta) {
      await take(registrationsPerClient, meta.ip);
      if (input.acceptTerms !== true || input.acceptPrivacy !== true) {
        throw new AppError('TERMS_NOT_ACCEPTED', {
          details: [
            ...(input.acceptTerms !== true
              ? [{ field: 'acceptTerms', message: '', code: 'validation.termsRequired' }]
              : []),
            ...(input.acceptPrivacy !== true
              ? [{ field: 'acceptPrivacy', message: '', code: 'validation.privacyRequired' }]
              : []),
          ],
        });
      }
      await checkNewPassword(input.account.password, 'account.password');
      const passwordHash = await hashPassword(input.account.password);
      let created;
      try {
        created = await db.transaction(async (tx) => {
          // An establishment's NIF is public: a known one may be told. A known e-mail is not
          // (decision 040): its account is e-mailed instead, and the answer is a new one's. Its
          // NIF is held as a new account's would be (decision 049), so that registering the NIF
          // again answers the same either way.
          if (await establishments.isNifTaken(input.establishment.nif, tx))
            throw new AppError('EMAIL_OR_NIF_TAKEN');
          const existing = await users.findByEmail(input.account.email, tx);
          if (existing) {
            await establishments.holdNif(input.establishment.nif, tx);
            return { taken: true as const, existing };
          }
          const user = await users.insert(
            {
              email: input.account.email,
              name: input.account.name,
              passwordHash,
              role: 'user',
              language: meta.lng,
            },
            tx,
          );
          const establishment = await establishments.insertWithOwner(
            { ...input.establishment, ...input.contact, status: 'active' },
            user.id,
            tx,
          );
          return { taken: false as const, user, establishment };
        });
      } catch (err) {
        // A registration of the same e-mail at the same moment: answered as a known e-mail, and
        // its NIF held as one's.
        if (isUniqueViolation(err) && constraintName(err) === 'users_email_unique') {
          const existing = await users.findByEmail(input.account.email);
          if (existing) {
            await establishments.holdNif(input.establishment.nif);
            created = { taken: true as const, existing };
          }
        }
        if (!created) {
          if (isUniqueViolation(err)) throw new AppError('EMAIL_OR_NIF_TAKEN', { cause: err });
          throw err;
        }
      }
      if (created.taken) {
        tellOfRegistrationAttempt(created.existing, meta.lng);
        return { userId: randomUUID(), establishmentId: randomUUID(), email: input.account.email };
      }
      // After the answer, as the notice above: the answer never waits for SMTP.
      const { user: newUser, establishment } = created;
      inBackground('verify_email', () =>
        issueLink(newUser, 'verify_email', meta.lng, { establishment: establishment.name }),
      );
      return {
        userId: created.user.id,
        establishmentId: created.establishment.id,
        email: created.user.email,
      };
    },

    async verifyEmail(token: string, meta: RequestMeta) {
      const row = await tokens.findByHash(hashToken(token), ['verify_email']);
      if (!row || row.usedAt || row.expiresAt <= now())
        throw new AppError('VERIFICATION_LINK_INVALID');
      const user = row.userId ? await users.findById(row.userId) : null;
      if (!user) throw new AppError('USER_NOT_FOUND');
      if (!user.isActive) throw new AppError('ACCOUNT_DISABLED');
      return db.transaction(async (tx) => {
        // The account's row first, as every change of its links does (issueLink): no deadlock.
        await users.lockCredentials(user.id, tx);
        if (!(await tokens.consume(row.id, tx))) throw new AppError('VERIFICATION_LINK_INVALID');
        await users.update(user.id, { emailVerifiedAt: user.emailVerifiedAt ?? now() }, tx);
        return openSession(user.id, meta, tx);
      });
    },

    async resendVerification(email: string, meta: RequestMeta) {
      await take(linkRequestsPerClient, meta.ip);
      const key = `verify:${email}`;
      if ((await mailRequests.take(key)) > 0) return;
      inBackground('verify_email', async () => {
        const user = await users.findByEmail(email);
        if (user && user.isActive && !user.emailVerifiedAt)
          await issueLink(user, 'verify_email', meta.lng);
      });
    },

    /**
     * A session for the right password. The answer carries a new device token, which the browser
     * sends with its next login (`deviceToken`) to be counted apart from guesses made elsewhere.
     */
    async login(email: string, password: string, meta: RequestMeta, deviceToken?: string) {
      const accountKey = email.toLowerCase();
      const user = await users.findByEmail(accountKey);
      // A token counts only for an active account, and only until its password changes.
      const device = user?.isActive
        ? devices.verify(deviceToken, accountKey, credentialStamp(user.passwordHash))
        : undefined;
      await checkPasswordGuessLimit(accountKey, meta.ip, device);
      const ok = user
        ? await verifyPassword(user.passwordHash, password)
        : await verifyPassword(await dummyHash, password).then(() => false);
      if (!user || !ok) {
        await countPasswordFailure(accountKey, meta.ip, device);
        throw new AppError('INVALID_CREDENTIALS');
      }
      await clearPasswordFailures(accountKey, meta.ip, device);
      if (!user.isActive) throw new AppError('ACCOUNT_DISABLED');
      if (!user.emailVerifiedAt) throw new AppError('EMAIL_NOT_VERIFIED');
      const session = await openSession(user.id, meta);
      return {
        ...session,
        deviceToken: devices.issue(accountKey, credentialStamp(user.passwordHash)),
      };
    },

    /**
     * E-mails a one-time sign-in link (15 minutes), which works while password sign-in waits or is
     * locked. Answers the same whether or not the account exists: the lookup and the mail run after
     * the answer. Limited as the other links: per client address, and 5 an hour per e-mail.
     */
    async requestSignInLink(email: string, meta: RequestMeta) {
      await take(linkRequestsPerClient, meta.ip);
      if ((await mailRequests.take(`sign-in:${email}`)) > 0) return;
      inBackground('sign_in', async () => {
        const user = await users.findByEmail(email);
        if (user && user.isActive) await issueLink(user, 'sign_in', meta.lng);
      });
    },

    /**
     * Signs in with an e-mailed sign-in link, once: a session and a device token, as a login
     * answers (the browser is then a known one, which the account's lock does not hold). The link
     * reached the inbox, which proves the address; the wait of this account and address is
     * cleared, the account's ceiling is not (the guesses were someone else's).
     */
    async signInWithLink(token: string, meta: RequestMeta) {
      const row = await tokens.findByHash(hashToken(token), ['sign_in']);
      if (!row || row.usedAt || row.expiresAt <= now() || !row.userId)
        throw new AppError('SIGN_IN_LINK_INVALID');
      const user = await users.findById(row.userId);
      if (!user) throw new AppError('SIGN_IN_LINK_INVALID');
      if (!user.isActive) throw new AppError('ACCOUNT_DISABLED');
      const userId = user.id;
      const session = await db.transaction(async (tx) => {
        // The account's row first, as every change of its links does (issueLink): no deadlock.
        await users.lockCredentials(userId, tx);
        if (!(await tokens.consume(row.id, tx))) throw new AppError('SIGN_IN_LINK_INVALID');
        await users.update(userId, { emailVerifiedAt: user.emailVerifiedAt ?? now() }, tx);
        return openSession(userId, meta, tx);
      });
      const accountKey = user.email.toLowerCase();
      await pairDelay.reset(pairKey(accountKey, meta.ip));
      return {
        ...session,
        deviceToken: devices.issue(accountKey, credentialStamp(user.passwordHash)),
      };
    },

    /** A new session for an account another module has just proved (an accepted invitation). */
    openSession,

    async logout(sessionId: string) {
      await sessions.revoke(sessionId);
    },

    async me(userId: string) {
      const user = await users.findById(userId);
      if (!user) throw new AppError('USER_NOT_FOUND');
      return toUserDto(user);
    },

    /**
     * Changes the name and/or the login e-mail. A new e-mail needs the current password (a session
     * token alone must not be enough to redirect the account and then reset its password): it is
     * checked against the login's failure counters, the change is audited, and the old address is
     * told (docs/decisions/024-changing-the-login-e-mail.md).
     */
    async updateProfile(
      userId: string,
      input: UpdateProfileInput,
      context: AuditContext & { lng: Language; sessionId?: string },
    ) {
      const current = await users.findById(userId);
      if (!current) throw new AppError('USER_NOT_FOUND');
      const newEmail =
        input.email !== undefined && input.email !== current.email ? input.email : undefined;
      if (newEmail !== undefined) {
        if (!input.currentPassword) {
          throw new AppError('VALIDATION_FAILED', {
            details: [{ field: 'currentPassword', message: '', code: 'validation.required' }],
          });
        }
        const accountKey = current.email.toLowerCase();
        const ip = context.ip ?? '';
        const known = context.sessionId && `session:${context.sessionId}`;
        await checkPasswordGuessLimit(accountKey, ip, known);
        if (!(await verifyPassword(current.passwordHash, input.currentPassword))) {
          await countPasswordFailure(accountKey, ip, known);
          throw new AppError('CURRENT_PASSWORD_INCORRECT');
        }
        await clearPasswordFailures(accountKey, ip, known);
        // Asked only after the password, so a stolen session cannot probe registered addresses.
        const other = await users.findByEmail(newEmail);
        if (other && other.id !== userId) throw new AppError('EMAIL_TAKEN');
      }
      let user;
      try {
        user = await db.transaction(async (tx) => {
          const updated = await users.update(userId, { name: input.name, email: newEmail }, tx);
          if (!updated) throw new AppError('USER_NOT_FOUND');
          if (newEmail !== undefined) {
            // Links e-mailed to the old address must not reset the password of the moved account.
            await retireLinks(userId, tx);
            await audit.record(
              context,
              {
                action: 'user.email_changed',
                entityType: 'user',
                entityId: userId,
                establishmentId: null,
                details: { from: current.email, to: newEmail },
              },
              tx,
            );
          }
          return updated;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('EMAIL_TAKEN', { cause: err });
        throw err;
      }
      if (newEmail !== undefined) {
        // The change is made; a notice that cannot be sent is logged, not turned into a failure.
        const lng = isLanguage(current.language) ? current.language : context.lng;
        try {
          await mailer.send(
            emailChangedMail(lng, current.email, {
              name: user.name,
              newEmail,
              contactUrl: `${appUrl}/contacto`,
            }),
          );
        } catch (err) {
          log.error({ err }, 'could not send the e-mail-changed notice to the old address');
        }
      }
      return toUserDto(user);
    },

    async forgotPassword(email: string, meta: RequestMeta) {
      await take(linkRequestsPerClient, meta.ip);
      const key = `reset:${email}`;
      if ((await mailRequests.take(key)) > 0) return;
      inBackground('reset_password', async () => {
        const user = await users.findByEmail(email);
        if (user && user.isActive) await issueLink(user, 'reset_password', meta.lng);
      });
    },

    /** Waits for the links still being e-mailed in the background (on shutdown, and in tests). */
    async flush(): Promise<void> {
      await Promise.allSettled([...deliveries]);
    },

    async resetPassword(token: string, password: string) {
      const row = await tokens.findByHash(hashToken(token), ['reset_password', 'set_password']);
      if (!row || row.usedAt || row.expiresAt <= now() || !row.userId)
        throw new AppError('RESET_LINK_INVALID');
      // Before the link is used: it still works for a better password.
      await checkNewPassword(password, 'password');
      const passwordHash = await hashPassword(password);
      const userId = row.userId;
      await db.transaction(async (tx) => {
        // The account's row first, as every change of its links does (issueLink): no deadlock.
        await users.lockCredentials(userId, tx);
        if (!(await tokens.consume(row.id, tx))) throw new AppError('RESET_LINK_INVALID');
        const user = await users.findById(userId, tx);
        if (!user) throw new AppError('RESET_LINK_INVALID');
        // A set-password link left over must not set the password again.
        await retireLinks(userId, tx);
        // The link reached the inbox, which proves the address.
        await users.update(
          userId,
          { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now() },
          tx,
        );
        await sessions.revokeAllForUser(userId, undefined, tx);
      });
      sessions.forgetCached();
    },

    /** A new password, with the current one: its guesses count as failed logins do. */
    async changePassword(
      userId: string,
      sessionId: string,
      currentPassword: string,
      newPassword: string,
      ip: string,
    ) {
      // Before the current password is checked: a refused new one costs no guess.
      await checkNewPassword(newPassword, 'newPassword');
      const user = await users.findById(userId);
      if (!user) throw new AppError('USER_NOT_FOUND');
      const accountKey = user.email.toLowerCase();
      const known = `session:${sessionId}`;
      await checkPasswordGuessLimit(accountKey, ip, known);
      if (!(await verifyPassword(user.passwordHash, currentPassword))) {
        await countPasswordFailure(accountKey, ip, known);
        throw new AppError('CURRENT_PASSWORD_INCORRECT');
      }
      await clearPasswordFailures(accountKey, ip, known);
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await users.update(userId, { passwordHash }, tx);
        await sessions.revokeAllForUser(userId, sessionId, tx);
        // A reset link asked for before the change must not undo it.
        await retireLinks(userId, tx);
      });
      sessions.forgetCached();
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
