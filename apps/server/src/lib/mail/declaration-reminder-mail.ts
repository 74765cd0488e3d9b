/**
 * The e-mail to an establishment's owners when its declaración responsable is about to end (its
 * last 30 days) or has ended (decision 083): until when it is valid, why it matters, and a link to
 * the establishment's card where it is renewed.
 */
import type { Language } from '@hospes/shared/languages';
import { interpolate } from '@hospes/shared/messages';
import { mailTexts } from '../i18n/server-texts';
import type { MailMessage } from './mailer';
import { longDay, paragraphsAndActionMail } from './templates';

export interface DeclarationReminderParams {
  name: string;
  establishment: string;
  state: 'expiring' | 'expired';
  /** Its last valid day, YYYY-MM-DD. */
  validUntil: string;
  /** The establishments' tab of the profile, where it is renewed. */
  url: string;
}

export function declarationReminderMail(
  lng: Language,
  to: string,
  params: DeclarationReminderParams,
): MailMessage {
  const texts = mailTexts(lng);
  const part = texts.declarationReminder;
  const values = { establishment: params.establishment, end: longDay(lng, params.validUntil) };
  const expired = params.state === 'expired';
  return paragraphsAndActionMail(lng, to, {
    subject: interpolate(expired ? part.subjectExpired : part.subjectExpiring, values),
    greeting: interpolate(texts.greeting, { name: params.name }),
    paragraphs: [interpolate(expired ? part.expired : part.expiring, values), part.why],
    action: [params.url, part.action],
  });
}
