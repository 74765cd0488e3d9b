/**
 * The admin contract (spec §2, §6: the users and reports sections the spec only names):
 * GET/PATCH /api/admin/users, POST /api/admin/users/{id}/password-reset, GET /api/admin/reports
 * and its CSV twin, GET /api/admin/jobs (the background jobs). Every route is for platform
 * administrators only.
 */
import { RoleSchema } from './auth';
import { DOCUMENT_TYPES } from './codes';
import { IdSchema, PaginationSchema } from './common';
import { isIsoDate } from './dates';
import { queryParam, queryParamWithDefault } from './fields';
import { MemberRoleSchema } from './team';
import { z } from './zod';

// ---------------------------------------------------------------------------------------------
// Users

export const USER_STATUSES = ['active', 'inactive'] as const;
export const UserStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof UserStatusSchema>;

/** GET /api/admin/users. `search` matches name or e-mail (case- and accent-insensitive). */
export const AdminUsersQuerySchema = z.object({
  search: queryParam(z.string().trim().max(100)),
  role: queryParam(RoleSchema),
  status: queryParam(UserStatusSchema),
  page: queryParamWithDefault(z.coerce.number().int().min(1).max(100000), 1),
  limit: queryParamWithDefault(z.coerce.number().int().min(1).max(100), 10),
  lng: z.string().max(20).optional(),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuerySchema>;

export const AdminUserSchema = z.object({
  id: IdSchema,
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
  isActive: z.boolean(),
  emailVerified: z.boolean(),
  language: z.string(),
  /** ISO date-time of the latest login, or null. */
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
  /** The establishments the user belongs to, by name, with the user's role in each. */
  establishments: z.array(z.object({ id: IdSchema, name: z.string(), role: MemberRoleSchema })),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUserListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(AdminUserSchema),
  pagination: PaginationSchema,
});
export type AdminUserListResponse = z.infer<typeof AdminUserListResponseSchema>;

/**
 * PATCH /api/admin/users/{id}: a new role, deactivation (`isActive: false`, which ends the
 * user's sessions at once) or reactivation. At least one of the two.
 */
export const UpdateAdminUserInputSchema = z
  .object({ role: RoleSchema.optional(), isActive: z.boolean().optional() })
  .refine((value) => value.role !== undefined || value.isActive !== undefined, {
    message: 'validation.required',
    path: ['role'],
  });
export type UpdateAdminUserInput = z.infer<typeof UpdateAdminUserInputSchema>;

export const AdminUserResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: AdminUserSchema,
});

// ---------------------------------------------------------------------------------------------
// Reports

/** The longest period a report covers: ten years. */
export const REPORT_MAX_MONTHS = 120;

const reportDate = z
  .string()
  .trim()
  .max(10, 'validation.date')
  .refine(isIsoDate, 'validation.date');

/**
 * GET /api/admin/reports and /api/admin/reports.csv: travelers by entry date within
 * [from, to] (both included). Without dates: the last twelve months up to today.
 */
export const ReportQuerySchema = z.object({
  from: queryParam(reportDate),
  to: queryParam(reportDate),
  establishmentId: queryParam(IdSchema),
  lng: z.string().max(20).optional(),
});
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

const countOf = z.number().int();

export const ReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The establishment the report is limited to, or null for all of them. */
  establishment: z.object({ id: IdSchema, name: z.string() }).nullable(),
  /** Travelers whose entry date falls in the period. */
  total: countOf,
  /** Every month of the period (YYYY-MM), also those without registrations. */
  byMonth: z.array(z.object({ month: z.string(), count: countOf })),
  /** Establishments with at least one registration, most registrations first. */
  byEstablishment: z.array(
    z.object({ establishmentId: IdSchema, name: z.string(), count: countOf }),
  ),
  /** ISO 3166-1 alpha-3 nationality, most travelers first. */
  byNationality: z.array(z.object({ nationality: z.string(), count: countOf })),
  byDocumentType: z.array(z.object({ documentType: z.enum(DOCUMENT_TYPES), count: countOf })),
});
export type Report = z.infer<typeof ReportSchema>;

export const ReportResponseSchema = z.object({ success: z.literal(true), data: ReportSchema });

// ---------------------------------------------------------------------------------------------
// Background jobs (decision 041)

/** A job's life: waiting (`created`, or `retry` after a failure), running, and how it ended. */
export const JOB_STATES = [
  'created',
  'retry',
  'active',
  'completed',
  'cancelled',
  'failed',
] as const;
export const JobStateSchema = z.enum(JOB_STATES);
export type JobState = z.infer<typeof JobStateSchema>;

/** GET /api/admin/jobs: the server's background jobs of one state, failed ones by default. */
export const AdminJobsQuerySchema = z.object({
  state: queryParamWithDefault(JobStateSchema, 'failed'),
  page: queryParamWithDefault(z.coerce.number().int().min(1).max(100000), 1),
  limit: queryParamWithDefault(z.coerce.number().int().min(1).max(100), 20),
  lng: z.string().max(20).optional(),
});
export type AdminJobsQuery = z.infer<typeof AdminJobsQuerySchema>;

export const AdminJobSchema = z.object({
  id: IdSchema,
  /** What the job does (`retention-purge`, `ses-lote-checks`…). */
  name: z.string(),
  state: JobStateSchema,
  /** Retries so far, of `retryLimit` at most. */
  retryCount: z.number().int(),
  retryLimit: z.number().int(),
  /** ISO date-times. */
  createdAt: z.string(),
  /** When it may run (again). */
  startAfter: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** The last failure's message, for `failed` and `retry` jobs. */
  error: z.string().nullable(),
});
export type AdminJob = z.infer<typeof AdminJobSchema>;

export const AdminJobListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(AdminJobSchema),
  pagination: PaginationSchema,
});
