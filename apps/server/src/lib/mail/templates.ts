import { bcp47Of, type Language } from '@hospes/shared/languages';
import { interpolate } from '@hospes/shared/messages';
import { mailTexts } from '../i18n/server-texts';
import type { MailMessage } from './mailer';

export type ActionMailKind = 'verify' | 'reset' | 'setPassword' | 'signIn' | 'invite';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Languages written from right to left: their messages say so (`dir`), or mail clients scramble them. */
const RIGHT_TO_LEFT = new Set<string>(['ar']);

/** A message's one call to action: a button to `url`. */
export function actionButtonHtml(url: string, label: string): string {
  return `<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`;
}

/** The button's address written out, for a mail reader that shows no button. */
export function plainLinkHtml(url: string): string {
  return `<p style="font-size:13px;color:#4b5563;word-break:break-all">${escapeHtml(url)}</p>`;
}

/** The HTML document of a message in `lng` around its body. */
export function mailHtml(lng: Language, body: string): string {
  const dir = RIGHT_TO_LEFT.has(lng) ? 'rtl' : 'ltr';
  return `<!doctype html><html lang="${lng}" dir="${dir}"><body dir="${dir}" style="font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5">
${body}
</body></html>`;
}

/**
 * A notice of a few paragraphs ending in one call to action: greeting, the paragraphs, the action
 * as a button and as a written-out link ("label: url" in the text), the signature.
 */
export function paragraphsAndActionMail(
  lng: Language,
  to: string,
  notice: {
    subject: string;
    greeting: string;
    paragraphs: string[];
    action: [url: string, label: string];
  },
): MailMessage {
  const { signature } = mailTexts(lng);
  const [url, label] = notice.action;
  const text = [
    notice.greeting,
    '',
    ...notice.paragraphs.flatMap((paragraph) => [paragraph, '']),
    `${label}: ${url}`,
    '',
    signature,
  ].join('\n');
  const html = mailHtml(
    lng,
    [
      `<p>${escapeHtml(notice.greeting)}</p>`,
      ...notice.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      actionButtonHtml(url, label),
      plainLinkHtml(url),
      `<p>${escapeHtml(signature)}</p>`,
    ].join('\n'),
  );
  return { to, subject: notice.subject, text, html };
}

/** A message with one call to action (a link), in plain text and HTML, in the given language. */
export function actionMail(
  lng: Language,
  kind: ActionMailKind,
  to: string,
  params: { name: string; url: string; establishment?: string; inviter?: string },
): MailMessage {
  const texts = mailTexts(lng);
  const part = texts[kind];
  const p = { ...params, establishment: params.establishment ?? '', inviter: params.inviter ?? '' };
  const subject = interpolate(part.subject, p);
  const greeting = interpolate(texts.greeting, p);
  const intro = interpolate(part.intro, p);
  const text = [
    greeting,
    '',
    intro,
    '',
    `${part.action}: ${params.url}`,
    '',
    part.expiry,
    texts.ignore,
    '',
    texts.signature,
  ].join('\n');
  const html = mailHtml(
    lng,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
${actionButtonHtml(params.url, part.action)}
<p style="font-size:13px;color:#4b5563">${escapeHtml(part.expiry)} ${escapeHtml(texts.ignore)}</p>
${plainLinkHtml(params.url)}
<p>${escapeHtml(texts.signature)}</p>`,
  );
  return { to, subject, text, html };
}

/**
 * A notice without a link, sent to the old address after the login e-mail of an account was
 * changed: what changed, and what to do if the owner did not do it.
 */
export function emailChangedMail(
  lng: Language,
  to: string,
  params: { name: string; newEmail: string; contactUrl: string },
): MailMessage {
  const texts = mailTexts(lng);
  const part = texts.emailChanged;
  const subject = interpolate(part.subject, params);
  const greeting = interpolate(texts.greeting, params);
  const intro = interpolate(part.intro, params);
  const notYou = interpolate(part.notYou, params);
  const text = [greeting, '', intro, '', notYou, '', texts.signature].join('\n');
  const html = mailHtml(
    lng,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p><strong>${escapeHtml(notYou)}</strong></p>
<p>${escapeHtml(texts.signature)}</p>`,
  );
  return { to, subject, text, html };
}

/**
 * A notice without a one-time link, sent to an account's address when someone tries to register
 * with it (registration answers as it would for a new address, so that it tells nobody which
 * addresses have accounts): how to log in, or to choose a new password, if it was the owner.
 */
export function registrationAttemptMail(
  lng: Language,
  to: string,
  params: { name: string; loginUrl: string; forgotPasswordUrl: string },
): MailMessage {
  const texts = mailTexts(lng);
  const part = texts.registrationAttempt;
  return linksNotice(lng, to, {
    subject: part.subject,
    greeting: interpolate(texts.greeting, params),
    intro: part.intro,
    links: [
      [params.loginUrl, part.signIn],
      [params.forgotPasswordUrl, part.forgotPassword],
    ],
    notYou: part.notYou,
  });
}

/**
 * A notice about the account with links to act on it: greeting, what happened, each link on a
 * line of its own ("label: url" in the text), and the small "if it was not you" line.
 */
function linksNotice(
  lng: Language,
  to: string,
  notice: {
    subject: string;
    greeting: string;
    intro: string;
    links: [url: string, label: string][];
    notYou: string;
  },
): MailMessage {
  const { signature } = mailTexts(lng);
  const text = [
    notice.greeting,
    '',
    notice.intro,
    '',
    ...notice.links.map(([url, label]) => `${label}: ${url}`),
    '',
    notice.notYou,
    '',
    signature,
  ].join('\n');
  const html = mailHtml(
    lng,
    [
      `<p>${escapeHtml(notice.greeting)}</p>`,
      `<p>${escapeHtml(notice.intro)}</p>`,
      ...notice.links.map(
        ([url, label]) => `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`,
      ),
      `<p style="font-size:13px;color:#4b5563">${escapeHtml(notice.notYou)}</p>`,
      `<p>${escapeHtml(signature)}</p>`,
    ].join('\n'),
  );
  return { to, subject: notice.subject, text, html };
}

/** The time of a lock notice, in the account's language, on the clock of mainland Spain. */
function noticeTime(lng: Language, at: Date): string {
  return new Intl.DateTimeFormat(lng === 'va' ? 'ca' : lng, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Madrid',
    timeZoneName: 'short',
  }).format(at);
}

/**
 * A notice to the owner of an account whose password sign-in was locked by wrong passwords
 * (decision 049): when, how many, the address of the last; the sign-in link and a new password.
 */
export function loginLockedMail(
  lng: Language,
  to: string,
  params: {
    name: string;
    failures: number;
    at: Date;
    address: string;
    signInLinkUrl: string;
    forgotPasswordUrl: string;
  },
): MailMessage {
  const texts = mailTexts(lng);
  const part = texts.loginLocked;
  return linksNotice(lng, to, {
    subject: part.subject,
    greeting: interpolate(texts.greeting, params),
    intro: interpolate(part.intro, {
      when: noticeTime(lng, params.at),
      failures: params.failures,
      address: params.address,
    }),
    links: [
      [params.signInLinkUrl, part.signIn],
      [params.forgotPasswordUrl, part.changePassword],
    ],
    notYou: part.notYou,
  });
}

/** A day (YYYY-MM-DD) written out in `lng`. */
export function longDay(lng: Language, day: string): string {
  return new Intl.DateTimeFormat(bcp47Of(lng), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/**
 * The check-in link of a reservation to its holder (decision 066): sent by the owner (`link`),
 * or by itself before the arrival while guests are missing (`reminder`).
 */
export function reservationCheckinMail(
  lng: Language,
  kind: 'link' | 'reminder',
  to: string,
  params: {
    name: string;
    establishment: string;
    arrival: string;
    departure: string;
    guests: number;
    registered: number;
    url: string;
  },
): MailMessage {
  const texts = mailTexts(lng);
  const part = texts.reservationCheckin;
  const p = {
    ...params,
    arrival: longDay(lng, params.arrival),
    departure: longDay(lng, params.departure),
    guests: String(params.guests),
    registered: String(params.registered),
  };
  const subject = interpolate(kind === 'link' ? part.subject : part.reminderSubject, p);
  const greeting = interpolate(texts.greeting, p);
  const intro = interpolate(kind === 'link' ? part.intro : part.reminderIntro, p);
  const stay = interpolate(part.stay, p);
  const progress = interpolate(part.progress, p);
  const text = [
    greeting,
    '',
    intro,
    '',
    stay,
    progress,
    '',
    `${part.action}: ${params.url}`,
    '',
    part.validity,
    '',
    // From the establishment to its guest: signed by the establishment, not by Hospes.
    params.establishment,
  ].join('\n');
  const html = mailHtml(
    lng,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(stay)}<br>${escapeHtml(progress)}</p>
${actionButtonHtml(params.url, part.action)}
<p style="font-size:13px;color:#4b5563">${escapeHtml(part.validity)}</p>
${plainLinkHtml(params.url)}
<p>${escapeHtml(params.establishment)}</p>`,
  );
  return { to, subject, text, html };
}

/**
 * To an owner (decision 066): a reservation's guests all completed the check-in link and were
 * confirmed by themselves on the day of arrival; the send modes report them.
 */
export function checkinCompleteMail(
  lng: Language,
  to: string,
  params: {
    name: string;
    establishment: string;
    holder: string;
    arrival: string;
    departure: string;
    travelers: number;
  },
): MailMessage {
  const texts = mailTexts(lng);
  const part = texts.checkinComplete;
  const p = {
    ...params,
    arrival: longDay(lng, params.arrival),
    departure: longDay(lng, params.departure),
    travelers: String(params.travelers),
  };
  const subject = interpolate(part.subject, p);
  const greeting = interpolate(texts.greeting, p);
  const intro = interpolate(part.intro, p);
  const report = part.report;
  const text = [greeting, '', intro, '', report, '', texts.signature].join('\n');
  const html = mailHtml(
    lng,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(report)}</p>
<p>${escapeHtml(texts.signature)}</p>`,
  );
  return { to, subject, text, html };
}

/**
 * To an account on its trial without a payment method (decision 070): it ends in `days` days
 * (3, then 1), after which new registrations stop until a plan is chosen.
 */
export function trialEndingMail(
  lng: Language,
  to: string,
  params: { name: string; days: number; end: Date; url: string },
): MailMessage {
  const texts = mailTexts(lng);
  const part = texts.trialEnding;
  const p = {
    name: params.name,
    days: String(params.days),
    end: longDay(lng, params.end.toISOString().slice(0, 10)),
  };
  const subject = interpolate(params.days === 1 ? part.subjectOne : part.subject, p);
  const greeting = interpolate(texts.greeting, p);
  const intro = interpolate(params.days === 1 ? part.introOne : part.intro, p);
  return paragraphsAndActionMail(lng, to, {
    subject,
    greeting,
    paragraphs: [intro, part.register],
    action: [params.url, part.action],
  });
}
