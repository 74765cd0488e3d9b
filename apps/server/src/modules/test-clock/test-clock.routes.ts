import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LngQuerySchema } from '@hospes/shared/common';
import { TestClockInputSchema, TestClockSchema } from '@hospes/shared/test-clock';
import { z } from '@hospes/shared/zod';
import type { TestClock } from '../../lib/test-clock';

const tags = ['system'];
const security = [{ bearerAuth: [] }];
const ClockResponse = z.object({ success: z.literal(true), data: TestClockSchema });

/**
 * The test clock (decision 047): registered only when TEST_CLOCK=true, which NODE_ENV=production
 * refuses; platform administrators only, since it moves the clock of every establishment.
 */
export const testClockRoutes: FastifyPluginAsyncZod<{ clock: TestClock }> = async (
  app,
  { clock },
) => {
  const state = () => ({
    success: true as const,
    data: { now: clock.now().toISOString(), offsetMs: clock.offsetMs() },
  });

  app.get(
    '/clock',
    {
      config: { permission: 'admin' },
      schema: {
        tags,
        summary: 'Tests only (TEST_CLOCK): what the server’s clock reads',
        security,
        querystring: LngQuerySchema,
        response: { 200: ClockResponse },
      },
      onRequest: app.requireAdmin,
    },
    async () => state(),
  );

  app.post(
    '/clock',
    {
      config: { permission: 'admin' },
      schema: {
        tags,
        summary: 'Tests only (TEST_CLOCK): move the server’s clock',
        description:
          '`at` sets the clock to an instant, `advanceMs` moves it; it runs on from there. It is ' +
          'the clock of the SES sends, lote checks, corrections, automatic sends and deadline ' +
          'guard; sessions, rate limits, the job queue and the dates the database stamps keep ' +
          'the real one. Exists only on a server started with TEST_CLOCK=true, never in production.',
        security,
        querystring: LngQuerySchema,
        body: TestClockInputSchema,
        response: { 200: ClockResponse },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      const input = request.body;
      if ('at' in input) clock.set(new Date(input.at));
      else clock.advance(input.advanceMs);
      const answer = state();
      request.log.warn(
        { now: answer.data.now, offsetMs: answer.data.offsetMs },
        'the test clock was moved',
      );
      return answer;
    },
  );
};
