import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LngQuerySchema } from '@hospes/shared/common';
import {
  ContactMessageInputSchema,
  ContactMessageResponseSchema,
  PublicConfigResponseSchema,
} from '@hospes/shared/contact';
import { serverMessage } from '../../lib/i18n/server-texts';
import type { ContactService } from './contact.service';
import type { PublicConfigService } from './public-config';

const tags = ['public'];

/** The public site's calls, under /api: the contact form and the operator's public settings. */
export const contactRoutes: FastifyPluginAsyncZod<{
  contact: ContactService;
  publicConfig: PublicConfigService;
}> = async (app, { contact, publicConfig }) => {
  app.post(
    '/contact',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary:
          'Send a message from the contact form (stored, e-mailed to support; 5 an hour per address, CONTACT_MESSAGES_PER_HOUR from all addresses)',
        body: ContactMessageInputSchema,
        querystring: LngQuerySchema,
        response: { 201: ContactMessageResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await contact.submit(request.body, { ip: request.ip, lng: request.lng });
      return reply
        .code(201)
        .send({ success: true, message: serverMessage(request.lng, 'contactReceived'), data });
    },
  );

  app.get(
    '/public/config',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'Testimonials and operator details configured for the public pages',
        querystring: LngQuerySchema,
        response: { 200: PublicConfigResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { success: true as const, data: await publicConfig.get() };
    },
  );
};
