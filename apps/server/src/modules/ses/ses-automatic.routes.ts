import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LngQuerySchema } from '@hospes/shared/common';
import {
  SesScheduleSchema,
  SesToReportQuerySchema,
  SesToReportResponseSchema,
} from '@hospes/shared/ses-auto';
import { z } from '@hospes/shared/zod';
import { actorOf } from '../../plugins/auth';
import { auditContext } from '../audit';
import type { SesAutomatic } from './ses-automatic';

const tags = ['ses'];
const security = [{ bearerAuth: [] }];
/** Ids are checked by the service, so that a malformed one answers 404 like an unknown one. */
const IdParams = z.object({ id: z.string().max(100) });
const ScheduleResponse = z.object({ success: z.literal(true), data: SesScheduleSchema });

/** Sending by itself and the deadline guard (decision 044). */
export const sesAutomaticRoutes: FastifyPluginAsyncZod<{ automatic: SesAutomatic }> = async (
  app,
  { automatic },
) => {
  app.get(
    '/establishments/:id/ses-schedule',
    {
      config: { permission: 'ses.send' },
      schema: {
        tags,
        summary: 'When partes (PV) and reservas (RH) of an establishment go to SES by themselves',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        response: { 200: ScheduleResponse },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await automatic.schedule(actorOf(request), request.params.id),
    }),
  );

  app.put(
    '/establishments/:id/ses-schedule',
    {
      config: { permission: 'ses.connection' },
      schema: {
        tags,
        summary: 'Set the send modes: manual, on_registration, or daily at HH:MM',
        description:
          '`daily` sends at `time` of the establishment’s clock (Canary Islands: their own); ' +
          '`on_registration` sends the travelers not yet sent every few minutes. Only the ' +
          'travelers registered since a mode was switched on are sent by themselves. 409 ' +
          'SES_NOT_CONNECTED for an automatic mode without a web-service user.',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        body: SesScheduleSchema,
        response: { 200: ScheduleResponse },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await automatic.setSchedule(
        actorOf(request),
        request.params.id,
        request.body,
        auditContext(request),
      ),
    }),
  );

  app.get(
    '/ses-to-report',
    {
      config: { permission: 'ses.send' },
      schema: {
        tags,
        summary: 'Travelers still to report to SES, with the hours left of the 24 (RD 933/2021)',
        description:
          'Of the caller’s establishments that send from Hospes (or one, `establishmentId`): the ' +
          'travelers registered in the last three days never sent, refused or rejected, or sent ' +
          'with no answer, most urgent first. The 24 hours count from the arrival, or from the ' +
          'registration when it came later.',
        security,
        querystring: SesToReportQuerySchema,
        response: { 200: SesToReportResponseSchema },
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      success: true as const,
      data: await automatic.toReport(actorOf(request), request.query.establishmentId),
    }),
  );
};
