/**
 * Sending to SES.HOSPEDAJES by itself, and the deadline guard (decision 044): per establishment
 * and kind (PV partes, RH reservas) a send mode, and the travelers still to report with the hours
 * left of the 24 of RD 933/2021.
 */
import { IdSchema } from './common';
import { z } from './zod';

export const SES_SEND_MODES = ['manual', 'on_registration', 'daily'] as const;
export type SesSendMode = (typeof SES_SEND_MODES)[number];

/** `HH:MM`, 00:00 to 23:59. */
export const SesSendTimeSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.invalidFormat');

/** One kind's mode; a daily one needs its time (the establishment's clock). */
export const SesKindScheduleSchema = z
  .object({
    mode: z.enum(SES_SEND_MODES),
    time: SesSendTimeSchema.nullable().optional(),
  })
  .refine((v) => v.mode !== 'daily' || !!v.time, {
    message: 'validation.required',
    path: ['time'],
  });
export type SesKindSchedule = z.infer<typeof SesKindScheduleSchema>;

/** GET and PUT /api/establishments/{id}/ses-schedule. */
export const SesScheduleSchema = z.object({
  PV: SesKindScheduleSchema,
  RH: SesKindScheduleSchema,
});
export type SesSchedule = z.infer<typeof SesScheduleSchema>;

/** Why a traveler is still to report: never sent, refused or rejected, or sent with no answer. */
export const SES_TO_REPORT_STATES = ['unsent', 'rejected', 'unknown'] as const;
export type SesToReportState = (typeof SES_TO_REPORT_STATES)[number];

export const SesToReportItemSchema = z.object({
  pilgrimId: IdSchema,
  establishmentId: IdSchema,
  establishmentName: z.string(),
  /**
   * Where the traveler goes (decision 057): `ses` or `ertzaintza` (sent from Hospes, decision 061),
   * `mossos` (the file uploaded on the portal, and its upload confirmed here). Absent: ses.
   */
  authority: z.enum(['ses', 'mossos', 'ertzaintza']).optional(),
  name: z.string(),
  entryDate: z.string(),
  state: z.enum(SES_TO_REPORT_STATES),
  /** The Ministry's error, for a rejected one. */
  error: z.string().nullable(),
  /** When the 24 hours end (ISO instant), and the hours left (negative: past). */
  deadline: z.string(),
  hoursLeft: z.number(),
});
export type SesToReportItem = z.infer<typeof SesToReportItemSchema>;

/** GET /api/ses-to-report: the travelers to report of the caller's establishments, most urgent first. */
export const SesToReportQuerySchema = z.object({
  establishmentId: IdSchema.optional(),
  lng: z.string().max(20).optional(),
});

export const SesToReportResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(SesToReportItemSchema),
});
