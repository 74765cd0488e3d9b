/**
 * The admin contract (spec §2, §6: the users and reports sections the spec only names):
 * GET/PATCH /api/admin/users, POST /api/admin/users/{id}/password-reset, GET /api/admin/reports
 * and its CSV twin, GET /api/admin/jobs (the background jobs). Every route is for platform
 * administrators only.
 */
import { RoleSchema } from './auth';
import { DOCUMENT_TYPES } from './codes';
import { EMAIL_MAX, EMAIL_PATTERN, IdSchema, oneLine, PaginationSchema } from './common';
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

// ---------------------------------------------------------------------------------------------
// Settings (spec §2: general, e-mail, security, API)

/** Bounds of the numeric settings, the same as their environment variables'. */
export const SETTING_LIMITS = {
  contactMessagesPerHour: { min: 1, max: 100_000 },
  loginLockFailures: { min: 5, max: 100_000 },
  sessionHours: { min: 1, max: 720 },
} as const;

/** A text setting: one line, trimmed, bounded; empty means "none" (not the environment's value). */
const settingText = (max: number) => z.string().transform(oneLine).pipe(z.string().trim().max(max));
/** An e-mail setting: an address, or empty for none. */
const settingEmail = z
  .string()
  .trim()
  .max(EMAIL_MAX)
  .refine((v) => v === '' || EMAIL_PATTERN.test(v), 'validation.email')
  .transform((v) => v.toLowerCase());
const settingNumber = (key: keyof typeof SETTING_LIMITS) =>
  z.number().int().min(SETTING_LIMITS[key].min).max(SETTING_LIMITS[key].max);

/**
 * The settings an administrator may change while the server runs, each stored in the database
 * over its environment variable's value: where contact messages go, the operator shown on the
 * legal pages, the login and contact limits and how long a session lasts. Secrets (SMTP_URL,
 * ENCRYPTION_KEY…) stay in the environment and are never part of this.
 */
export const PlatformSettingsSchema = z.object({
  supportEmail: settingEmail,
  operatorName: settingText(200),
  operatorAddress: settingText(300),
  operatorNif: settingText(20),
  operatorEmail: settingEmail,
  operatorRegistry: settingText(300),
  contactMessagesPerHour: settingNumber('contactMessagesPerHour'),
  loginLockFailures: settingNumber('loginLockFailures'),
  sessionHours: settingNumber('sessionHours'),
});
export type PlatformSettings = z.infer<typeof PlatformSettingsSchema>;
export type PlatformSettingKey = keyof PlatformSettings;
export const PLATFORM_SETTING_KEYS = Object.keys(
  PlatformSettingsSchema.shape,
) as PlatformSettingKey[];

/**
 * PATCH /api/admin/settings: the settings to change, at least one; `null` gives a setting back to
 * its environment variable (or built-in default). Unknown keys are refused.
 */
export const UpdatePlatformSettingsInputSchema = z
  .strictObject(
    Object.fromEntries(
      PLATFORM_SETTING_KEYS.map((key) => [
        key,
        PlatformSettingsSchema.shape[key].nullable().optional(),
      ]),
    ) as {
      [K in PlatformSettingKey]: z.ZodOptional<
        z.ZodNullable<(typeof PlatformSettingsSchema.shape)[K]>
      >;
    },
  )
  .refine((value) => Object.values(value).some((v) => v !== undefined), {
    message: 'validation.required',
  });
export type UpdatePlatformSettingsInput = z.infer<typeof UpdatePlatformSettingsInputSchema>;

const settingValue = z.union([z.string(), z.number()]);

/** One setting as the admin screen shows it: its value, and where that value comes from. */
export const PlatformSettingSchema = z.object({
  value: settingValue,
  /** `database`: set on the admin screen; `environment`: the variable's value or the default. */
  source: z.enum(['database', 'environment']),
  /** What it would be without the database's value. */
  environmentValue: settingValue,
});

export const SettingsChangeSchema = z.object({
  at: z.string(),
  /** Who changed it: null for an account since deleted. */
  actor: z.object({ id: IdSchema, name: z.string(), email: z.string() }).nullable(),
  changes: z.array(
    z.object({
      key: z.string(),
      from: settingValue.nullable(),
      to: settingValue.nullable(),
    }),
  ),
});
export type SettingsChange = z.infer<typeof SettingsChangeSchema>;

export const PlatformSettingsViewSchema = z.object({
  settings: z.record(z.enum(PLATFORM_SETTING_KEYS), PlatformSettingSchema),
  /** What stays in the environment, shown but not changed here (never a secret's value). */
  environment: z.object({
    /** Whether e-mail goes through SMTP_URL or into the outbox folder. */
    mailTransport: z.enum(['smtp', 'outbox']),
    mailFrom: z.string(),
    appUrl: z.string(),
    corsOrigins: z.array(z.string()),
    apiDocs: z.string(),
    /** Seconds another server process may take to see a change (SESSION_CACHE_SECONDS). */
    settingsCacheSeconds: z.number(),
  }),
  /** The latest changes, newest first. */
  history: z.array(SettingsChangeSchema),
});
export type PlatformSettingsView = z.infer<typeof PlatformSettingsViewSchema>;

export const PlatformSettingsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: PlatformSettingsViewSchema,
});
