/**
 * One timer per job: a job (a resource's pull, a delivery round, the look at
 * the automatic check-out's time) runs on its interval, at most one run at a
 * time and at most one timer waiting. Asked to run soon while it runs (work
 * queued during a delivery round), it runs once more right after, instead of
 * starting a second chain of timers. Stopped, it has no timer left, and
 * stop() resolves when the run in flight has ended: nothing of it fires once
 * the database is closed.
 */

/** The timer functions a job uses: the global ones, or a test's that counts them. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): NodeJS.Timeout;
  clearTimeout(handle: NodeJS.Timeout): void;
}

export const SYSTEM_TIMERS: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle),
};

export interface Job {
  /** Runs after `delay`, then on the interval, until stopped. */
  start(delay?: number): void;
  /** Runs at once, or right after the run in flight; nothing when the job is stopped. */
  soon(): void;
  /** Whether it runs (started and not stopped). */
  active(): boolean;
  /** Clears its timer; resolves when the run in flight (if any) has ended. */
  stop(): Promise<void>;
}

export interface JobOptions {
  /** The wait after a run, read after each (the configuration may have changed). */
  interval: () => number;
  timers?: Timers;
  /** A run that threw: the job goes on at its interval. */
  onError?: (error: unknown) => void;
}

export function createJob(run: () => Promise<unknown> | void, options: JobOptions): Job {
  const timers = options.timers ?? SYSTEM_TIMERS;
  let on = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  const disarm = () => {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
  };
  const arm = (delay: number) => {
    disarm();
    timer = timers.setTimeout(fire, delay);
  };
  function fire(): void {
    timer = undefined;
    running = (async () => {
      try {
        await run();
      } catch (error) {
        options.onError?.(error);
      }
    })().finally(() => {
      running = undefined;
      if (!on) return;
      const delay = again ? 0 : options.interval();
      again = false;
      arm(delay);
    });
  }

  return {
    start(delay = 0) {
      if (on) return;
      on = true;
      // A run still in flight from before a stop arms the next timer when it ends: one chain, not two.
      if (!running) arm(delay);
    },
    soon() {
      if (!on) return;
      if (running) again = true;
      else arm(0);
    },
    active: () => on,
    async stop() {
      on = false;
      again = false;
      disarm();
      await running;
    },
  };
}
