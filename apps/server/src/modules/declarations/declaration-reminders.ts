/**
 * The declaración responsable's reminders (decision 083): an establishment's owners are e-mailed
 * once when its newest declaration enters its last 30 days (`expiring`) and once when it has
 * ended (`expired`), each on the establishment's own day (decision 028). A version signed since
 * starts again with none. The round is a scheduled job (one run at a time whatever the number of
 * processes); each reminder is recorded with a conditional write before its e-mail, which is a job
 * of its own, retried while the SMTP server is away: a failing server delays it, never repeats it.
 */
import { addDays, todayIso } from '@hospes/shared/dates';
import { DECLARATION_WARNING_DAYS, declarationState } from '@hospes/shared/declarations';
import { isLanguage } from '@hospes/shared/languages';
import { establishmentTimeZone } from '@hospes/shared/provinces';
import type { JobQueue } from '../../lib/jobs/job-queue';
import { declarationReminderMail } from '../../lib/mail/declaration-reminder-mail';
import type { Mailer } from '../../lib/mail/mailer';
import type { DeclarationsRepository } from './declarations.repository';

export const DECLARATION_REMINDERS_JOB = 'declaration-reminders';
export const DECLARATION_REMINDER_MAIL_JOB = 'declaration-reminder-mail';

type ReminderState = 'expiring' | 'expired';

export interface DeclarationRemindersDeps {
  declarations: DeclarationsRepository;
  jobs: Pick<JobQueue, 'send'>;
  mailer: Mailer;
  appUrl: string;
  now?: () => Date;
}

export function createDeclarationReminders(deps: DeclarationRemindersDeps) {
  const { declarations, jobs, mailer } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * Records the reminders now due and sends a job for each e-mail. Answers how many were due.
     */
    async remindDue(): Promise<number> {
      const at = now();
      // A day ahead of every establishment's clock (the Canary Islands are an hour behind).
      const horizon = addDays(todayIso(at, 'UTC'), DECLARATION_WARNING_DAYS + 1);
      let reminded = 0;
      for (const row of await declarations.endingBy(horizon)) {
        const today = todayIso(at, establishmentTimeZone(row.establishment));
        const state = declarationState(row.validUntil, today);
        if (state !== 'expiring' && state !== 'expired') continue;
        if (row.remindedState === state) continue;
        if (!(await declarations.markReminded(row.id, row.remindedState, state))) continue;
        await jobs.send(DECLARATION_REMINDER_MAIL_JOB, { declarationId: row.id, state });
        reminded += 1;
      }
      return reminded;
    },

    /**
     * A reminder's e-mail, to each active owner in their language; none once a newer version was
     * signed (renewed before the job ran) or the establishment is gone.
     */
    async sendReminderMail(data: { declarationId: string; state: ReminderState }): Promise<void> {
      const row = await declarations.withEstablishment(data.declarationId);
      if (!row || row.superseded) return;
      for (const owner of await declarations.ownersOf(row.establishment.id)) {
        const lng = isLanguage(owner.language) ? owner.language : 'es';
        await mailer.send(
          declarationReminderMail(lng, owner.email, {
            name: owner.name,
            establishment: row.establishment.name,
            state: data.state,
            validUntil: row.validUntil,
            url: `${deps.appUrl}/profile?tab=establishments`,
          }),
        );
      }
    },
  };
}
export type DeclarationReminders = ReturnType<typeof createDeclarationReminders>;

/** The round every `everySeconds`, and the e-mails it asks for, retried with a growing delay. */
export async function scheduleDeclarationReminders(
  jobs: Pick<JobQueue, 'work' | 'schedule'>,
  reminders: Pick<DeclarationReminders, 'remindDue' | 'sendReminderMail'>,
  everySeconds: number,
) {
  await jobs.work(
    DECLARATION_REMINDERS_JOB,
    async () => {
      await reminders.remindDue();
    },
    { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 300 },
  );
  await jobs.work<{ declarationId: string; state: ReminderState }>(
    DECLARATION_REMINDER_MAIL_JOB,
    async (data) => reminders.sendReminderMail(data),
    { retryLimit: 5, retryDelaySeconds: 60, expireInSeconds: 120 },
  );
  await jobs.schedule(DECLARATION_REMINDERS_JOB, { everySeconds, atStart: false });
}
