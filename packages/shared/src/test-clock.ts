/**
 * The test clock's call (decision 047): a server started with TEST_CLOCK=true, never in
 * production, lets a platform administrator move the clock of its SES sends and deadline guard.
 */
import { z } from './zod';

/** A year, either way: more is never what a test means. */
export const TEST_CLOCK_MAX_MS = 366 * 24 * 3_600_000;

/** `at`: the clock reads this instant from now on; `advanceMs`: the clock moves by this much. */
export const TestClockInputSchema = z.union([
  z.strictObject({ at: z.iso.datetime({ offset: true }) }),
  z.strictObject({
    advanceMs: z.number().int().min(-TEST_CLOCK_MAX_MS).max(TEST_CLOCK_MAX_MS),
  }),
]);
export type TestClockInput = z.infer<typeof TestClockInputSchema>;

/** What the clock reads now, and how far it is from the real one. */
export const TestClockSchema = z.object({
  now: z.string(),
  offsetMs: z.number().int(),
});
export type TestClockState = z.infer<typeof TestClockSchema>;
