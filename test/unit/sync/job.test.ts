/**
 * One timer per job (electron/core/sync/job.ts): asked to run soon while it
 * runs, a job runs once more after, never in a second chain; stopped, it
 * has no timer left and its run in flight is awaited; started again while
 * that run is still in flight, it keeps one chain.
 */
import { describe, expect, it } from 'vitest';
import { createJob } from '../../../electron/core/sync/job.ts';
import { countedTimers } from '../../support/timers.ts';
import { until } from '../../support/until.ts';

/** Runs that each end when the test says (finish), in the order they started. */
function gatedRuns() {
  const gates: (() => void)[] = [];
  let started = 0;
  return {
    run: () => {
      started++;
      return new Promise<void>((resolve) => gates.push(resolve));
    },
    started: () => started,
    finish: () => gates.shift()?.(),
  };
}

describe('a job', () => {
  it('asked to run soon during a run runs once more after it, with one timer at most', async () => {
    const timers = countedTimers();
    const runs = gatedRuns();
    const job = createJob(runs.run, { interval: () => 60_000, timers });
    job.start(0);
    await until(() => runs.started() === 1, 'run 1 to start');
    for (let i = 0; i < 50; i++) job.soon();
    expect(timers.pending()).toBe(0);
    runs.finish();
    await until(() => runs.started() === 2, 'run 2 to start');
    runs.finish();
    // The run asked for was made; the next waits for the interval.
    await until(() => timers.pending() === 1, 'the timer of the next run');
    expect(runs.started()).toBe(2);
    expect(timers.mostPending()).toBe(1);
    await job.stop();
    expect(timers.pending()).toBe(0);
  });

  it('stopped during a run: stop waits for it, and nothing is armed after', async () => {
    const timers = countedTimers();
    const runs = gatedRuns();
    const job = createJob(runs.run, { interval: () => 10, timers });
    job.start(0);
    await until(() => runs.started() === 1, 'run 1 to start');
    job.soon();
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    runs.finish();
    await stopping;
    expect(timers.pending()).toBe(0);
    job.soon();
    expect(timers.pending()).toBe(0);
  });

  it('started again while the run of before is in flight: one chain', async () => {
    const timers = countedTimers();
    const runs = gatedRuns();
    const job = createJob(runs.run, { interval: () => 60_000, timers });
    job.start(0);
    await until(() => runs.started() === 1, 'run 1 to start');
    void job.stop();
    job.start(0);
    expect(timers.pending()).toBe(0);
    runs.finish();
    await until(() => timers.pending() === 1, 'the timer of the next run');
    expect(timers.mostPending()).toBe(1);
    await job.stop();
  });

  it('a run that throws is told, and the job goes on at its interval', async () => {
    const timers = countedTimers();
    const errors: unknown[] = [];
    const job = createJob(
      () => {
        throw new Error('disk full');
      },
      { interval: () => 60_000, timers, onError: (error) => errors.push(error) },
    );
    job.start(0);
    await until(() => errors.length === 1 && timers.pending() === 1, 'the error, and the timer of the next run');
    await job.stop();
    expect(timers.pending()).toBe(0);
  });
});
