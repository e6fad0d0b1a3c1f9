/**
 * The outbox commands through main(argv, out, err) against the reference
 * service: check-in, check-out and undo (exit 0 when delivered or queued,
 * also with the service down; 1 for refusals; 2 for wrong usage),
 * `push events`, `outbox retry`, and the exit codes of bin/foyer.mjs as a
 * separate process. Pushing identities and profiles: cli-push.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { FOYER, serviceState, type SeededGuest } from './helpers.ts';
import {
  dataDir,
  downUrl,
  endBackoffs,
  foyer,
  guests,
  outboxRows,
  SAMPLES,
  setUpCliService,
  svc,
} from './cli-fixture.ts';

setUpCliService();

describe('check-in, check-out, undo', () => {
  it('exit 0 when delivered, with the PIN; 1 when refused; 2 for wrong usage', async () => {
    const dir = await dataDir();
    const [g1, g2] = guests as [SeededGuest, SeededGuest];
    const checkIn = await foyer('check-in', String(g1.id), '--data-dir', dir);
    expect(checkIn.code, checkIn.out + checkIn.err).toBe(0);
    expect(checkIn.out).toContain('CHECKED_IN (pending): Check in Guest0');
    expect(checkIn.out).toMatch(/delivered: CHECKED_IN, PIN \d{6}/);
    expect(serviceState(svc.db, g1.id)).toBe('CHECKED_IN');

    // A double tap is refused locally: nothing queued.
    const again = await foyer('check-in', String(g1.id), '--data-dir', dir);
    expect(again.code).toBe(1);
    expect(again.out).toContain('cannot be checked in');

    expect((await foyer('check-out', String(g1.id), '--data-dir', dir)).code).toBe(0);
    expect(serviceState(svc.db, g1.id)).toBe('CHECKED_OUT');
    const undo = await foyer('undo', String(g1.id), '--data-dir', dir);
    expect(undo.code).toBe(1);
    expect(undo.out).toContain('cannot be undone');

    expect((await foyer('check-in', '999999', '--data-dir', dir)).code).toBe(1);
    for (const argv of [
      ['check-in'],
      ['check-in', 'abc'],
      ['check-in', '0'],
      ['check-out', '1', '2'],
      ['undo', '--bogus', '1'],
    ]) {
      const run = await foyer(...argv, '--data-dir', dir);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.err).toContain('Usage: foyer check-in|check-out|undo ID');
    }
    expect(outboxRows(dir).map((r) => r.state)).toEqual(['delivered', 'delivered']);
    expect(serviceState(svc.db, g2.id)).toBe('EXPECTED');
  });

  it('exit 0 when the service already has the check-in; exit 1 when it refuses, with the guest shown as it shows them', async () => {
    const dir = await dataDir();
    const [guest, left] = [guests[2]!, guests[5]!];
    const transition = (id: number, eventName: string) =>
      svc.call('POST', '/check-ins/transitions', { body: { eventName, checkIn: { id } } });
    await transition(guest.id, 'CHECK_IN');
    const done = await foyer('check-in', String(guest.id), '--data-dir', dir);
    expect(done.code, done.out + done.err).toBe(0);
    expect(done.out).toContain('delivered: CHECKED_IN');

    await transition(left.id, 'CHECK_IN');
    await transition(left.id, 'CHECK_OUT');
    const run = await foyer('check-in', String(left.id), '--data-dir', dir);
    expect(run.code).toBe(1);
    expect(run.out).toContain('refused by the service');
    expect(run.out).toContain('the service already shows this guest as left (CHECKED_OUT)');
    expect(run.out).toContain('The guest is now shown as CHECKED_OUT');
    const listed = await foyer('outbox', '--data-dir', dir);
    expect(listed.code).toBe(0);
    expect(listed.out).toContain('1 conflict(s) for the desk');
  });

  it('exit 0 with the service down: queued, and delivered by the next command once it is back', async () => {
    const dir = await dataDir(downUrl);
    const guest = guests[3]!;
    const run = await foyer('check-in', String(guest.id), '--data-dir', dir);
    expect(run.code, run.out + run.err).toBe(0);
    expect(run.out).toContain('CHECKED_IN (pending)');
    expect(run.out).toContain('1 item(s) waiting in the outbox');
    expect(serviceState(svc.db, guest.id)).toBe('EXPECTED');
    expect(outboxRows(dir)[0]).toMatchObject({ state: 'pending', attempts: 1 });

    expect((await foyer('config', 'set', 'baseUrl', svc.baseUrl, '--data-dir', dir)).code).toBe(0);
    // sync --once delivers what is due before it pulls: the row's backoff is over first (moved, not waited out).
    expect(outboxRows(dir)[0]!.nextAttemptAt).not.toBeNull();
    endBackoffs(dir);
    const sync = await foyer('sync', '--once', '--data-dir', dir);
    expect(sync.code, sync.out + sync.err).toBe(0);
    expect(outboxRows(dir)[0]!.state).toBe('delivered');
    expect(serviceState(svc.db, guest.id)).toBe('CHECKED_IN');
  });
});

describe('push events, outbox retry', () => {
  it('pushes the events sample (exit 0) and the JSON sample', async () => {
    const dir = await dataDir(svc.baseUrl, false);
    const csv = await foyer('push', 'events', `${SAMPLES}events.csv`, '--data-dir', dir);
    expect(csv.code, csv.out + csv.err).toBe(0);
    expect(csv.out).toContain('3 row(s) read, 2 valid events');
    expect(csv.out).toContain('results: 2 SUCCESS');
    const invitations = svc.db
      .prepare(
        "SELECT count(*) FROM invitations i JOIN events e ON e.id = i.event_id WHERE e.source_id = 'evt-2026-audit'",
      )
      .pluck()
      .get();
    expect(invitations).toBe(2);
    expect((await foyer('push', 'events', `${SAMPLES}events.json`, '--data-dir', dir)).code).toBe(0);
  });

  it('retries a failed row by its id (exit 0), refuses others (exit 1)', async () => {
    const dir = await dataDir(svc.baseUrl, true);
    const guest = guests[4]!;
    const transition = (eventName: string) =>
      svc.call('POST', '/check-ins/transitions', { body: { eventName, checkIn: { id: guest.id } } });
    expect((await foyer('check-in', String(guest.id), '--data-dir', dir)).code).toBe(0);
    // Undone at the service meanwhile: the check-out is refused, and the guest shown as expected.
    await transition('UNDO_CHECK_IN');
    expect((await foyer('check-out', String(guest.id), '--data-dir', dir)).code).toBe(1);
    const failed = outboxRows(dir).find((r) => r.state === 'failed')!;
    // A retry of the check-out is refused locally...
    const retried = await foyer('outbox', 'retry', String(failed.id), '--data-dir', dir);
    expect(retried.code).toBe(1);
    expect(retried.out).toContain('cannot be checked out');
    // ...while once checked in again at the service, it can be retried and goes through.
    await transition('CHECK_IN');
    expect((await foyer('sync', '--once', '--data-dir', dir)).code).toBe(0);
    const ok = await foyer('outbox', 'retry', String(failed.id), '--data-dir', dir);
    expect(ok.code, ok.out + ok.err).toBe(0);
    expect(ok.out).toMatch(/queued again as item \d+: Check out Guest4/);
    expect(serviceState(svc.db, guest.id)).toBe('CHECKED_OUT');
    const delivered = outboxRows(dir).find((r) => r.state === 'delivered')!;
    const notFailed = await foyer('outbox', 'retry', String(delivered.id), '--data-dir', dir);
    expect(notFailed.code).toBe(1);
    expect(notFailed.out).toContain('only failed items can be retried');
  });
});

describe('bin/foyer.mjs as a separate process', () => {
  it('returns the exit codes to the shell', async () => {
    const dir = await dataDir(downUrl, false);
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [FOYER, ...args, '--data-dir', dir], { encoding: 'utf8', timeout: 60_000 });
    const queued = run('push', 'identities', `${SAMPLES}identities.json`);
    expect(queued.status, queued.stdout + queued.stderr).toBe(0);
    expect(queued.stdout).toContain('waiting in the outbox');
    const errors = run('push', 'identities', `${SAMPLES}identities-with-errors.csv`);
    expect(errors.status).toBe(1);
    const usage = run('push', 'identities');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('Usage: foyer push');
  }, 60_000);
});
