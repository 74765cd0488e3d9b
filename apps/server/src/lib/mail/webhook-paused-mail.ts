/**
 * The e-mail to an establishment's owners when one of its webhook endpoints kept failing and was
 * paused (decision 069): which address, how many deliveries failed, and a link to resume it.
 */
import type { Language } from '@hospes/shared/languages';
import { interpolate } from '@hospes/shared/messages';
import { mailTexts } from '../i18n/server-texts';
import type { MailMessage } from './mailer';
import { paragraphsAndActionMail } from './templates';

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
  return paragraphsAndActionMail(lng, to, {
    subject,
    greeting,
    paragraphs: [intro, part.resume],
    action: [params.url, part.action],
  });
}
