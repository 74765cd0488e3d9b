import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PlatformSettingsResponseSchema,
  UpdatePlatformSettingsInputSchema,
} from '@hospes/shared/admin';
import { LngQuerySchema } from '@hospes/shared/common';
import { serverMessage } from '../../lib/i18n/server-texts';
import { auditContext } from '../audit';
import type { SettingsService } from './settings.service';

const security = [{ bearerAuth: [] }];

/** The admin screen's settings (decision 062): platform administrators only. */
export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (
  app,
  { settings },
) => {
  app.get(
    '/',
    {
      config: { permission: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'The run-time settings (support e-mail, the legal pages’ operator, login and contact limits, session lifetime), each with its environment value, what stays in the environment (no secret), and the latest changes',
        security,
        querystring: LngQuerySchema,
        response: { 200: PlatformSettingsResponseSchema },
      },
      onRequest: app.requireAdmin,
    },
    async () => ({ success: true as const, data: await settings.view() }),
  );

  app.patch(
    '/',
    {
      config: { permission: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Change settings while the server runs (null: back to the environment’s value); audited; other server processes see it within SESSION_CACHE_SECONDS',
        security,
        querystring: LngQuerySchema,
        body: UpdatePlatformSettingsInputSchema,
        response: { 200: PlatformSettingsResponseSchema },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => ({
      success: true as const,
      message: serverMessage(request.lng, 'settingsSaved'),
      data: await settings.update(request.body, auditContext(request)),
    }),
  );
};
