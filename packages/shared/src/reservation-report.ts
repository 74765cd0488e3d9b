/**
 * The reservation report (RH, "reserva de hospedaje") of a reservation (decision 071): what was
 * sent of a booking to SES.HOSPEDAJES and where it stands. Built from the reservation (its holder
 * as the contract holder, TI) and the guests registered through its check-in link (VI); never
 * with data Hospes does not have.
 */
import { z } from 'zod';

/**
 * - `unreportable`: a required field is missing (see `problems`); nothing is sent;
 * - `not_connected`: the establishment has no web-service user (it uploads files by hand);
 * - `to_send`: ready, not sent yet (the send mode sends it, or the owner by hand);
 * - `sent`: on its way, or queued at the Ministry (a lote) and not processed yet;
 * - `accepted`: the Ministry stored it (`communicationCode`);
 * - `refused`: refused at the door, or rejected in its lote (`error`);
 * - `uncertain`: sent, and no answer came (the portal tells whether it was stored);
 * - `correction_pending`: dates or guests changed since it was stored: its cancellation goes,
 *   then the new one;
 * - `cancel_pending`: the booking was cancelled: the cancellation of the stored one is on its way;
 * - `cancelled`: the stored one is cancelled at the Ministry;
 * - `none`: cancelled before anything was stored: nothing to report.
 */
export const RESERVATION_REPORT_STATES = [
  'unreportable',
  'not_connected',
  'to_send',
  'sent',
  'accepted',
  'refused',
  'uncertain',
  'correction_pending',
  'cancel_pending',
  'cancelled',
  'none',
] as const;
export type ReservationReportState = (typeof RESERVATION_REPORT_STATES)[number];

/** Why a reservation cannot be reported (the field of the RH that would be made up otherwise). */
export const RESERVATION_REPORT_PROBLEMS = [
  'establishmentCode',
  'holderSurname',
  'holderContact',
  'paymentType',
] as const;
export type ReservationReportProblem = (typeof RESERVATION_REPORT_PROBLEMS)[number];

export const ReservationReportSchema = z.object({
  reservationId: z.string().uuid(),
  state: z.enum(RESERVATION_REPORT_STATES),
  problems: z.array(z.enum(RESERVATION_REPORT_PROBLEMS)),
  /**
   * What a send would send now: its alta, or the cancellation of the stored one (a correction's,
   * or a cancelled booking's); null: nothing (stored as it is, on its way, or not reportable).
   */
  action: z.enum(['alta', 'cancel']).nullable(),
  /** The code the Ministry stored the current communication under. */
  communicationCode: z.string().nullable(),
  /** The Ministry's reason for a refusal, or the failure of the latest request. */
  error: z.string().nullable(),
  /** The latest request of this reservation (an alta or a cancellation) and when it left. */
  submissionId: z.string().uuid().nullable(),
  sentAt: z.string().nullable(),
  /** How many guests went as VI in the latest alta. */
  guestsSent: z.number().int().nullable(),
});
export type ReservationReport = z.infer<typeof ReservationReportSchema>;

export const ReservationReportResponseSchema = z.object({
  success: z.literal(true),
  data: ReservationReportSchema,
});
export const ReservationReportListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(ReservationReportSchema),
});
