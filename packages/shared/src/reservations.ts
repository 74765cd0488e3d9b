/**
 * Reservations per establishment (issue 32, decision 060): entered by hand, imported from a CSV
 * file, or kept in step with a channel's calendar (iCal) by UID; and the calendar feeds.
 */
import {
  CursorPaginationSchema,
  CursorQueryParam,
  EmailSchema,
  PaginationSchema,
  PhoneSchema,
  text,
} from './common';
import { PAYMENT_TYPES } from './codes';
import { isIsoDate } from './dates';
import { LANGUAGES } from './languages';
import { IsoDateSchema, nullish, queryParam, queryParamWithDefault } from './fields';
import { z } from './zod';

export const RESERVATION_STATUSES = ['confirmed', 'cancelled', 'checked_in'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
export const RESERVATION_SOURCES = ['manual', 'csv', 'ical'] as const;
export type ReservationSource = (typeof RESERVATION_SOURCES)[number];

/** The longest stay a reservation may cover (a year): a wrong year typed is refused. */
export const RESERVATION_MAX_NIGHTS = 366;
export const RESERVATION_MAX_GUESTS = 99;

const nights = (arrival: string, departure: string) =>
  Math.round(
    (Date.parse(`${departure}T00:00:00Z`) - Date.parse(`${arrival}T00:00:00Z`)) / 86400000,
  );

/** Departure after arrival, within RESERVATION_MAX_NIGHTS: the error is on `departure`. */
function checkDates(
  value: { arrival?: string | undefined; departure?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (!value.arrival || !value.departure) return;
  if (!isIsoDate(value.arrival) || !isIsoDate(value.departure)) return;
  const n = nights(value.arrival, value.departure);
  if (n < 1)
    ctx.addIssue({
      code: 'custom',
      path: ['departure'],
      message: 'validation.departureAfterArrival',
    });
  else if (n > RESERVATION_MAX_NIGHTS)
    ctx.addIssue({ code: 'custom', path: ['departure'], message: 'validation.stayTooLong' });
}

const reservationFields = {
  holderName: text(200),
  holderEmail: nullish(EmailSchema),
  holderPhone: nullish(PhoneSchema),
  arrival: IsoDateSchema,
  departure: IsoDateSchema,
  guests: z.coerce.number().int().min(1).max(RESERVATION_MAX_GUESTS),
  /** The room or apartment: reservations on the same unit must not overlap. */
  unit: nullish(text(100)),
  /** Where it was booked: Booking.com, Airbnb, the establishment's site, a telephone call… */
  channel: nullish(text(60)),
  paymentType: nullish(z.enum(PAYMENT_TYPES)),
  notes: nullish(z.string().trim().max(2000)),
};

export const CreateReservationInputSchema = z
  .object({ ...reservationFields, status: z.enum(RESERVATION_STATUSES).default('confirmed') })
  .superRefine(checkDates);
export type CreateReservationInput = z.infer<typeof CreateReservationInputSchema>;

export const UpdateReservationInputSchema = z
  .object({
    ...reservationFields,
    status: z.enum(RESERVATION_STATUSES),
  })
  .partial()
  .superRefine(checkDates);
export type UpdateReservationInput = z.infer<typeof UpdateReservationInputSchema>;

export const ReservationSchema = z.object({
  id: z.string(),
  establishmentId: z.string(),
  holderName: z.string(),
  holderEmail: z.string().nullable(),
  holderPhone: z.string().nullable(),
  arrival: z.string(),
  departure: z.string(),
  guests: z.number().int(),
  unit: z.string().nullable(),
  channel: z.string().nullable(),
  paymentType: z.enum(PAYMENT_TYPES).nullable(),
  status: z.enum(RESERVATION_STATUSES),
  notes: z.string().nullable(),
  source: z.enum(RESERVATION_SOURCES),
  /** The calendar it came from (source ical), and the event's UID there. */
  feedId: z.string().nullable(),
  externalUid: z.string().nullable(),
  /** Other live reservations of the same unit whose nights overlap this one's. */
  overlapsWith: z.array(z.string()),
  /**
   * The guests registered through its check-in link (decision 066); complete when it reaches
   * `guests`.
   */
  registeredGuests: z.number().int(),
  /** When its holder was reminded to complete the check-in (sent once), or null. */
  reminderSentAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Reservation = z.infer<typeof ReservationSchema>;

export const ReservationResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: ReservationSchema,
});

export const ListReservationsQuerySchema = z.object({
  lng: z.string().max(20).optional(),
  /** Reservations still running on or after this day (departure after it). */
  from: queryParam(IsoDateSchema),
  /** Reservations arriving on or before this day. */
  to: queryParam(IsoDateSchema),
  status: queryParam(z.enum(RESERVATION_STATUSES)),
  /**
   * Cursor pagination for a partner's sync (decision 068): `start` begins, each answer's
   * `pagination.nextCursor` continues; the reservations then come in the order they were entered.
   */
  cursor: CursorQueryParam,
  page: queryParamWithDefault(z.coerce.number().int().min(1).max(100000), 1),
  limit: queryParamWithDefault(z.coerce.number().int().min(1).max(200), 50),
});
export type ListReservationsQuery = z.infer<typeof ListReservationsQuerySchema>;

export const ReservationListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(ReservationSchema),
  pagination: PaginationSchema,
});

/** A page of a cursor walk (`cursor` given): no total, the cursor of the next page or null. */
export const ReservationCursorPageSchema = z.object({
  success: z.literal(true),
  data: z.array(ReservationSchema),
  pagination: CursorPaginationSchema,
});

/** Today's arrivals at the desk: reservations arriving on the establishment's day. */
export const TodayArrivalsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ day: z.string(), reservations: z.array(ReservationSchema) }),
});

// ---- The check-in link of a reservation (decision 066) ----

export const ReservationCheckinLinkSchema = z.object({
  /** The public self check-in page opened on this reservation (a secret: 192 random bits). */
  url: z.string(),
  guests: z.number().int(),
  registeredGuests: z.number().int(),
});
export type ReservationCheckinLink = z.infer<typeof ReservationCheckinLinkSchema>;
export const ReservationCheckinLinkResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: ReservationCheckinLinkSchema,
});

/** POST /api/reservations/{id}/checkin-link/send: the e-mail's language (the holder's). */
export const SendCheckinLinkInputSchema = z.object({
  language: z.enum(LANGUAGES).optional(),
});

// ---- CSV import ----

/**
 * The columns of a reservations CSV file (the header row names them; order free). `reference`,
 * when given, is the booking's reference: importing the file again updates those reservations
 * instead of adding them twice. Dates as YYYY-MM-DD or DD/MM/YYYY.
 */
export const RESERVATION_CSV_COLUMNS = [
  'reference',
  'holderName',
  'holderEmail',
  'holderPhone',
  'arrival',
  'departure',
  'guests',
  'unit',
  'channel',
  'paymentType',
  'status',
  'notes',
] as const;
export const RESERVATION_CSV_REQUIRED = ['holderName', 'arrival', 'departure', 'guests'] as const;
/** The most rows one file may hold, and its size (characters). */
export const RESERVATION_CSV_MAX_ROWS = 2000;
export const RESERVATION_CSV_MAX_CHARS = 1_000_000;

export const ImportReservationsInputSchema = z.object({
  /** The file's text (the web app decodes UTF-8, else Windows-1252). */
  csv: z.string().min(1).max(RESERVATION_CSV_MAX_CHARS),
});

export const ImportReservationsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: z.object({ created: z.number().int(), updated: z.number().int() }),
});

// ---- Calendar feeds (iCal import) and the export ----

export const FEED_FETCH_RESULTS = ['ok', 'not_modified', 'error'] as const;
export type FeedFetchResult = (typeof FEED_FETCH_RESULTS)[number];

/** Why a fetch failed: each has a text in the web app. */
export const FEED_ERRORS = [
  'address_refused',
  'unreachable',
  'timeout',
  'http_status',
  'too_large',
  'invalid_calendar',
] as const;
export type FeedError = (typeof FEED_ERRORS)[number];

export const FeedUrlSchema = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .regex(/^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i, 'validation.feedUrl');

export const CreateFeedInputSchema = z.object({
  /** The room or apartment the calendar is for: its reservations go on this unit. */
  unit: text(100),
  channel: text(60),
  url: FeedUrlSchema,
});
export type CreateFeedInput = z.infer<typeof CreateFeedInputSchema>;

export const FeedSchema = z.object({
  id: z.string(),
  establishmentId: z.string(),
  unit: z.string(),
  channel: z.string(),
  /** The address as the owner pasted it (it is a secret of the channel: only members see it). */
  url: z.string(),
  lastFetchedAt: z.string().nullable(),
  lastResult: z.enum(FEED_FETCH_RESULTS).nullable(),
  lastError: z.enum(FEED_ERRORS).nullable(),
  /** The HTTP status of an `http_status` error. */
  lastErrorStatus: z.number().int().nullable(),
  /** What the last successful read changed. */
  lastChanges: z
    .object({ created: z.number().int(), updated: z.number().int(), cancelled: z.number().int() })
    .nullable(),
  createdAt: z.string(),
});
export type Feed = z.infer<typeof FeedSchema>;

export const FeedResponseSchema = z.object({ success: z.literal(true), data: FeedSchema });
export const FeedListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(FeedSchema),
});

export const CalendarExportSchema = z.object({
  /** The secret address of the establishment's calendar (`.ics`), for the channels. */
  url: z.string(),
});
export const CalendarExportResponseSchema = z.object({
  success: z.literal(true),
  data: CalendarExportSchema,
});

// ---- One check-in link per guest (decision 071) ----
export const ReservationGuestLinkSchema = z.object({
  /** 1 is the holder's. */
  slot: z.number().int(),
  url: z.string(),
  /** Someone registered through it. */
  registered: z.boolean(),
});
export type ReservationGuestLink = z.infer<typeof ReservationGuestLinkSchema>;
export const ReservationGuestLinksResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(ReservationGuestLinkSchema),
});
