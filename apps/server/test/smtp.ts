/**
 * A real SMTP server for tests (smtp-server on a free port) that keeps what arrives, with a small
 * MIME reader: headers, the text and HTML bodies, attachments. Used by the server tests and e2e.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
  raw: string;
}

export interface TestSmtp {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Waits for the first message to `to` (newer than `after` messages) that matches. */
  waitFor(
    to: string,
    options?: { subject?: RegExp; timeoutMs?: number; after?: number },
  ): Promise<ReceivedMail>;
  /** With `held`: acknowledges the messages held so far and every later one at once. */
  release(): void;
  close(): Promise<void>;
}

function decodeWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g,
    (_, charset: string, enc: string, data: string) => {
      const buf =
        enc.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64')
          : Buffer.from(decodeQp(data.replace(/_/g, ' ')), 'latin1');
      return buf.toString(charset.toLowerCase() === 'utf-8' ? 'utf8' : 'latin1');
    },
  );
}

function decodeQp(value: string): string {
  return value
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const idx = raw.search(/\r?\n\r?\n/);
  const head = idx === -1 ? raw : raw.slice(0, idx);
  const body = idx === -1 ? '' : raw.slice(idx).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function leafParts(part: Part): Part[] {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  const pieces = part.body.split(`--${boundary}`).slice(1);
  return pieces
    .filter((p) => !p.startsWith('--'))
    .flatMap((p) => leafParts(splitPart(p.replace(/^\r?\n/, ''))));
}

function decodeBody(part: Part): Buffer {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') return Buffer.from(decodeQp(part.body), 'latin1');
  return Buffer.from(part.body, 'utf8');
}

export function parseMail(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const root = splitPart(raw);
  const mail: ReceivedMail = {
    from: envelope.from,
    to: envelope.to,
    subject: decodeWords(root.headers.subject ?? ''),
    text: '',
    html: '',
    attachments: [],
    raw,
  };
  for (const leaf of leafParts(root)) {
    const type = (leaf.headers['content-type'] ?? 'text/plain').toLowerCase();
    const disposition = leaf.headers['content-disposition'] ?? '';
    const content = decodeBody(leaf);
    if (
      /attachment/i.test(disposition) ||
      (!type.startsWith('text/') && !type.startsWith('multipart/'))
    ) {
      const filename = decodeWords(/filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? 'attachment');
      mail.attachments.push({ filename, contentType: type.split(';')[0]!, content });
    } else if (type.startsWith('text/html')) mail.html += content.toString('utf8');
    else mail.text += content.toString('utf8');
  }
  return mail;
}

/**
 * `held`: a server that takes messages but does not acknowledge them (nor list them in
 * `messages`) until `release()`, as a slow server would: a sender that waits for SMTP waits for it.
 */
export async function startTestSmtp(options: { held?: boolean } = {}): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  let held = options.held ?? false;
  const waiting: (() => void)[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const accept = () => {
          messages.push(parseMail(Buffer.concat(chunks).toString('latin1'), { from, to }));
          for (const wake of waiters) wake();
          callback();
        };
        if (held) waiting.push(accept);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitFor(to, options = {}) {
      const { subject, timeoutMs = 10_000, after = 0 } = options;
      const find = () =>
        messages
          .slice(after)
          .find((m) => m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject)));
      return new Promise((resolve, reject) => {
        const hit = find();
        if (hit) return resolve(hit);
        const wake = () => {
          const found = find();
          if (found) {
            clearTimeout(timer);
            waiters.delete(wake);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(
            new Error(`no mail to ${to} within ${timeoutMs} ms (${messages.length} received)`),
          );
        }, timeoutMs);
        waiters.add(wake);
      });
    },
    release() {
      held = false;
      for (const accept of waiting.splice(0)) accept();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}[^\\s"<>]*`).exec(mail.text);
  if (!match) throw new Error(`no link starting with ${prefix} in: ${mail.text}`);
  return match[0];
}
