/**
 * The e-mail to an establishment's owners when one of its webhook endpoints kept failing and was
 * paused (decision 069): which address, how many deliveries failed, and a link to resume it.
 */
import type { Language } from '@hospes/shared/languages';
import { interpolate } from '@hospes/shared/messages';
import { mailTexts } from '../i18n/server-texts';
import type { MailMessage } from './mailer';
import { actionButtonHtml, escapeHtml, mailHtml, plainLinkHtml } from './templates';

export interface WebhookPausedParams {
  name: string;
  establishment: string;
  /** The endpoint's address. */
  endpoint: string;
  failures: number;
  /** The webhooks screen. */
  url: string;
}

export function webhookPausedMail(
  lng: Language,
  to: string,
  params: WebhookPausedParams,
): MailMessage {
  const texts = mailTexts(lng);
  const part = texts.webhookPaused;
  const values = {
    establishment: params.establishment,
    endpoint: params.endpoint,
    failures: params.failures,
  };
  const subject = interpolate(part.subject, values);
  const greeting = interpolate(texts.greeting, { name: params.name });
  const intro = interpolate(part.intro, values);
  const text = [
    greeting,
    '',
    intro,
    '',
    part.resume,
    '',
    `${part.action}: ${params.url}`,
    '',
    texts.signature,
  ].join('\n');
  const html = mailHtml(
    lng,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(part.resume)}</p>
${actionButtonHtml(params.url, part.action)}
${plainLinkHtml(params.url)}
<p>${escapeHtml(texts.signature)}</p>`,
  );
  return { to, subject, text, html };
}
