/** The route of the SES.HOSPEDAJES file download. */
import { LngQuerySchema } from '@hospes/shared/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SesFileInputSchema } from '@hospes/shared/documents';
import { actorOf } from '../../../plugins/auth';
import { auditContext } from '../../audit';
import { FileResponse, IdParams, security, sendFile } from '../file-reply';
import type { AuthorityFilesService } from './authority-files.service';

export const authorityFilesRoutes: FastifyPluginAsyncZod<{
  authorityFiles: AuthorityFilesService;
}> = async (app, { authorityFiles }) => {
  app.post(
    '/establishments/:id/ses-xml',
    {
      config: { permission: 'ses.send' },
      schema: {
        tags: ['documents'],
        summary: 'The SES.HOSPEDAJES file (partes PV or reservas RH) of an establishment',
        description:
          'The XML (application/xml) or, with `format: "solicitud"`, the zipped and Base64-encoded ' +
          'XML the web service takes (text/plain). 422 SES_PREFLIGHT_FAILED lists every problem in ' +
          '`details` (`field` = `<travelerId>.<field>`, `travelerId`, `travelerName`, `code`, `message` in the ' +
          'request language); in a parte (PV), a self check-in the desk has not confirmed yet is one ' +
          '(`ses.notConfirmed`: no arrival to report); 422 SES_NO_TRAVELERS, SES_TOO_MANY_COMMUNICATIONS (over 100); 409 ' +
          'SES_OTHER_AUTHORITY when the establishment reports to the Mossos d’Esquadra or the Ertzaintza.',
        security,
        params: IdParams,
        querystring: LngQuerySchema,
        body: SesFileInputSchema,
        response: { 200: FileResponse.describe('the file') },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      const file = await authorityFiles.sesFile(
        actorOf(request),
        request.params.id,
        request.body,
        auditContext(request),
      );
      return sendFile(reply.header('x-total-count', String(file.count)), file);
    },
  );
};
