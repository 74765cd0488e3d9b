import { randomUUID } from 'node:crypto';
import type { ContactMessage } from '@hospes/shared/contact';
import type { Language } from '@hospes/shared/languages';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../../lib/mail/mailer';
import { clientKey, memoryLimiterStore, type LimiterStore } from '../../lib/rate-limiter';
import { contactMail } from './contact.mail';
import type { ContactRepository } from './contact.repository';

/** The logging the service needs (a pino/Fastify logger fits). */
export interface ContactLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface ContactServiceDeps {
  contacts: ContactRepository;
  mailer: Mailer;
  /**
   * Where messages are e-mailed; undefined: they are stored and logged only. A function when the
   * administrator may change it while the server runs (decision 062): asked for each message.
   */
  supportEmail: string | undefined | (() => Promise<string | undefined>);
  log: ContactLog;
  now?: () => Date;
  /** Messages per address and window (default 5 an hour). */
  limit?: { max: number; windowMs: number };
  /** Messages an hour from all addresses together (default CONTACT_MESSAGES_PER_HOUR's, 50). */
  messagesPerHour?: number | (() => Promise<number>);
  /** Where the limits are counted (shared by every process: decision 046); memory when absent. */
  limiters?: LimiterStore;
}

export interface ContactMeta {
  ip: string;
  lng: Language;
}

export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 };
export const DEFAULT_CONTACT_MESSAGES_PER_HOUR = 50;
/** The one key of the limit of all addresses together. */
const EVERYONE = 'everyone';

export function createContactService(deps: ContactServiceDeps) {
  const { contacts, mailer, log } = deps;
  const given = deps.supportEmail;
  const supportEmailOf = typeof given === 'function' ? given : async () => given;
  const now = deps.now ?? (() => new Date());
  const limiters = deps.limiters ?? memoryLimiterStore();
  const perAddress = limiters.create({
    name: 'contact-address',
    ...(deps.limit ?? CONTACT_RATE_LIMIT),
    now: () => now().getTime(),
    keyOf: clientKey,
  });
  // A limit per address alone let rotating addresses flood the support inbox (issue 30).
  const everyone = limiters.create({
    name: 'contact-everyone',
    max: deps.messagesPerHour ?? DEFAULT_CONTACT_MESSAGES_PER_HOUR,
    windowMs: 60 * 60 * 1000,
    now: () => now().getTime(),
  });
  // E-mails still on their way: the answer does not wait for SMTP, closing the app does.
  const deliveries = new Set<Promise<void>>();

  async function deliver(
    row: { id: string; createdAt: Date },
    message: ContactMessage,
    lng: Language,
  ) {
    let supportEmail: string | undefined;
    try {
      supportEmail = await supportEmailOf();
    } catch (err) {
      log.error(
        { err, contactMessageId: row.id },
        'could not read SUPPORT_EMAIL; the message is stored',
      );
      return;
    }
    if (!supportEmail) {
      log.info(
        { contactMessageId: row.id, type: message.type },
        'contact message stored; SUPPORT_EMAIL is not set, so it was not e-mailed',
      );
      return;
    }
    try {
      await mailer.send(
        contactMail(supportEmail, {
          ...message,
          id: row.id,
          receivedAt: row.createdAt,
          language: lng,
        }),
      );
      await contacts.markEmailed(row.id, now());
    } catch (err) {
      log.error(
        { err, contactMessageId: row.id },
        'could not e-mail the contact message; it is stored',
      );
    }
  }

  return {
    /**
     * Stores a message and e-mails it to support in the background. At most 5 an hour per
     * address, and `messagesPerHour` from all addresses together (then 429). A filled honeypot is
     * answered like a success and dropped, without using up the hour of all addresses.
     */
    async submit(
      input: ContactMessage,
      meta: ContactMeta,
    ): Promise<{ id: string; receivedAt: string }> {
      const addressWait = await perAddress.take(meta.ip);
      if (addressWait > 0) {
        throw new AppError('TOO_MANY_REQUESTS', { params: { retryAfter: addressWait } });
      }
      const { website, ...message } = input;
      if (website && website.trim()) {
        log.info({ ip: meta.ip }, 'contact form honeypot filled: message dropped');
        return { id: randomUUID(), receivedAt: now().toISOString() };
      }
      const everyoneWait = await everyone.take(EVERYONE);
      if (everyoneWait > 0) {
        throw new AppError('TOO_MANY_REQUESTS', { params: { retryAfter: everyoneWait } });
      }
      const hourEnds = await everyone.retryAfter(EVERYONE);
      if (hourEnds > 0) {
        log.warn(
          { retryAfter: hourEnds },
          'contact form: the hourly limit of all addresses is reached (CONTACT_MESSAGES_PER_HOUR); more messages are refused until it ends',
        );
      }
      const row = await contacts.insert({
        name: message.name,
        email: message.email,
        phone: message.phone ?? null,
        company: message.company ?? null,
        type: message.type,
        message: message.message,
        language: meta.lng,
        createdAt: now(),
      });
      const delivery = deliver(row, message, meta.lng).finally(() => deliveries.delete(delivery));
      deliveries.add(delivery);
      return { id: row.id, receivedAt: row.createdAt.toISOString() };
    },

    /** Waits for the e-mails still being sent (on shutdown, and in tests). */
    async flush(): Promise<void> {
      await Promise.allSettled([...deliveries]);
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
