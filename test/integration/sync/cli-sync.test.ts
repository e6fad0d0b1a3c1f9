/**
 * `foyer sync --once` through main(argv, out, err): against the reference
 * service on 127.0.0.1, with a rejected token, and with the embedded demo
 * service; then the offline read commands on the mirror it filled.
 */
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runFoyer as run } from '../../support/cli.ts';
import { startTestService, type TestService } from '../../support/service.ts';
import { TEST_TOKEN } from '../../support/world.ts';
import { cleanup, eventItem, invitationItems, putEvents, serviceInvitationIds, tempDir } from './helpers.ts';
import { openMirror } from '../../../electron/core/db/mirror.ts';

afterEach(async () => {
  await cleanup();
});

describe('sync --once against the reference service', () => {
  let svc: TestService;
  let event: Record<string, unknown>;
  let ids: number[];
  beforeAll(async () => {
    svc = await startTestService();
    event = eventItem({
      invitations: invitationItems(55, (i) => (i === 0 ? { firstName: 'Zelda', lastName: 'Quixote' } : {})),
    });
    await putEvents(svc, [event]);
    ids = serviceInvitationIds(svc, event.sourceId as string);
    const res = await svc.call('POST', '/check-ins/transitions', {
      body: { eventName: 'CHECK_IN', checkIn: { id: ids[0] } },
    });
    expect(res.status, res.text).toBe(200);
  });
  afterAll(async () => {
    await svc?.close();
  });

  it('fills the mirror, which guests, lookup and status then read', async () => {
    const dir = tempDir();
    expect((await run('config', 'set', 'baseUrl', svc.baseUrl, '--data-dir', dir)).code).toBe(0);
    expect((await run('config', 'set', 'token', TEST_TOKEN, '--data-dir', dir)).code).toBe(0);

    const sync = await run('sync', '--once', '--data-dir', dir);
    expect(sync.err).toBe('');
    expect(sync.code).toBe(0);
    expect(sync.out).toContain(`from ${svc.baseUrl}`);
    expect(sync.out).toContain('invitations: 55 received in 2 page(s), 0 removed');
    expect(sync.out).toContain('checkIns: 1 received');
    expect(sync.out).not.toContain('FAILED');

    const guests = await run('guests', '--json', '--data-dir', dir);
    expect(guests.code).toBe(0);
    const list = JSON.parse(guests.out) as { invitationId: number; category: string; lastName: string }[];
    expect(list.map((g) => g.invitationId).sort((a, b) => a - b)).toEqual(ids);
    expect(list.find((g) => g.invitationId === ids[0])).toMatchObject({ category: 'onsite', lastName: 'Quixote' });

    const onsite = JSON.parse((await run('guests', '--state', 'onsite', '--json', '--data-dir', dir)).out);
    expect(onsite.map((g: { invitationId: number }) => g.invitationId)).toEqual([ids[0]]);

    const lookup = await run('lookup', 'quix', '--json', '--data-dir', dir);
    expect(lookup.code).toBe(0);
    expect(JSON.parse(lookup.out)).toMatchObject([{ invitationId: ids[0], firstName: 'Zelda', state: 'CHECKED_IN' }]);

    const table = await run('lookup', 'Zelda', '--data-dir', dir);
    expect(table.out).toContain('Quixote');
    expect(table.out).toContain('1 guest(s)');

    const status = await run('status', '--json', '--data-dir', dir);
    expect(status.code).toBe(0);
    const json = JSON.parse(status.out);
    expect(json).toMatchObject({
      baseUrl: svc.baseUrl,
      locationId: 10,
      counts: { invitations: 55, checkIns: 1, employees: 4, groups: 2 },
    });
    const invitations = (
      json.resources as { resource: string; lastSuccessAt: string | null; lastError: string | null }[]
    ).find((r) => r.resource === 'invitations:10');
    expect(invitations?.lastSuccessAt).toBeTruthy();
    expect(invitations?.lastError).toBeNull();
  });

  it('with a wrong token returns 1 and says the token was rejected', async () => {
    const dir = tempDir();
    await run('config', 'set', 'baseUrl', svc.baseUrl, '--data-dir', dir);
    await run('config', 'set', 'token', 'definitely-wrong-token', '--data-dir', dir);
    const sync = await run('sync', '--once', '--data-dir', dir);
    expect(sync.code).toBe(1);
    expect(sync.out + sync.err).toMatch(/refused the token/);
    expect(sync.out).toContain('invitations: FAILED (unauthorized)');
    expect(sync.out + sync.err).not.toContain('definitely-wrong-token');

    const mirror = openMirror(join(dir, 'mirror.db'));
    try {
      expect(mirror.invitations.count()).toBe(0);
      expect(mirror.syncState.get('invitations:10')?.lastError).toMatch(/401/);
    } finally {
      mirror.close();
    }
  });

  it('with a baseUrl but no token returns 1 and says how to set one', async () => {
    const dir = tempDir();
    await run('config', 'set', 'baseUrl', svc.baseUrl, '--data-dir', dir);
    const sync = await run('sync', '--once', '--data-dir', dir);
    expect(sync.code).toBe(1);
    expect(sync.err).toContain('config set token');
  });
});

describe('sync --once with the embedded default', () => {
  it('fills the mirror from the embedded demo service when no baseUrl is set', async () => {
    const dir = tempDir();
    const sync = await run('sync', '--once', '--data-dir', dir);
    expect(sync.err).toBe('');
    expect(sync.code).toBe(0);
    expect(sync.out).toContain('(embedded demo service)');
    expect(sync.out).toMatch(/http:\/\/127\.0\.0\.1:\d+\/api\/v2/);

    const status = JSON.parse((await run('status', '--json', '--data-dir', dir)).out);
    expect(status.baseUrl).toBeNull();
    expect(status.counts.invitations).toBeGreaterThan(0);
    expect(status.counts.employees).toBeGreaterThan(0);
    const guests = JSON.parse((await run('guests', '--json', '--data-dir', dir)).out) as {
      eventId: number | null;
      category: string;
    }[];
    // Every invitation in the window, and besides them the guests whose check-in outlived their invitation's
    // window (checked in at an event that ended before it, never checked out): those have no event in the mirror.
    expect(guests.filter((g) => g.eventId !== null)).toHaveLength(status.counts.invitations);
    expect(guests.filter((g) => g.eventId === null).every((g) => g.category !== 'expected')).toBe(true);
  }, 120_000);
});
