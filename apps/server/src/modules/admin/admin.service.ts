import type { FastifyBaseLogger } from 'fastify';
import {
  REPORT_MAX_MONTHS,
  type AdminJob,
  type AdminJobsQuery,
  type AdminUser,
  type AdminUsersQuery,
  type Report,
  type ReportQuery,
  type UpdateAdminUserInput,
} from '@hospes/shared/admin';
import { DOCUMENT_TYPES, type DocumentType } from '@hospes/shared/codes';
import { todayIso } from '@hospes/shared/dates';
import { isLanguage, type Language } from '@hospes/shared/languages';
import { validationMessage } from '@hospes/shared/messages';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { JobQueue } from '../../lib/jobs/job-queue';
import type { Actor } from '../../plugins/auth';
import type { AuditContext, AuditEntry, AuditRepository } from '../audit';
import type { AuthService } from '../auth';
import { isUuid } from '../../db/scope';
import type { SessionsRepository, UsersRepository } from '../users';
import type { AdminRepository, Membership } from './admin.repository';
import { reportToCsv } from './report-csv';

export interface AdminServiceDeps {
  db: Db;
  admin: AdminRepository;
  users: UsersRepository;
  sessions: SessionsRepository;
  audit: AuditRepository;
  auth: Pick<AuthService, 'issueLink'>;
  /** The background jobs (lib/jobs), listed read-only. */
  jobs: Pick<JobQueue, 'list'>;
  log: FastifyBaseLogger;
  now?: () => Date;
}

type Context = AuditContext & { lng: Language };

export function toAdminUserDto(row: UserRow, memberships: Membership[]): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    isActive: row.isActive,
    emailVerified: row.emailVerifiedAt !== null,
    language: row.language,
    lastLogin: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    establishments: memberships
      .filter((m) => m.userId === row.id)
      .map(({ id, name, role }) => ({ id, name, role })),
  };
}

/** Months as a running number (year × 12 + month − 1), and back to YYYY-MM. */
const monthNumber = (iso: string) => Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1;
const monthText = (n: number) => `${Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`;

/** The first day of the month `back` months before the month of `iso`. */
function monthStart(iso: string, back: number): string {
  return `${monthText(monthNumber(iso) - back)}-01`;
}

function validationFailed(field: string, code: string, message: string): never {
  throw new AppError('VALIDATION_FAILED', { details: [{ field, code, message }] });
}

export function createAdminService(deps: AdminServiceDeps) {
  const { db, admin, users, sessions, audit, auth, jobs, log } = deps;
  const now = deps.now ?? (() => new Date());

  async function loadUser(id: string, tx: Db = db): Promise<AdminUser> {
    const row = await users.findById(id, tx);
    if (!row) throw new AppError('USER_NOT_FOUND');
    return toAdminUserDto(row, await admin.membershipsOf([id], tx));
  }

  /** The period of a report: the dates given, else the last twelve months up to today. */
  function period(query: ReportQuery, lng: Language) {
    const to = query.to ?? todayIso(now());
    const from = query.from ?? monthStart(to, 11);
    if (from > to)
      validationFailed('to', 'validation.periodOrder', validationMessage(lng, 'periodOrder'));
    if (monthNumber(to) - monthNumber(from) + 1 > REPORT_MAX_MONTHS) {
      validationFailed(
        'from',
        'validation.periodTooLong',
        validationMessage(lng, 'periodTooLong', { maximum: REPORT_MAX_MONTHS }),
      );
    }
    return { from, to };
  }

  async function report(query: ReportQuery, lng: Language): Promise<Report> {
    const { from, to } = period(query, lng);
    let establishment: Report['establishment'] = null;
    if (query.establishmentId) {
      const name = await admin.establishmentName(query.establishmentId);
      if (name === null) throw new AppError('ESTABLISHMENT_NOT_FOUND');
      establishment = { id: query.establishmentId, name };
    }
    const filter = { from, to, establishmentId: establishment?.id ?? null };
    const [months, byEstablishment, byNationality, documentTypes] = [
      await admin.countByMonth(filter),
      await admin.countByEstablishment(filter),
      await admin.countByNationality(filter),
      await admin.countByDocumentType(filter),
    ];
    const perMonth = new Map(months.map((row) => [row.month, row.count]));
    const byMonth = [];
    for (let n = monthNumber(from); n <= monthNumber(to); n++) {
      const month = monthText(n);
      byMonth.push({ month, count: perMonth.get(month) ?? 0 });
    }
    return {
      from,
      to,
      establishment,
      total: months.reduce((sum, row) => sum + row.count, 0),
      byMonth,
      byEstablishment,
      byNationality,
      byDocumentType: documentTypes
        .filter((row): row is { documentType: DocumentType; count: number } =>
          (DOCUMENT_TYPES as readonly string[]).includes(row.documentType),
        )
        .map((row) => ({ documentType: row.documentType, count: row.count })),
    };
  }

  return {
    /** The background jobs of one state (failed ones by default), newest first. */
    async listJobs(query: AdminJobsQuery): Promise<{ data: AdminJob[]; total: number }> {
      const { data, total } = await jobs.list(query);
      return {
        data: data.map((job) => ({
          ...job,
          createdAt: job.createdAt.toISOString(),
          startAfter: job.startAfter.toISOString(),
          startedAt: job.startedAt?.toISOString() ?? null,
          completedAt: job.completedAt?.toISOString() ?? null,
        })),
        total,
      };
    },

    async listUsers(query: AdminUsersQuery) {
      const { rows, total } = await admin.listUsers(query);
      const memberships = await admin.membershipsOf(rows.map((row) => row.id));
      return { data: rows.map((row) => toAdminUserDto(row, memberships)), total };
    },

    /**
     * Changes a user's role or active state. Deactivating ends the user's sessions in the same
     * transaction. Refused: deactivating oneself, and leaving the platform without an active
     * administrator (the active admins are locked while this runs, so two administrators
     * demoting each other at once cannot both succeed).
     */
    async updateUser(actor: Actor, id: string, input: UpdateAdminUserInput, context: Context) {
      if (!isUuid(id)) throw new AppError('USER_NOT_FOUND');
      if (input.isActive === false && id === actor.id) throw new AppError('CANNOT_DEACTIVATE_SELF');
      await db.transaction(async (tx) => {
        const activeAdmins = await admin.lockActiveAdmins(tx);
        const current = await admin.lockUser(id, tx);
        if (!current) throw new AppError('USER_NOT_FOUND');
        const role = input.role ?? current.role;
        const isActive = input.isActive ?? current.isActive;
        const wasActiveAdmin = current.role === 'admin' && current.isActive;
        const staysActiveAdmin = role === 'admin' && isActive;
        if (wasActiveAdmin && !staysActiveAdmin && !activeAdmins.some((other) => other !== id)) {
          throw new AppError('LAST_ADMIN');
        }
        const entries: AuditEntry[] = [];
        const base = { entityType: 'user' as const, entityId: id, establishmentId: null };
        if (role !== current.role)
          entries.push({
            ...base,
            action: 'user.role_changed',
            details: { from: current.role, to: role },
          });
        if (isActive !== current.isActive)
          entries.push({ ...base, action: isActive ? 'user.reactivated' : 'user.deactivated' });
        if (entries.length === 0) return;
        await users.update(id, { role, isActive }, tx);
        // A deactivated user is out at once: every session ends now, not when it expires.
        if (!isActive && current.isActive) await sessions.revokeAllForUser(id, undefined, tx);
        await audit.record(context, entries, tx);
      });
      sessions.forgetCached();
      return loadUser(id);
    },

    /** E-mails the user a link to choose a new password (in the user's own language). */
    async sendPasswordReset(id: string, context: Context) {
      const user = isUuid(id) ? await users.findById(id) : null;
      if (!user) throw new AppError('USER_NOT_FOUND');
      if (!user.isActive) throw new AppError('USER_INACTIVE');
      const lng = isLanguage(user.language) ? user.language : context.lng;
      try {
        await auth.issueLink(user, 'reset_password', lng);
      } catch (err) {
        log.error({ err }, 'could not send the password-reset e-mail requested by an admin');
        throw new AppError('SERVICE_UNAVAILABLE', { cause: err });
      }
      await audit.record(context, {
        action: 'user.password_reset_sent',
        entityType: 'user',
        entityId: user.id,
        establishmentId: null,
      });
      return { email: user.email };
    },

    report,

    async reportCsv(query: ReportQuery, lng: Language) {
      const data = await report(query, lng);
      return {
        filename: `hospes-report-${data.from}-${data.to}.csv`,
        body: reportToCsv(data, lng),
      };
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
