/**
 * One timer per job (electron/core/sync/job.ts): asked to run soon while it
 * runs, a job runs once more after, never in a second chain; stopped, it
 * has no timer left and its run in flight is awaited; started again while
 * that run is still in flight, it keeps one chain.
 */
import { describe, expect, it } from 'vitest';
import { createJob } from '../../../electron/core/sync/job.ts';
import { countedTimers } from '../../support/timers.ts';

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

/** Turns of the event loop until `check` holds: a timer of 0 ms fires after 1 ms, which a warm loop can outrun. */
const until = async (check: () => boolean) => {
  const deadline = Date.now() + 5_000;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
  expect(check()).toBe(true);
};

describe('a job', () => {
  it('asked to run soon during a run runs once more after it, with one timer at most', async () => {
    const timers = countedTimers();
    const runs = gatedRuns();
    const job = createJob(runs.run, { interval: () => 60_000, timers });
    job.start(0);
    await until(() => runs.started() === 1);
    for (let i = 0; i < 50; i++) job.soon();
    expect(timers.pending()).toBe(0);
    runs.finish();
    await until(() => runs.started() === 2);
    runs.finish();
    // The run asked for was made; the next waits for the interval.
    await until(() => timers.pending() === 1);
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
    await until(() => runs.started() === 1);
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
    await until(() => runs.started() === 1);
    void job.stop();
    job.start(0);
    expect(timers.pending()).toBe(0);
    runs.finish();
    await until(() => timers.pending() === 1);
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
    await until(() => errors.length === 1 && timers.pending() === 1);
    await job.stop();
    expect(timers.pending()).toBe(0);
  });
});
