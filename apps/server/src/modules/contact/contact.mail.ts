import type { ContactMessage } from '@hospes/shared/contact';
import { DEFAULT_LANGUAGE, type Language } from '@hospes/shared/languages';
import { interpolate } from '@hospes/shared/messages';
import { mailTexts } from '../../lib/i18n/server-texts';
import type { MailMessage } from '../../lib/mail/mailer';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The e-mail to the support address: every field of the form, the sender as Reply-To so that
 * "Reply" answers the visitor. Labels in the operator's language (es); the visitor's language
 * is stated so support can answer in it.
 */
export function contactMail(
  to: string,
  message: ContactMessage & { id: string; receivedAt: Date; language: Language },
): MailMessage {
  const texts = mailTexts(DEFAULT_LANGUAGE).contact;
  const typeLabel = texts.types[message.type];
  const subject = interpolate(texts.subject, {
    type: typeLabel,
    name: message.name.replace(/[\r\n]+/g, ' '),
  });
  const rows: Array<[string, string]> = [
    [texts.name, message.name],
    [texts.email, message.email],
    [texts.phone, message.phone ?? texts.none],
    [texts.company, message.company ?? texts.none],
    [texts.type, typeLabel],
    [texts.language, message.language],
    [texts.received, message.receivedAt.toISOString()],
    [texts.reference, message.id],
  ];
  const text = [
    texts.intro,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    `${texts.message}:`,
    message.message,
  ].join('\n');
  const html = `<!doctype html><html lang="${DEFAULT_LANGUAGE}"><body style="font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5">
<p>${escapeHtml(texts.intro)}</p>
<table style="border-collapse:collapse">${rows
    .map(
      ([label, value]) =>
        `<tr><th style="text-align:left;padding:2px 12px 2px 0">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>
<p><strong>${escapeHtml(texts.message)}:</strong></p>
<p style="white-space:pre-wrap">${escapeHtml(message.message)}</p>
</body></html>`;
  return { to, subject, text, html, replyTo: message.email };
}
