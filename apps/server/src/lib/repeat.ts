/**
 * Background work run again and again: `run` at `start()` (or one interval after it), then
 * `intervalMs` after each run ends, one run at a time, the timer never keeping the process alive.
 * `stop()` cancels the timer, aborts the signal the runs get, and waits for a run under way.
 * `run` handles its own failures (a throw would end nothing, but is not logged here).
 */
export function repeatEvery(
  run: (signal: AbortSignal) => Promise<void>,
  intervalMs: number,
  options: { atStart: boolean },
) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const stopping = new AbortController();

  function wait() {
    timer = setTimeout(tick, intervalMs);
    timer.unref();
  }

  function tick() {
    timer = null;
    running = run(stopping.signal)
      .catch(() => undefined)
      .finally(() => {
        running = null;
        if (!stopped) wait();
      });
  }

  return {
    start() {
      if (stopped || timer || running) return;
      if (options.atStart) tick();
      else wait();
    },
    async stop() {
      stopped = true;
      stopping.abort();
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
