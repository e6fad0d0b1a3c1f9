/**
 * Check-in passes stay bounded across a restart: a process that starts on a
 * data directory where another one synced passes over the check-ins listing
 * as kept in the mirror, in at most 3 requests, instead of walking it all;
 * it walks in full when the full interval has passed, and when what was
 * kept does not add up. Each runtime is opened, syncs its check-ins once
 * and is closed, in sequence on one data directory, against the reference
 * service behind a server that counts the requests and gives 20 per page
 * (a long history in a few records).
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createConfigStore } from '../../../electron/core/config/config.ts';
import { createFileTokenStore } from '../../../electron/core/config/token-store.ts';
import { openRuntime } from '../../../electron/core/runtime.ts';
import { CHECK_IN_PASS_REQUESTS } from '../../../electron/core/sync/pulls.ts';
import { startOddService, type OddService } from '../../support/odd-service.ts';
import { startTestService, type TestService } from '../../support/service.ts';
import { TEST_TOKEN } from '../../support/world.ts';
import {
  cleanup,
  eventItem,
  invitationItems,
  makeConfig,
  putEvents,
  serviceInvitationIds,
  tempDir,
} from './helpers.ts';

const PAGE = 20;
/** Requests of a full walk of the 110 listed check-ins, 20 a page. */
const FULL_WALK = Math.ceil(110 / PAGE);
const RESOURCE = 'checkIns:10';
let svc: TestService;
let odd: OddService;
let ids: number[];
let dataDir: string;

const transition = async (eventName: string, id: number) => {
  const res = await svc.call('POST', '/check-ins/transitions', { body: { eventName, checkIn: { id } } });
  expect(res.status, res.text).toBe(200);
};

beforeAll(async () => {
  svc = await startTestService();
  odd = await startOddService(svc.baseUrl, { pageCap: PAGE });
}, 60_000);
afterAll(async () => {
  await odd?.close();
  await svc?.close();
});

/** 130 guests: 100 came and left (but one, still on site), 10 are on site, 20 expected; a data dir on the service. */
beforeEach(async () => {
  const event = eventItem({ invitations: invitationItems(130) });
  await putEvents(svc, [event]);
  ids = serviceInvitationIds(svc, event.sourceId as string);
  for (let i = 0; i < 110; i += 22)
    await Promise.all(ids.slice(i, Math.min(110, i + 22)).map((id) => transition('CHECK_IN', id)));
  for (const id of ids.slice(0, 100)) if (id !== ids[40]) await transition('CHECK_OUT', id);
  dataDir = tempDir();
  const store = createConfigStore(dataDir);
  store.write({ ...store.read(), baseUrl: odd.baseUrl, locationId: 10, companyId: 1 });
  createFileTokenStore(dataDir).set(TEST_TOKEN);
}, 60_000);
afterEach(async () => {
  svc.db.prepare(`UPDATE check_ins SET state = 'CANCELLED' WHERE state IN ('CHECKED_IN', 'CHECKED_OUT')`).run();
  await cleanup();
});

const checkInRequests = () => odd.requests.filter((r) => r.method === 'GET' && r.url.includes('/check-ins')).length;

/** A process: opens the runtime on the data dir, pulls the check-ins once, closes. The check-in requests it made. */
async function processRun(now: () => number = Date.now): Promise<number> {
  const before = checkInRequests();
  const runtime = await openRuntime({ dataDir, now });
  try {
    const outcome = (await runtime.engine.syncNow({ resources: ['checkIns'] })).checkIns;
    expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
  } finally {
    await runtime.close();
  }
  return checkInRequests() - before;
}

/** The mirror between two processes, for a look or a change. */
function withMirror<T>(work: (db: Database.Database) => T): T {
  const db = new Database(join(dataDir, 'mirror.db'));
  try {
    return work(db);
  } finally {
    db.close();
  }
}
const stateOf = (id: number) =>
  withMirror((db) => db.prepare('SELECT state FROM check_ins WHERE id = ?').pluck().get(id) as string | undefined);

describe('check-in passes after a restart', () => {
  it('the next process passes over the listing as kept, in at most 3 requests, and sees what changed meanwhile', async () => {
    expect(await processRun()).toBe(FULL_WALK);
    expect(withMirror((db) => db.prepare('SELECT count(*) FROM check_in_listing').pluck().get())).toBe(110);

    expect(await processRun()).toBeLessThanOrEqual(CHECK_IN_PASS_REQUESTS);

    // While no process runs: a guest arrives, another leaves, the older guest on site leaves too.
    await transition('CHECK_IN', ids[120]!);
    await transition('CHECK_OUT', ids[105]!);
    await transition('CHECK_OUT', ids[40]!);
    expect(await processRun()).toBeLessThanOrEqual(CHECK_IN_PASS_REQUESTS);
    expect([stateOf(ids[120]!), stateOf(ids[105]!), stateOf(ids[40]!)]).toEqual([
      'CHECKED_IN',
      'CHECKED_OUT',
      'CHECKED_OUT',
    ]);
    // The new check-in is kept too: the process after that is bounded again.
    expect(withMirror((db) => db.prepare('SELECT count(*) FROM check_in_listing').pluck().get())).toBe(111);
    expect(await processRun()).toBeLessThanOrEqual(CHECK_IN_PASS_REQUESTS);
  });

  it('a full walk still comes every intervals.fullSeconds, whichever process is running then', async () => {
    let now = Date.now();
    expect(await processRun(() => now)).toBe(FULL_WALK);
    now += 60_000;
    expect(await processRun(() => now)).toBeLessThanOrEqual(CHECK_IN_PASS_REQUESTS);
    now += makeConfig().intervals.fullSeconds * 1000;
    expect(await processRun(() => now)).toBe(FULL_WALK);
  });

  it('a check-in undone further back while no process ran: the next one finds out and walks in full', async () => {
    expect(await processRun()).toBe(FULL_WALK);
    await transition('UNDO_CHECK_IN', ids[40]!);
    expect(await processRun()).toBeGreaterThan(CHECK_IN_PASS_REQUESTS);
    // The walk is kept: 109 ids, and the process after that is bounded again.
    expect(withMirror((db) => db.prepare('SELECT count(*) FROM check_in_listing').pluck().get())).toBe(109);
    expect(await processRun()).toBeLessThanOrEqual(CHECK_IN_PASS_REQUESTS);
  });

  const tamperings: [string, (db: Database.Database) => void][] = [
    ['an id missing', (db) => db.prepare('DELETE FROM check_in_listing WHERE id = ?').run(ids[3]!)],
    [
      'an id too many',
      (db) => db.prepare('INSERT INTO check_in_listing (resource, id) VALUES (?, ?)').run(RESOURCE, ids[125]!),
    ],
    [
      'a full walk recorded since (another version, or a walk whose ids were not kept)',
      (db) =>
        db.prepare('UPDATE sync_state SET last_full_at = ? WHERE resource = ?').run(new Date().toISOString(), RESOURCE),
    ],
    ['what makes them add up unreadable', (db) => db.prepare(`UPDATE sync_state SET listing = '{"count":'`).run()],
    ['nothing kept', (db) => db.prepare('UPDATE sync_state SET listing = NULL').run()],
  ];
  for (const [what, tamper] of tamperings)
    it(`what was kept does not add up (${what}): the next process walks in full, and keeps that walk`, async () => {
      expect(await processRun()).toBe(FULL_WALK);
      withMirror(tamper);
      expect(await processRun()).toBe(FULL_WALK);
      expect(withMirror((db) => db.prepare('SELECT id FROM check_in_listing ORDER BY id').pluck().all())).toEqual(
        ids.slice(0, 110),
      );
      expect(await processRun()).toBeLessThanOrEqual(CHECK_IN_PASS_REQUESTS);
    });
});
