import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LngQuerySchema, paginationOf } from '@hospes/shared/common';
import {
  CalendarExportResponseSchema,
  CreateFeedInputSchema,
  CreateReservationInputSchema,
  FeedListResponseSchema,
  FeedResponseSchema,
  ImportReservationsInputSchema,
  ImportReservationsResponseSchema,
  ListReservationsQuerySchema,
  RESERVATION_CSV_COLUMNS,
  RESERVATION_CSV_MAX_CHARS,
  ReservationCheckinLinkResponseSchema,
  ReservationCursorPageSchema,
  ReservationGuestLinksResponseSchema,
  ReservationListResponseSchema,
  ReservationResponseSchema,
  SendCheckinLinkInputSchema,
  TodayArrivalsResponseSchema,
  UpdateReservationInputSchema,
} from '@hospes/shared/reservations';
import { z } from '@hospes/shared/zod';
import { AppError } from '../../lib/app-error';
import { actorOf } from '../../plugins/auth';
import { auditContext } from '../audit';
import type { ReservationCheckinService } from './checkin-links';
import { IdempotencyHeaders } from '../travelers';
import type { FeedsService } from './feeds';
import type { ReservationsService } from './reservations.service';

const tags = ['reservations'];
const security = [{ bearerAuth: [] }];
/** Ids are checked by the service, so that a malformed one answers 404 like an unknown one. */
const IdParams = z.object({ id: z.string().max(100) });

/** The address of the establishment's calendar export. */
export function calendarExportUrl(appUrl: string, token: string) {
  return `${appUrl.replace(/\/+$/, '')}/api/public/calendars/${encodeURIComponent(token)}`;
}

export const reservationsRoutes: FastifyPluginAsyncZod<{
  reservations: ReservationsService;
  feeds: FeedsService;
  checkinLinks: ReservationCheckinService;
  appUrl: string;
}> = async (app, { reservations, feeds, checkinLinks, appUrl }) => {
  app.get(
    '/establishments/:id/reservations',
    {
      config: { permission: 'travelers.view' },
      schema: {
        tags,
        summary: 'The reservations of an establishment, by arrival date',
        description:
          '`from`: still running after that day (departure after it); `to`: arriving on or before ' +
          'it; `status`. Each reservation lists the live reservations of the same unit whose ' +
          'nights overlap it (`overlapsWith`). For a sync, `cursor=start` pages by cursor ' +
          'instead (`pagination.nextCursor`, null at the end), in the order the reservations ' +
          'were entered.',
        security,
        params: IdParams,
        querystring: ListReservationsQuerySchema,
        response: { 200: z.union([ReservationListResponseSchema, ReservationCursorPageSchema]) },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      const { cursor } = request.query;
      if (cursor !== undefined) {
        const walk = await reservations.listByCursor(actorOf(request), request.params.id, {
          ...request.query,
          cursor,
        });
        return {
          success: true as const,
          data: walk.data,
          pagination: { limit: request.query.limit, nextCursor: walk.nextCursor },
        };
      }
      const { data, total } = await reservations.list(
        actorOf(request),
        request.params.id,
        request.query,
      );
      return {
        success: true as const,
        data,
        pagination: paginationOf(total, request.query.page, request.query.limit),
      };
    },
  );

  app.post(
    '/establishments/:id/reservations',
    {
      config: { permission: 'travelers.register' },
      schema: {
        tags,
        summary: 'Enter a reservation by hand',
        description:
          'With an `Idempotency-Key` header, the same key again answers the reservation it ' +
          'created (header `idempotent-replayed: true`) instead of creating a second one; the ' +
          'same key with other data answers 422 IDEMPOTENCY_KEY_REUSED.',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        headers: IdempotencyHeaders,
        body: CreateReservationInputSchema,
        response: { 201: ReservationResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const { reservation, replayed } = await reservations.create(
        actorOf(request),
        request.params.id,
        request.body,
        auditContext(request),
        request.headers['idempotency-key'],
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send({ success: true as const, data: reservation });
    },
  );

  app.get(
    '/establishments/:id/reservations/today',
    {
      config: { permission: 'travelers.view' },
      schema: {
        tags,
        summary: 'Today’s arrivals: the reservations arriving today by the establishment’s clock',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        response: { 200: TodayArrivalsResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await reservations.today(actorOf(request), request.params.id),
    }),
  );

  app.post(
    '/establishments/:id/reservations/import',
    {
      config: { permission: 'travelers.import' },
      bodyLimit: RESERVATION_CSV_MAX_CHARS * 4 + 1024,
      schema: {
        tags,
        summary: 'Import reservations from a CSV file',
        description:
          `\`csv\`: the file's text, a header row naming the columns (${RESERVATION_CSV_COLUMNS.join(', ')}; ` +
          'holderName, arrival, departure and guests required), `;`, `,` or tab between fields, ' +
          'dates as YYYY-MM-DD or DD/MM/YYYY. Every row is checked first: one bad row stores ' +
          'nothing (400 RESERVATION_IMPORT_INVALID, a detail per problem, field `rows.<line>.<column>`). ' +
          'A row whose `reference` was imported before updates that reservation.',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        body: ImportReservationsInputSchema,
        response: { 200: ImportReservationsResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await reservations.importCsv(
        actorOf(request),
        request.params.id,
        request.body.csv,
        auditContext(request),
      ),
    }),
  );

  app.get(
    '/reservations/:id',
    {
      config: { permission: 'travelers.view' },
      schema: {
        tags,
        summary: 'One reservation',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        response: { 200: ReservationResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await reservations.get(actorOf(request), request.params.id),
    }),
  );

  app.get(
    '/reservations/:id/checkin-link',
    {
      config: { permission: 'travelers.register' },
      schema: {
        tags,
        summary:
          'The check-in link of a reservation (made on first use), and its guests registered',
        description:
          'The public self check-in page opened on this reservation: it knows the nights and the ' +
          'guests, and each registration through it is attached to the reservation (decision ' +
          '066). 404 CHECKIN_LINK_INVALID for a cancelled reservation.',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        response: { 200: ReservationCheckinLinkResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await checkinLinks.link(actorOf(request), request.params.id),
    }),
  );

  app.get(
    '/reservations/:id/guest-links',
    {
      config: { permission: 'travelers.register' },
      schema: {
        tags,
        summary: 'One check-in link per guest of a reservation (made on first use)',
        description:
          'Slots 1 to the guests expected (1 is the holder: its page opens with the booking’s ' +
          'name and contact). Each registers one person once (409 CHECKIN_GUEST_REGISTERED), ' +
          'counted with the booking’s own link.',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        response: { 200: ReservationGuestLinksResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await checkinLinks.guestLinks(actorOf(request), request.params.id),
    }),
  );

  app.post(
    '/reservations/:id/checkin-link/send',
    {
      config: { permission: 'travelers.register' },
      schema: {
        tags,
        summary: 'E-mail the check-in link to the reservation’s holder',
        description:
          '`language`: the e-mail’s (default: the one it was last sent in, else Spanish); the ' +
          'reminder before the arrival uses it too. 400 EMAIL_REQUIRED without a holder’s ' +
          'e-mail; 503 MAIL_NOT_SENT when the mail server refused it.',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        body: SendCheckinLinkInputSchema,
        response: { 200: ReservationCheckinLinkResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await checkinLinks.send(
        actorOf(request),
        request.params.id,
        request.body.language,
        auditContext(request),
      ),
    }),
  );

  app.put(
    '/reservations/:id',
    {
      config: { permission: 'travelers.edit' },
      schema: {
        tags,
        summary: 'Change a reservation (its status included: confirmed, cancelled, checked in)',
        description:
          'A reservation from a calendar keeps following it: its dates and unit are the ' +
          'calendar’s at the next reading.',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        body: UpdateReservationInputSchema,
        response: { 200: ReservationResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await reservations.update(
        actorOf(request),
        request.params.id,
        request.body,
        auditContext(request),
      ),
    }),
  );

  // ---- calendar feeds ----

  app.get(
    '/establishments/:id/reservation-feeds',
    {
      config: { permission: 'establishment.manage' },
      schema: {
        tags,
        summary: 'The channels’ calendars (iCal) of an establishment, with their last reading',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        response: { 200: FeedListResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await feeds.list(actorOf(request), request.params.id),
    }),
  );

  app.post(
    '/establishments/:id/reservation-feeds',
    {
      config: { permission: 'establishment.manage' },
      schema: {
        tags,
        summary: 'Add a channel’s calendar (iCal address) for a unit; it is read at once',
        description:
          'http or https only. The answer holds the first reading’s outcome (`lastResult`, ' +
          '`lastError`); a failed reading still adds the feed, read again on the schedule.',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        body: CreateFeedInputSchema,
        response: { 201: FeedResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) =>
      reply.code(201).send({
        success: true as const,
        data: await feeds.create(actorOf(request), request.params.id, request.body),
      }),
  );

  app.post(
    '/reservation-feeds/:id/fetch',
    {
      config: { permission: 'establishment.manage' },
      schema: {
        tags,
        summary: 'Read a channel’s calendar now',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        response: { 200: FeedResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await feeds.fetchNow(actorOf(request), request.params.id),
    }),
  );

  app.delete(
    '/reservation-feeds/:id',
    {
      config: { permission: 'establishment.manage' },
      schema: {
        tags,
        summary: 'Remove a channel’s calendar (its reservations stay, no longer followed)',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        response: { 200: z.object({ success: z.literal(true) }) },
      },
      onRequest: app.requireUser,
    },
    async (request) => {
      await feeds.remove(actorOf(request), request.params.id);
      return { success: true as const };
    },
  );

  // ---- the calendar export ----

  const exportRoute =
    (renew: boolean) =>
    async (request: { params: { id: string } } & Parameters<typeof actorOf>[0]) => ({
      success: true as const,
      data: {
        url: calendarExportUrl(
          appUrl,
          await reservations.exportToken(actorOf(request), request.params.id, renew),
        ),
      },
    });

  app.get(
    '/establishments/:id/reservations/calendar-export',
    {
      config: { permission: 'establishment.manage' },
      schema: {
        tags,
        summary:
          'The secret address of the establishment’s calendar for the channels (made on first use)',
        description: 'Add `?unit=<unit>` to it for one unit’s calendar (a channel’s listing).',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        response: { 200: CalendarExportResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => exportRoute(false)(request),
  );

  app.post(
    '/establishments/:id/reservations/calendar-export/renew',
    {
      config: { permission: 'establishment.manage' },
      schema: {
        tags,
        summary: 'A new secret address for the calendar export (the old one stops working)',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        response: { 200: CalendarExportResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => exportRoute(true)(request),
  );

  app.get(
    '/public/calendars/:token',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'The establishment’s reservations as an iCalendar file, for the channels',
        description:
          'No session: the secret address is the key. Live reservations from 30 days ago on, as ' +
          'all-day events (arrival to departure) that say only “Hospes” and the unit. `unit`: ' +
          'one unit’s reservations only.',
        params: z.object({ token: z.string().max(64) }),
        querystring: z.object({ unit: z.string().trim().max(100).optional() }),
        response: { 200: z.any().describe('text/calendar') },
      },
    },
    async (request, reply) => {
      const text = await reservations.calendar(request.params.token, request.query.unit || null);
      if (text === null) throw new AppError('CALENDAR_EXPORT_NOT_FOUND');
      return reply.header('content-type', 'text/calendar; charset=utf-8').send(text);
    },
  );
};
