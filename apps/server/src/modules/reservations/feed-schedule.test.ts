/** The calendars' reading is a scheduled job of the queue (decision 041), every ICAL_FETCH_MINUTES. */
import { describe, expect, it } from 'vitest';
import type { JobHandler, ScheduleWhen, WorkOptions } from '../../lib/jobs/job-queue';
import { RESERVATION_FEEDS_JOB, scheduleFeedSync } from './feeds';

describe('the calendar reading job', () => {
  it('works its queue on a schedule, the first run at once, and each run reads every feed', async () => {
    const worked: { name: string; handler: JobHandler<object>; options?: WorkOptions }[] = [];
    const scheduled: { name: string; when: ScheduleWhen }[] = [];
    let runs = 0;
    await scheduleFeedSync(
      {
        work: async <T extends object>(
          name: string,
          handler: JobHandler<T>,
          options?: WorkOptions,
        ) => {
          worked.push({ name, handler: handler as JobHandler<object>, options });
        },
        schedule: async (name, when) => {
          scheduled.push({ name, when });
        },
      },
      {
        syncAll: async () => {
          runs++;
        },
      },
      15 * 60,
    );
    expect(scheduled).toEqual([
      { name: RESERVATION_FEEDS_JOB, when: { everySeconds: 900, atStart: true } },
    ]);
    expect(worked.map((w) => w.name)).toEqual([RESERVATION_FEEDS_JOB]);
    await worked[0]!.handler({}, { id: 'j1', retryCount: 0, signal: new AbortController().signal });
    expect(runs).toBe(1);
    // Cut short by a shutdown: the run is not done, so the queue retries it.
    const stopping = new AbortController();
    stopping.abort(new Error('stopping'));
    await expect(
      worked[0]!.handler({}, { id: 'j2', retryCount: 0, signal: stopping.signal }),
    ).rejects.toThrow('stopping');
  });
});
