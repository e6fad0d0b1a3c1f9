/**
 * A token the service refuses mid-day, then accepts again (a proxy in front
 * of the reference service refuses it for a while): the status says "the
 * service refused the token" and offline (the kiosk sees offline), every
 * queued change is kept, and sync and delivery resume by themselves, at the
 * pulls' own interval, as soon as the service accepts it; no admin needed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createSyncEngine } from '../../../electron/core/sync/engine.ts';
import { statusForRole } from '../../../electron/core/sync/status.ts';
import { startOddService, type OddService } from '../../support/odd-service.ts';
import { startTestService, type TestService } from '../../support/service.ts';
import {
  cleanup,
  countingClient,
  makeConfig,
  outboxFor,
  seedGuests,
  serviceState,
  syncMirror,
  tempMirror,
} from '../outbox/helpers.ts';
import { until } from '../../support/until.ts';

let svc: TestService | undefined;
let odd: OddService | undefined;
afterEach(async () => {
  await cleanup();
  await odd?.close();
  await svc?.close();
  svc = odd = undefined;
});

const config = makeConfig({ intervals: { incrementalSeconds: 1, checkInsSeconds: 1, referenceSeconds: 60 } });

describe('a token refused, then accepted again', () => {
  it('keeps the queued check-in, says the token was refused (offline for the kiosk), and resumes by itself', async () => {
    svc = await startTestService();
    const { eventSourceId, guests } = await seedGuests(svc, 2);
    odd = await startOddService(svc.baseUrl);
    const mirror = tempMirror();
    const client = countingClient(odd.baseUrl);
    await syncMirror(mirror, client.api);
    const outbox = outboxFor(mirror, client.api);
    const engine = createSyncEngine({ mirror, api: client.api, config: () => config, outbox, outboxIntervalMs: 50 });
    await engine.syncNow();
    expect(engine.status.get()).toMatchObject({ online: true, tokenRejected: false });
    engine.start();

    odd.set({ refuseToken: true });
    const queued = outbox.queueTransition(guests[0]!.id, 'checkIn', 'kiosk');
    engine.outboxChanged(true);
    await until(() => engine.status.get().tokenRejected, 'the status to say the token was refused');
    const refused = engine.status.get();
    expect(refused.online).toBe(false);
    expect(statusForRole(refused, 'kiosk').online).toBe(false);
    // The check-in is kept: refused with the token when the outbox sent it before a pull met the refusal, or not
    // sent at all when a pull met it first (nothing is sent while the token is refused: which comes first is the
    // machine's timing, as it is at a site).
    const row = await until(() => {
      const now = mirror.outbox.byId(queued.outboxId);
      return now?.state === 'sending' ? undefined : now;
    }, 'the check-in to be back from the service, if it was sent');
    expect(row).toMatchObject({ state: 'pending' });
    expect(row?.lastError ?? 'not sent: 401').toMatch(/401/);

    // While refused: the pulls keep asking at their interval; the outbox waits instead of asking every 50 ms.
    // Three rounds of the pulls (a second apart) are the clock here: in that time an outbox asking every 50 ms
    // would have asked some forty times.
    odd.requests.length = 0;
    const asked = () => odd!.requests.map((r) => new URL(r.url, 'http://x').pathname);
    const pulls = () => asked().filter((p) => p.endsWith('/invitations')).length;
    await until(() => pulls() >= 3, 'three rounds of the invitations pull');
    expect(pulls()).toBeGreaterThanOrEqual(1);
    expect(pulls()).toBeLessThanOrEqual(4);
    expect(asked().filter((p) => p.endsWith('/transitions')).length).toBeLessThanOrEqual(1);
    expect(engine.status.get().tokenRejected).toBe(true);
    expect(mirror.outbox.byId(queued.outboxId)).toMatchObject({ state: 'pending' });
    expect(serviceState(svc.db, guests[0]!.id)).toBe('EXPECTED');

    // A change made at the service meanwhile shows once the token is accepted again.
    await seedGuests(svc, 1, { eventSourceId: `${eventSourceId}-later` });
    const acceptedAt = Date.now();
    odd.set({ refuseToken: false });
    await until(() => mirror.outbox.byId(queued.outboxId)?.state === 'delivered', 'the check-in to be delivered');
    expect(Date.now() - acceptedAt).toBeLessThan(5_000);
    expect(serviceState(svc.db, guests[0]!.id)).toBe('CHECKED_IN');
    await until(() => mirror.db.prepare('SELECT count(*) FROM invitations').pluck().get() === 3, 'a fresh pull');
    expect(engine.status.get()).toMatchObject({ online: true, tokenRejected: false });
    await engine.stop();
  });

  it('a person\'s "Sync now" while refused asks the service, and finds the token accepted again', async () => {
    svc = await startTestService();
    await seedGuests(svc, 1);
    odd = await startOddService(svc.baseUrl, { refuseToken: true });
    const mirror = tempMirror();
    const client = countingClient(odd.baseUrl);
    const outbox = outboxFor(mirror, client.api);
    const engine = createSyncEngine({ mirror, api: client.api, config: () => config, outbox });
    const refused = await engine.syncNow();
    expect(refused.invitations).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
    expect(engine.status.get()).toMatchObject({ online: false, tokenRejected: true });

    odd.set({ refuseToken: false });
    const accepted = await engine.syncNow();
    expect(Object.values(accepted).every((o) => o.ok)).toBe(true);
    expect(engine.status.get()).toMatchObject({ online: true, tokenRejected: false });
  });
});
