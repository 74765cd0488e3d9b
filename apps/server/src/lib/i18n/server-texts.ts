import { DEFAULT_LANGUAGE, type Language } from '@hospes/shared/languages';
import { interpolate } from '@hospes/shared/messages';
import arMail from '../../locales/ar/mail.json';
import arMessages from '../../locales/ar/messages.json';
import caMail from '../../locales/ca/mail.json';
import caMessages from '../../locales/ca/messages.json';
import deMail from '../../locales/de/mail.json';
import deMessages from '../../locales/de/messages.json';
import enMail from '../../locales/en/mail.json';
import enMessages from '../../locales/en/messages.json';
import esMail from '../../locales/es/mail.json';
import esMessages from '../../locales/es/messages.json';
import euMail from '../../locales/eu/mail.json';
import euMessages from '../../locales/eu/messages.json';
import frMail from '../../locales/fr/mail.json';
import frMessages from '../../locales/fr/messages.json';
import glMail from '../../locales/gl/mail.json';
import glMessages from '../../locales/gl/messages.json';
import itMail from '../../locales/it/mail.json';
import itMessages from '../../locales/it/messages.json';
import jaMail from '../../locales/ja/mail.json';
import jaMessages from '../../locales/ja/messages.json';
import koMail from '../../locales/ko/mail.json';
import koMessages from '../../locales/ko/messages.json';
import ptMail from '../../locales/pt/mail.json';
import ptMessages from '../../locales/pt/messages.json';
import ruMail from '../../locales/ru/mail.json';
import ruMessages from '../../locales/ru/messages.json';
import ukMail from '../../locales/uk/mail.json';
import ukMessages from '../../locales/uk/messages.json';
import vaMail from '../../locales/va/mail.json';
import vaMessages from '../../locales/va/messages.json';
import zhMail from '../../locales/zh/mail.json';
import zhMessages from '../../locales/zh/messages.json';

/** The server's own texts (success messages, e-mails) per language; es is the fallback. */
export const SERVER_RESOURCES: Partial<
  Record<Language, { messages: typeof esMessages; mail: typeof esMail }>
> = {
  ar: { messages: arMessages, mail: arMail },
  ca: { messages: caMessages, mail: caMail },
  de: { messages: deMessages, mail: deMail },
  en: { messages: enMessages, mail: enMail },
  es: { messages: esMessages, mail: esMail },
  eu: { messages: euMessages, mail: euMail },
  fr: { messages: frMessages, mail: frMail },
  gl: { messages: glMessages, mail: glMail },
  it: { messages: itMessages, mail: itMail },
  ja: { messages: jaMessages, mail: jaMail },
  ko: { messages: koMessages, mail: koMail },
  pt: { messages: ptMessages, mail: ptMail },
  ru: { messages: ruMessages, mail: ruMail },
  uk: { messages: ukMessages, mail: ukMail },
  va: { messages: vaMessages, mail: vaMail },
  zh: { messages: zhMessages, mail: zhMail },
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
