/**
 * Pulls against a reference service that misbehaves: simulated faults (503
 * and dropped connections), rate limiting, and a rejected token, through the
 * pull steps and the sync engine.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { apiErrorOf } from '../../support/api-error.ts';
import { createSyncEngine } from '../../../electron/core/sync/engine.ts';
import { pullInvitations, syncWindow } from '../../../electron/core/sync/pulls.ts';
import { startTestService, type TestService } from '../../support/service.ts';
import {
  cleanup,
  context,
  countingClient,
  eventItem,
  invitationItems,
  makeConfig,
  mirrorInvitationIds,
  mirrorSnapshot,
  putEvents,
  serviceListedIds,
  tempMirror,
} from './helpers.ts';
import { mulberry32 } from '../../../service/demo/random.ts';

let svc: TestService | undefined;
afterEach(async () => {
  await cleanup();
  await svc?.close();
  svc = undefined;
});

/** A service whose faults can be switched on after the test data is in. */
async function faultyService(faultRate: number) {
  const switchable = { on: false };
  const seeded = mulberry32(20260321); // the same faults from run to run
  // While off, 1 is never below the fault rate: no fault.
  svc = await startTestService({ faultRate, random: () => (switchable.on ? seeded() : 1) });
  return { svc, faults: switchable };
}

describe('simulated faults', () => {
  it('with faultRate 0.3 a full sync still completes, thanks to retries', async () => {
    const { svc, faults } = await faultyService(0.3);
    await putEvents(svc, [eventItem({ invitations: invitationItems(160) })]);
    faults.on = true;

    const mirror = tempMirror();
    const client = countingClient(svc.baseUrl, { retry: { retries: 8, baseDelayMs: 5, maxDelayMs: 50 } });
    const config = makeConfig();
    const engine = createSyncEngine({ mirror, api: client.api, config: () => config });
    const outcomes = await engine.syncNow({ full: true });
    expect(Object.values(outcomes).map((o) => o.ok)).toEqual([true, true, true, true]);
    expect(client.retries.length).toBeGreaterThan(0);
    for (const retry of client.retries) expect(['server', 'network']).toContain(retry.error.kind);

    faults.on = false;
    const { from, to } = syncWindow(config, Date.now());
    expect(mirrorInvitationIds(mirror)).toEqual(serviceListedIds(svc, 10, from, to));
    expect(mirrorInvitationIds(mirror)).toHaveLength(160);
    expect(mirror.employees.count()).toBe(4);
    expect(engine.status.get()).toMatchObject({ online: true, tokenRejected: false });
  });

  it('with faultRate 1 a full pull fails with server or network, and the mirror is unchanged', async () => {
    const { svc, faults } = await faultyService(1);
    const event = eventItem({ invitations: invitationItems(60) });
    await putEvents(svc, [event]);
    const mirror = tempMirror();
    const client = countingClient(svc.baseUrl, { retry: { retries: 3, baseDelayMs: 1, maxDelayMs: 5 } });
    const config = makeConfig();
    await pullInvitations(context(mirror, client.api, config), 'full');
    expect(mirrorInvitationIds(mirror)).toHaveLength(60);

    // A change and new invitations that the failing pull would have brought.
    await putEvents(svc, [
      { sourceId: event.sourceId, name: 'Renamed' },
      eventItem({ invitations: invitationItems(5) }),
    ]);
    const before = mirrorSnapshot(mirror);
    faults.on = true;
    client.requests.length = 0;
    const error = await apiErrorOf(pullInvitations(context(mirror, client.api, config), 'full'));
    expect(['server', 'network']).toContain(error.kind);
    expect(client.count('listInvitations')).toBe(4);
    expect(mirrorSnapshot(mirror)).toEqual(before);

    // The engine records the failure and reports it; the mirror keeps its rows.
    const engine = createSyncEngine({ mirror, api: client.api, config: () => config });
    const outcome = await engine.syncNow({ full: true });
    expect(outcome.invitations.ok).toBe(false);
    expect(engine.status.get().resources.invitations.lastError?.kind).toMatch(/^(server|network)$/);
    expect(mirror.syncState.get('invitations:10')?.lastError).toBeTruthy();
    expect(mirrorInvitationIds(mirror)).toEqual(before.invitations!.map((r) => (r as { id: number }).id));
  });
});

describe('rate limiting', () => {
  it('429 answers are retried after Retry-After, and the pull completes', async () => {
    svc = await startTestService({ rateLimit: 3 });
    await putEvents(svc, [eventItem({ invitations: invitationItems(260) })]);
    const mirror = tempMirror();
    const client = countingClient(svc.baseUrl, { retry: { retries: 8, baseDelayMs: 5, maxDelayMs: 50 } });
    const result = await pullInvitations(context(mirror, client.api, makeConfig()), 'full');
    expect(result).toMatchObject({ received: 260, complete: true });
    const limited = client.retries.filter((r) => r.error.kind === 'rate_limited');
    expect(limited.length).toBeGreaterThan(0);
    for (const retry of limited) {
      expect(retry.error.retryAfterMs).toBeGreaterThanOrEqual(1000);
      expect(retry.delayMs).toBeGreaterThanOrEqual(retry.error.retryAfterMs!);
    }
  });
});

describe('a rejected token', () => {
  it('is unauthorized after exactly one request', async () => {
    svc = await startTestService();
    const mirror = tempMirror();
    const client = countingClient(svc.baseUrl, { token: 'not-a-known-token' });
    const error = await apiErrorOf(pullInvitations(context(mirror, client.api, makeConfig()), 'full'));
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(client.count()).toBe(1);
    expect(client.retries).toHaveLength(0);
  });

  it('sets tokenRejected in the engine and shows the service as offline; a person asking again asks the service', async () => {
    svc = await startTestService();
    await putEvents(svc, [eventItem({ invitations: invitationItems(2) })]);
    const mirror = tempMirror();
    const client = countingClient(svc.baseUrl, { token: 'not-a-known-token' });
    const engine = createSyncEngine({ mirror, api: client.api, config: () => makeConfig() });

    const first = await engine.syncNow();
    for (const outcome of Object.values(first))
      expect(outcome).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
    // One request per resource, none retried.
    expect(client.count()).toBe(4);
    const status = engine.status.get();
    expect(status.tokenRejected).toBe(true);
    // The service answered, but Foyer cannot use it: offline, with the reason beside it.
    expect(status.online).toBe(false);
    expect(status.resources.invitations.lastError?.kind).toBe('unauthorized');

    const second = await engine.syncNow({ full: true });
    expect(client.count()).toBe(8);
    for (const outcome of Object.values(second))
      expect(outcome).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
    expect(mirrorInvitationIds(mirror)).toEqual([]);
    await engine.stop();
  });

  it('pulls again after clearTokenRejected (a new token saved), and finds it refused again', async () => {
    svc = await startTestService();
    const mirror = tempMirror();
    const client = countingClient(svc.baseUrl, { token: 'not-a-known-token' });
    const engine = createSyncEngine({ mirror, api: client.api, config: () => makeConfig() });
    await engine.syncNow();
    expect(engine.status.get().tokenRejected).toBe(true);
    expect(client.count()).toBe(4);

    engine.clearTokenRejected();
    expect(engine.status.get().tokenRejected).toBe(false);
    const outcomes = await engine.syncNow();
    // The token is still wrong, and the engine asked the service again.
    expect(client.count()).toBe(8);
    expect(outcomes.invitations).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
    expect(engine.status.get().tokenRejected).toBe(true);
    await engine.stop();
  });
});
