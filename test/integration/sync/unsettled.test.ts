/**
 * A listing that never stops changing (a fake client): the walk settles for
 * what it saw, and then the pull must neither remove anything nor move the
 * watermark. A stable fake listing is the control.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckIn, ReceptionInvitation } from '../../../shared/api/index.ts';
import type { ApiClient } from '../../../electron/core/api/client.ts';
import { pullCheckIns, pullInvitations } from '../../../electron/core/sync/pulls.ts';
import { cleanup, context, HOUR, iso, makeConfig, mirrorInvitationIds, tempMirror } from './helpers.ts';

afterEach(async () => {
  await cleanup();
});

const NOW = Date.parse('2030-05-06T10:00:00.000Z');
const now = () => NOW;

function invitation(id: number, updatedAt = iso(NOW - HOUR)): ReceptionInvitation {
  const stamp = iso(NOW - 2 * HOUR);
  return {
    id,
    createdAt: stamp,
    updatedAt,
    event: {
      id: 1,
      name: 'Fake event',
      startsAt: iso(NOW - HOUR),
      endsAt: iso(NOW + HOUR),
      locationId: 10,
      hostId: 100,
      createdAt: stamp,
      updatedAt: stamp,
    },
    contact: { id, firstName: `First${id}`, lastName: `Last${id}`, createdAt: stamp, updatedAt: stamp },
  };
}

function checkIn(id: number, state = 'CHECKED_IN'): CheckIn {
  return { id, state, arrivedAt: iso(NOW - HOUR), firstName: `First${id}` };
}

/**
 * A fake client: `totalCount(n)` is the count the n-th request (0-based) reports;
 * the items are always ids 1..100.
 */
function fakeApi(totalCount: (n: number) => number) {
  let n = 0;
  const offsets: number[] = [];
  const call = (async (endpoint: string, request: { query?: { offset?: number; limit?: number } }) => {
    const offset = request.query?.offset ?? 0;
    offsets.push(offset);
    const limit = request.query?.limit ?? 50;
    const ids = Array.from({ length: 100 }, (_, i) => i + 1).slice(offset, offset + limit);
    const page = { pageInfo: { totalCount: totalCount(n++) }, received: ids.length, rejected: [] };
    if (endpoint === 'listInvitations') return { invitations: ids.map((id) => invitation(id)), ...page };
    if (endpoint === 'listCheckIns') return { checkIns: ids.map((id) => checkIn(id)), ...page };
    throw new Error(`unexpected ${endpoint}`);
  }) as unknown as ApiClient['call'];
  const api: ApiClient = { baseUrl: 'http://127.0.0.1:1/api/v2', call, close: async () => {} };
  return { api, requests: () => n, offsets };
}

/** A mirror holding invitation 999 (which the fake listing does not show), its check-in, and a watermark. */
function preparedMirror(state999 = 'CHECKED_IN') {
  const mirror = tempMirror();
  mirror.transaction(() => {
    mirror.invitations.upsertMany([invitation(999, iso(NOW - 3 * HOUR))]);
    mirror.checkIns.upsertMany([checkIn(999, state999)], 10);
    mirror.syncState.recordSuccess('invitations:10', iso(NOW - 5 * HOUR), {
      watermark: iso(NOW - 3 * HOUR),
      full: true,
    });
  });
  return mirror;
}

describe('a listing that never settles', () => {
  it.each(['full', 'incremental'] as const)(
    '%s pull: keeps what it received, removes nothing, and leaves the watermark',
    async (mode) => {
      const mirror = preparedMirror();
      const before = mirror.syncState.get('invitations:10');
      // Every request reports a different total: the walk starts again until it settles.
      const fake = fakeApi((n) => 150 + n);
      const result = await pullInvitations(context(mirror, fake.api, makeConfig(), { now, concurrency: 1 }), mode);
      expect(result.complete).toBe(false);
      expect(result.removed).toBe(0);
      // 1 + maxRestarts (3) walks, each starting at offset 0.
      expect(fake.offsets.filter((o) => o === 0)).toHaveLength(4);
      expect(mirrorInvitationIds(mirror)).toContain(999);
      expect(mirrorInvitationIds(mirror)).toHaveLength(101);
      expect(mirror.syncState.get('invitations:10')).toEqual(before);
    },
  );

  it('check-ins: the stale check-in stays when the listing was incomplete', async () => {
    const mirror = preparedMirror();
    // Pages of 500: a total above 500 makes a second page, whose total differs again.
    const fake = fakeApi((n) => 600 + n);
    const result = await pullCheckIns(context(mirror, fake.api, makeConfig(), { now, concurrency: 1 }));
    expect(result).toMatchObject({ complete: false, removed: 0 });
    expect(mirror.checkIns.count()).toBe(101);
    expect(mirror.syncState.get('checkIns:10')?.lastFullAt ?? null).toBeNull();
  });
});

describe('the same listing when it is stable (control)', () => {
  it('a full pull removes invitation 999 and moves the watermark', async () => {
    const mirror = preparedMirror('CHECKED_OUT');
    const before = mirror.syncState.get('invitations:10')!;
    const fake = fakeApi(() => 100);
    const result = await pullInvitations(context(mirror, fake.api, makeConfig(), { now }), 'full');
    // Two pages, then a look past the full last page: a count that ends exactly on a full page
    // might be capped, so the walk checks that nothing follows.
    expect(result).toMatchObject({ complete: true, removed: 1, received: 100, pages: 3 });
    expect(mirrorInvitationIds(mirror)).not.toContain(999);
    const after = mirror.syncState.get('invitations:10')!;
    expect(after.watermark).toBe(iso(NOW - HOUR));
    expect(after.watermark! > before.watermark!).toBe(true);
    expect(after.lastFullAt).toBe(iso(NOW));
  });

  it('a full check-ins pull removes check-in 999 (who has left) at once', async () => {
    const mirror = preparedMirror('CHECKED_OUT');
    const fake = fakeApi(() => 100);
    const result = await pullCheckIns(context(mirror, fake.api, makeConfig(), { now }));
    expect(result).toMatchObject({ complete: true, removed: 1, received: 100 });
    expect(mirror.checkIns.count()).toBe(100);
  });

  it('check-in 999 on site is removed only when a second listing agrees', async () => {
    const mirror = preparedMirror('CHECKED_IN');
    const fake = fakeApi(() => 100);
    const first = await pullCheckIns(context(mirror, fake.api, makeConfig(), { now }));
    expect(first).toMatchObject({ complete: true, removed: 0, warnings: [expect.objectContaining({ kind: 'held' })] });
    expect(mirror.checkIns.count()).toBe(101);
    const second = await pullCheckIns(context(mirror, fake.api, makeConfig(), { now }));
    expect(second).toMatchObject({ complete: true, removed: 1, warnings: [] });
    expect(mirror.checkIns.count()).toBe(100);
  });
});
