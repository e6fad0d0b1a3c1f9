/**
 * A machine whose disk is full (SQLite's max_page_count stands in for the
 * disk; raising it is space coming back) or cannot be written (query_only):
 * no write error escapes as an unhandled rejection, the status says what is
 * wrong, nothing stored is lost or damaged, and work resumes by itself.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../electron/core/api/client.ts';
import type { Mirror } from '../../../electron/core/db/mirror.ts';
import { syncCommand } from '../../../electron/core/cli/sync-command.ts';
import { openRuntime } from '../../../electron/core/runtime.ts';
import { createSyncEngine } from '../../../electron/core/sync/engine.ts';
import { syncWindow } from '../../../electron/core/sync/pulls/invitations.ts';
import { memoryOutput } from '../../support/cli.ts';
import { fillDisk as fillMirror, freeSpace as freeMirror } from '../../support/full-disk.ts';
import { startTestService, type TestService } from '../../support/service.ts';
import { countedTimers } from '../../support/timers.ts';
import {
  cleanup,
  countingClient,
  dataDirFor,
  makeConfig,
  outboxFor,
  seedGuests,
  serviceState,
  syncMirror,
  tempMirror,
} from '../outbox/helpers.ts';
import { until } from '../../support/until.ts';

let svc: TestService | undefined;
const escaped: unknown[] = [];
const onEscape = (error: unknown) => void escaped.push(error);
beforeEach(() => {
  escaped.length = 0;
  process.on('unhandledRejection', onEscape);
  process.on('uncaughtException', onEscape);
});
afterEach(async () => {
  process.off('unhandledRejection', onEscape);
  process.off('uncaughtException', onEscape);
  await cleanup();
  await svc?.close();
  svc = undefined;
});

/** Every timer every second, so that a test sees several rounds. */
const fastConfig = makeConfig({ intervals: { incrementalSeconds: 1, checkInsSeconds: 1, referenceSeconds: 1 } });

const fillDisk = (mirror: Mirror) => fillMirror(mirror.db);
const freeSpace = (mirror: Mirror) => freeMirror(mirror.db);
const integrity = (mirror: Mirror) => mirror.db.pragma('integrity_check', { simple: true });
const invitationCount = (mirror: Mirror) =>
  mirror.db.prepare('SELECT count(*) FROM invitations').pluck().get() as number;

describe('a full disk', () => {
  it('stops pulls with "the disk is full" in the status, keeps running, corrupts nothing, and resumes when space returns', async () => {
    svc = await startTestService();
    await seedGuests(svc, 3);
    const mirror = tempMirror();
    const client = countingClient(svc.baseUrl);
    await syncMirror(mirror, client.api);
    expect(invitationCount(mirror)).toBe(3);
    await seedGuests(svc, 200); // more than the full file can take
    const logged: string[] = [];
    const engine = createSyncEngine({
      mirror,
      api: client.api,
      config: () => fastConfig,
      log: (line) => void logged.push(line),
    });

    fillDisk(mirror);
    engine.start();
    await until(
      () =>
        engine.status.get().storage?.kind === 'disk_full' &&
        engine.status.get().resources.invitations.lastError?.kind === 'disk_full',
      'the status to say the disk is full, and the invitations to fail for it',
    );
    const status = engine.status.get();
    expect(status.storage?.message).toMatch(/^The disk is full: .*Free some disk space; syncing and sending resume/);
    expect(status.resources.invitations.lastError).toMatchObject({ kind: 'disk_full' });
    expect(logged.some((line) => /disk is full/.test(line))).toBe(true);

    // The timers go on (the process was not ended), and each try fails whole: the mirror is as it was.
    const requests = client.count();
    await until(() => client.count() > requests + 2, 'more pulls on their timers');
    expect(engine.status.get().storage?.kind).toBe('disk_full');
    expect(integrity(mirror)).toBe('ok');
    expect(invitationCount(mirror)).toBe(3);

    freeSpace(mirror);
    await until(() => engine.status.get().storage === null && invitationCount(mirror) === 203, 'sync to resume');
    expect(integrity(mirror)).toBe('ok');
    expect(logged.some((line) => /works again/.test(line))).toBe(true);
    await engine.stop();
    expect(escaped).toEqual([]);
  });

  it('a failed pull whose error cannot be recorded either (the original crash) is shown, not thrown', async () => {
    svc = await startTestService();
    const mirror = tempMirror();
    const client = countingClient(svc.baseUrl, { token: 'not-a-known-token' });
    const timers = countedTimers();
    const engine = createSyncEngine({ mirror, api: client.api, config: () => fastConfig, timers });
    // The pull fails (401) without writing; recording that failure is the write that cannot be made.
    mirror.db.pragma('query_only = 1');
    engine.start();
    await until(
      () => engine.status.get().storage !== null && engine.status.get().tokenRejected,
      'the status to say the token was refused and writing fails',
    );
    expect(engine.status.get().storage?.kind).toBe('storage');
    expect(engine.status.get().storage?.message).toMatch(/cannot write to its data directory/);
    // A round more of every timer: as many fired as were waiting (each job has one, every second).
    const [fired, waiting] = [timers.fired(), timers.pending()];
    await until(() => timers.fired() >= fired + waiting, 'a round more of every timer');
    await engine.stop();
    expect(escaped).toEqual([]);
  });
});

describe('a full disk during the first sync', () => {
  it('leaves a bulk load that is finished (indexes made again) once space returns: the kiosk finds its guests', async () => {
    svc = await startTestService();
    const { guests } = await seedGuests(svc, 180); // four pages of 50
    const mirror = tempMirror();
    const client = countingClient(svc.baseUrl);
    // The disk fills once the first rows are in (the indexes set aside), before the third page is asked for.
    let full = false;
    const api: ApiClient = {
      baseUrl: client.api.baseUrl,
      call: (async (endpoint, request, options) => {
        const offset = (request as { query?: { offset?: number } }).query?.offset ?? 0;
        if (endpoint === 'listInvitations' && offset >= 100 && !full) {
          while (invitationCount(mirror) === 0) await new Promise((resolve) => setImmediate(resolve));
          if (!full) fillDisk(mirror);
          full = true;
        }
        return client.api.call(endpoint, request, options);
      }) as ApiClient['call'],
      close: () => client.api.close(),
    };
    const engine = createSyncEngine({ mirror, api, config: () => fastConfig });
    engine.start();
    await until(
      () => engine.status.get().resources.invitations.lastError?.kind === 'disk_full',
      'the first sync to fail for the full disk',
    );
    expect(mirror.bulkLoad.active()).toBe(true);
    expect(invitationCount(mirror)).toBeGreaterThan(0);

    freeSpace(mirror);
    const window = { locationId: 10, ...syncWindow(fastConfig, Date.now()), limit: 500 };
    const found = () => mirror.guests.lookup(guests[170]!.lastName, window).map((g) => g.invitationId);
    await until(() => !mirror.lookupIndex.deferred() && found().length > 0, 'the lookup index made again');
    expect(found()).toEqual([guests[170]!.id]);
    expect(mirror.bulkLoad.active()).toBe(false);
    expect(mirror.lookupIndex.deferred()).toBe(false);
    expect(mirror.db.prepare('SELECT count(*) FROM bulk_load_set_aside').pluck().get()).toBe(0);
    expect(integrity(mirror)).toBe('ok');
    await engine.stop();
    expect(escaped).toEqual([]);
  });
});

describe('foyer sync --once on a full disk', () => {
  it('exits 1 with the message, and 0 once space is back', async () => {
    svc = await startTestService();
    await seedGuests(svc, 60);
    const dir = dataDirFor(svc.baseUrl);
    let full = true;
    const open: typeof openRuntime = async (options) => {
      const runtime = await openRuntime(options);
      if (full) fillDisk(runtime.mirror);
      return runtime;
    };
    const out = memoryOutput();
    expect(await syncCommand(['--once', '--data-dir', dir], out, open)).toBe(1);
    expect(out.text).toMatch(/invitations: FAILED \(disk_full\)/);
    expect(out.text).toMatch(/^The disk is full: .*resume by themselves\./m);
    expect(escaped).toEqual([]);

    full = false;
    const again = memoryOutput();
    expect(await syncCommand(['--once', '--data-dir', dir], again, open)).toBe(0);
    expect(again.text).not.toMatch(/FAILED|disk is full/);
    const runtime = await openRuntime({ dataDir: dir });
    expect(invitationCount(runtime.mirror)).toBe(60);
    expect(integrity(runtime.mirror)).toBe('ok');
    await runtime.close();
  });
});

describe('the outbox on a disk that cannot be written', () => {
  it('keeps the queued check-in, says so, and delivers it once writing works again', async () => {
    svc = await startTestService();
    const { guests } = await seedGuests(svc, 2);
    const guest = guests[0]!;
    const mirror = tempMirror();
    const client = countingClient(svc.baseUrl);
    await syncMirror(mirror, client.api);
    const outbox = outboxFor(mirror, client.api);
    let rounds = 0;
    const engine = createSyncEngine({
      mirror,
      api: client.api,
      config: () => fastConfig,
      outbox: { ...outbox, deliver: (signal) => (rounds++, outbox.deliver(signal)) },
      outboxIntervalMs: 50,
    });
    const queued = outbox.queueTransition(guest.id, 'checkIn', 'kiosk');

    mirror.db.pragma('query_only = 1');
    // A person's "Sync now" answers (it does not reject), with the reason in the status.
    await expect(engine.syncNow()).resolves.toBeDefined();
    expect(engine.status.get().storage).toMatchObject({ kind: 'storage' });
    engine.start();
    const before = rounds;
    await until(() => rounds >= before + 10, 'ten rounds of the outbox timer');
    expect(mirror.outbox.byId(queued.outboxId)).toMatchObject({ state: 'pending' });
    expect(serviceState(svc.db, guest.id)).toBe('EXPECTED');

    mirror.db.pragma('query_only = 0');
    await until(() => mirror.outbox.byId(queued.outboxId)?.state === 'delivered', 'the check-in to be delivered');
    expect(serviceState(svc.db, guest.id)).toBe('CHECKED_IN');
    await until(() => engine.status.get().storage === null, 'the status to clear');
    expect(integrity(mirror)).toBe('ok');
    await engine.stop();
    expect(escaped).toEqual([]);
  });
});
