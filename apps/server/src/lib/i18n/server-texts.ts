import { DEFAULT_LANGUAGE, type Language } from '@hospes/shared/languages';
import { interpolate } from '@hospes/shared/messages';
import enMail from '../../locales/en/mail.json';
import enMessages from '../../locales/en/messages.json';
import esMail from '../../locales/es/mail.json';
import esMessages from '../../locales/es/messages.json';

/** The server's own texts (success messages, e-mails) per language; es is the fallback. */
export const SERVER_RESOURCES: Partial<
  Record<Language, { messages: typeof esMessages; mail: typeof esMail }>
> = {
  es: { messages: esMessages, mail: esMail },
  en: { messages: enMessages, mail: enMail },
};

export type MessageKey = keyof typeof esMessages;

export function serverMessage(
  lng: Language,
  key: MessageKey,
  params?: Record<string, unknown>,
): string {
  const table = SERVER_RESOURCES[lng]?.messages ?? SERVER_RESOURCES[DEFAULT_LANGUAGE]!.messages;
  return interpolate(table[key] ?? SERVER_RESOURCES[DEFAULT_LANGUAGE]!.messages[key], params);
}

export function mailTexts(lng: Language): typeof esMail {
  return SERVER_RESOURCES[lng]?.mail ?? SERVER_RESOURCES[DEFAULT_LANGUAGE]!.mail;
}
