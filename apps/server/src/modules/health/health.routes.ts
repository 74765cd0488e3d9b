import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '@hospes/shared/zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';

const HealthResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    status: z.literal('ok'),
    database: z.enum(['pglite', 'postgres']),
    version: z.string(),
  }),
});

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; version: string }> = async (
  app,
  { database, version },
) => {
  app.get(
    '/health',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: { 200: HealthResponseSchema },
      },
    },
    async (request) => {
      try {
        await database.db.execute(sql`select 1`);
      } catch (err) {
        throw new AppError('SERVICE_UNAVAILABLE', { cause: err });
      }
      void request;
      return {
        success: true as const,
        data: { status: 'ok' as const, database: database.kind, version },
      };
    },
  );
};
