/**
 * The deadline guard's e-mail to an establishment's owner (decision 044): the travelers within
 * 4 hours of the 24-hour limit of RD 933/2021 (or past it) not yet reported, and the requests that
 * came back from SES.HOSPEDAJES with errors, with a link to the list of what is to report.
 */
import type { Language } from '@hospes/shared/languages';
import { interpolate } from '@hospes/shared/messages';
import { localDateTimeOf } from '@hospes/shared/dates';
import { mailTexts } from '../i18n/server-texts';
import type { MailMessage } from './mailer';
import { actionButtonHtml, escapeHtml, mailHtml } from './templates';

export interface SesAlertParams {
  name: string;
  establishment: string;
  url: string;
  /** The establishment's clock, for the limit's local time. */
  timeZone: string;
  /**
   * Where the establishment reports: `mossos` cannot be sent from Hospes, so the e-mail says to
   * upload the file on the portal (decision 057); `ertzaintza` is named as the service the sends
   * go to (decision 061). Absent: ses.
   */
  authority?: 'ses' | 'mossos' | 'ertzaintza';
  travelers: { name: string; entryDate: string; deadline: string; hoursLeft: number }[];
  /** Refused whole (the service's text), or with these travelers rejected. */
  lotes: {
    kind: 'PV' | 'RH';
    lote: string | null;
    state: string;
    responseText: string | null;
    rejected: { name: string; error: string }[];
  }[];
}

export function sesAlertMail(lng: Language, to: string, params: SesAlertParams): MailMessage {
  const texts = mailTexts(lng);
  const part = texts.sesAlert;
  const mossos = params.authority === 'mossos';
  const ertzaintza = params.authority === 'ertzaintza';
  const subject = interpolate(
    mossos ? part.mossosSubject : ertzaintza ? part.ertzaintzaSubject : part.subject,
    { establishment: params.establishment },
  );
  const greeting = interpolate(texts.greeting, { name: params.name });
  const travelerLines = params.travelers.map((t) => {
    const limit = localDateTimeOf(new Date(t.deadline), params.timeZone)
      .slice(0, 16)
      .replace('T', ' ');
    const left =
      t.hoursLeft > 0
        ? interpolate(part.hoursLeft, { hours: Math.max(0, Math.floor(t.hoursLeft)), limit })
        : interpolate(part.overdue, { limit });
    return `${t.name} (${t.entryDate}): ${left}`;
  });
  const loteLines = params.lotes.flatMap((l) => {
    const head = `${l.kind === 'PV' ? part.partes : part.reservas}${l.lote ? ` · ${l.lote}` : ''}`;
    if (l.state === 'refused' || l.rejected.length === 0)
      return [`${head}${l.responseText ? `: ${l.responseText}` : ''}`];
    return l.rejected.map((r) => `${head}: ${r.name}: ${r.error}`);
  });
  const sections: { title: string; lines: string[] }[] = [];
  if (travelerLines.length)
    sections.push({
      title: interpolate(part.deadline, { establishment: params.establishment }),
      lines: travelerLines,
    });
  if (loteLines.length)
    sections.push({
      title: interpolate(ertzaintza ? part.ertzaintzaLotes : part.lotes, {
        establishment: params.establishment,
      }),
      lines: loteLines,
    });
  const howTo = mossos ? [part.mossosHowTo] : [];
  const text = [
    greeting,
    '',
    ...sections.flatMap((s) => [s.title, ...s.lines.map((l) => `- ${l}`), '']),
    ...howTo.flatMap((l) => [l, '']),
    `${part.action}: ${params.url}`,
    '',
    texts.signature,
  ].join('\n');
  const html = mailHtml(
    lng,
    `<p>${escapeHtml(greeting)}</p>
${sections
  .map(
    (s) =>
      `<p>${escapeHtml(s.title)}</p>\n<ul>${s.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
  )
  .join('\n')}
${howTo.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
${actionButtonHtml(params.url, part.action)}
<p>${escapeHtml(texts.signature)}</p>`,
  );
  return { to, subject, text, html };
}
