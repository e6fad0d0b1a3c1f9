/**
 * Pulls against a service that is not our own (test/support/odd-service.ts
 * in front of the reference service): pages smaller than asked, counts that
 * lie, records the interface's shape refuses, a listing that suddenly comes
 * back empty. Each time: every good record kept, nothing removed on an
 * answer that does not add up, and what happened shown in the status.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../electron/core/cli/main.ts';
import { createSyncEngine } from '../../../electron/core/sync/engine.ts';
import { pullCheckIns, pullInvitations } from '../../../electron/core/sync/pulls.ts';
import { type Json, startOddService, type OddService } from '../../support/odd-service.ts';
import { startTestService, type TestService } from '../../support/service.ts';
import { TEST_TOKEN } from '../../support/world.ts';
import {
  cleanup,
  context,
  countingClient,
  eventItem,
  invitationItems,
  makeConfig,
  mirrorCount,
  putEvents,
  serviceInvitationIds,
  tempDir,
  tempMirror,
} from './helpers.ts';

let svc: TestService;
let odd: OddService;
let ids: number[];
/** Guests checked in at the service (on site). */
const ON_SITE = 110;

beforeAll(async () => {
  svc = await startTestService();
  odd = await startOddService(svc.baseUrl);
  const event = eventItem({ invitations: invitationItems(130) });
  await putEvents(svc, [event]);
  ids = serviceInvitationIds(svc, event.sourceId as string);
  for (let i = 0; i < ON_SITE; i += 22)
    await Promise.all(
      ids.slice(i, Math.min(ON_SITE, i + 22)).map(async (id) => {
        const res = await svc.call('POST', '/check-ins/transitions', {
          body: { eventName: 'CHECK_IN', checkIn: { id } },
        });
        expect(res.status, res.text).toBe(200);
      }),
    );
}, 60_000);
afterEach(async () => {
  odd.reset();
  await cleanup();
});
afterAll(async () => {
  await odd?.close();
  await svc?.close();
});

/** A stale check-in that no listing shows, left earlier: removed only on the strength of a complete listing. */
function withStaleRow() {
  const mirror = tempMirror();
  mirror.transaction(() =>
    mirror.checkIns.upsertMany([{ id: 999_999, state: 'CHECKED_OUT', leftAt: new Date().toISOString() }], 10),
  );
  return mirror;
}
const hasStale = (mirror: ReturnType<typeof tempMirror>) =>
  mirror.db.prepare('SELECT count(*) FROM check_ins WHERE id = 999999').pluck().get() === 1;

describe('pages smaller than asked', () => {
  it('a cap of 20 per page: every invitation is read, paging by what came back', async () => {
    odd.set({ pageCap: 20 });
    const mirror = tempMirror();
    const client = countingClient(odd.baseUrl);
    const result = await pullInvitations(context(mirror, client.api, makeConfig()), 'full');
    expect(result).toMatchObject({ received: 130, complete: true, warnings: [] });
    expect(mirrorCount(mirror, 'invitations')).toBe(130);
    const offsets = odd.requests.map((r) => Number(new URL(r.url, odd.origin).searchParams.get('offset')));
    expect(offsets.sort((a, b) => a - b)).toEqual([0, 20, 40, 60, 80, 100, 120]);
  });

  it('check-ins with a default of 100 whatever is asked: all on-site guests are read', async () => {
    odd.set({ forcedLimit: { path: /check-ins/, limit: 100 } });
    const mirror = withStaleRow();
    const client = countingClient(odd.baseUrl);
    const result = await pullCheckIns(context(mirror, client.api, makeConfig()));
    expect(result).toMatchObject({ received: ON_SITE, complete: true, removed: 1 });
    expect(mirrorCount(mirror, 'check_ins')).toBe(ON_SITE);
  });
});

describe('totalCount is the service word, not a fact', () => {
  it('1e12 does not crash: the walk is bounded, the listing incomplete, nothing removed', async () => {
    odd.set({ totalCount: () => 1e12 });
    const mirror = withStaleRow();
    const client = countingClient(odd.baseUrl);
    const result = await pullCheckIns(context(mirror, client.api, makeConfig()));
    expect(result).toMatchObject({ received: ON_SITE, complete: false, removed: 0 });
    expect(result.warnings).toEqual([
      expect.objectContaining({ kind: 'incomplete', message: expect.stringContaining('1000000000000') }),
    ]);
    expect(client.count('listCheckIns')).toBeLessThan(10);
    expect(hasStale(mirror)).toBe(true);
  });

  it('a capped totalCount is caught by counting what came back: nothing removed', async () => {
    for (const pageCap of [undefined, 20]) {
      odd.set({ totalCount: (n) => Math.min(n, 40), ...(pageCap ? { pageCap } : {}) });
      const mirror = withStaleRow();
      const client = countingClient(odd.baseUrl);
      const result = await pullCheckIns(context(mirror, client.api, makeConfig()));
      expect(result.complete).toBe(false);
      expect(result.removed).toBe(0);
      expect(result.warnings.map((w) => w.message).join()).toMatch(/more records than the 40 it counts/);
      expect(hasStale(mirror)).toBe(true);
    }
  });
});

describe('records the interface shape refuses', () => {
  it('are skipped one by one, reported with id and field in the status and the log; the rest is kept', async () => {
    const bad: Record<string, number> = {};
    odd.set({
      transform: (body: Json, { path, query }) => {
        if (query.get('offset') !== '0') return body;
        if (path.endsWith('/invitations') && body.invitations.length) {
          bad.invitation = body.invitations[0].id;
          body.invitations[0].event.hostId = null;
        }
        if (path.endsWith('/check-ins') && body.checkIns.length > 1) {
          bad.pin = body.checkIns[0].id;
          body.checkIns[0].accessControl = { ...body.checkIns[0].accessControl, pin: 123456 };
          bad.state = body.checkIns[1].id;
          delete body.checkIns[1].state;
        }
        return body;
      },
    });
    const mirror = tempMirror();
    const lines: string[] = [];
    const engine = createSyncEngine({
      mirror,
      api: countingClient(odd.baseUrl).api,
      config: () => makeConfig(),
      log: (line) => lines.push(line),
    });
    const outcomes = await engine.syncNow({ resources: ['invitations', 'checkIns'] });
    expect(outcomes.invitations.ok && outcomes.checkIns.ok).toBe(true);
    expect(mirrorCount(mirror, 'invitations')).toBe(129);
    expect(mirrorCount(mirror, 'check_ins')).toBe(ON_SITE - 2);
    const { resources } = engine.status.get();
    expect(resources.invitations.warnings).toEqual([
      expect.objectContaining({
        kind: 'skipped',
        message: expect.stringMatching(new RegExp(`${bad.invitation}.*hostId`)),
      }),
    ]);
    const checkInWarnings = resources.checkIns.warnings.map((w) => w.message).join('\n');
    expect(checkInWarnings).toMatch(new RegExp(`${bad.pin} skipped: .*accessControl.pin`));
    expect(checkInWarnings).toMatch(new RegExp(`${bad.state} skipped: .*state`));
    expect(lines.join('\n')).toMatch(new RegExp(`skipped: check-in ${bad.pin} skipped`));
  });
});

describe('a listing that suddenly comes back empty', () => {
  it('never drops a guest on site on one answer: held, shown, and applied when a second listing agrees', async () => {
    const mirror = tempMirror();
    const engine = createSyncEngine({ mirror, api: countingClient(odd.baseUrl).api, config: () => makeConfig() });
    await engine.syncNow({ resources: ['checkIns'] });
    expect(mirrorCount(mirror, 'check_ins')).toBe(ON_SITE);

    odd.set({ transform: (body: Json) => ({ ...body, checkIns: [], pageInfo: { totalCount: 0 } }) });
    await engine.syncNow({ resources: ['checkIns'] });
    expect(mirrorCount(mirror, 'check_ins')).toBe(ON_SITE);
    expect(engine.status.get().resources.checkIns.warnings).toEqual([
      expect.objectContaining({ kind: 'held', message: expect.stringContaining(`${ON_SITE} record(s)`) }),
    ]);

    // The service comes back to itself: nothing was lost, nothing is held.
    odd.reset();
    await engine.syncNow({ resources: ['checkIns'] });
    expect(mirrorCount(mirror, 'check_ins')).toBe(ON_SITE);
    expect(engine.status.get().resources.checkIns.warnings).toEqual([]);

    // Twice empty in a row: the second listing confirms, and the change is applied.
    odd.set({ transform: (body: Json) => ({ ...body, checkIns: [], pageInfo: { totalCount: 0 } }) });
    await engine.syncNow({ resources: ['checkIns'] });
    expect(mirrorCount(mirror, 'check_ins')).toBe(ON_SITE);
    await engine.syncNow({ resources: ['checkIns'] });
    expect(mirrorCount(mirror, 'check_ins')).toBe(0);
    expect(engine.status.get().resources.checkIns.warnings).toEqual([]);
  });
});

describe('foyer sync --once against an odd service', () => {
  async function foyer(...argv: string[]) {
    let text = '';
    const out = { isTTY: false, write: (t: string) => void (text += t) };
    const code = await main(argv, out, out);
    return { code, text };
  }

  it('an incomplete listing is not a success: it is said, and the exit code is 1', async () => {
    const dir = tempDir();
    await foyer('config', 'set', 'baseUrl', odd.baseUrl, '--data-dir', dir);
    await foyer('config', 'set', 'token', TEST_TOKEN, '--data-dir', dir);
    odd.set({ totalCount: () => 1e12 });
    const sync = await foyer('sync', '--once', '--data-dir', dir);
    expect(sync.code).toBe(1);
    expect(sync.text).toMatch(/checkIns: INCOMPLETE the listing is incomplete/);
  });

  it('a service that echoes the token and terminal escapes: neither reaches the output', async () => {
    const dir = tempDir();
    await foyer('config', 'set', 'baseUrl', odd.baseUrl, '--data-dir', dir);
    await foyer('config', 'set', 'token', TEST_TOKEN, '--data-dir', dir);
    odd.set({
      answer: {
        status: 500,
        headers: { 'content-type': 'text/plain' },
        body: `upstream said Authorization: Bearer ${TEST_TOKEN}\u001b[2J\u001b[H`,
      },
    });
    const sync = await foyer('sync', '--once', '--data-dir', dir);
    expect(sync.code).toBe(1);
    expect(sync.text).toContain('Bearer [token]');
    expect(sync.text).not.toContain(TEST_TOKEN);
    expect(sync.text).not.toContain('\u001b');
  }, 60_000);
});
