/**
 * A hostile service (test/support/odd-service.ts in front of the reference
 * service, over HTTP on 127.0.0.1): it echoes the token in every form it can
 * (upper-cased, base64, base64url, broken by spaces and newlines, halves in
 * two fields) in names, extra fields and error messages; it sends 300 KB
 * surnames; it answers a byte at a time. None of the token reaches the
 * mirror, the status or the log; every string is bounded; a pull and a
 * person's "Sync now" end in bounded time.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formsOf, pieceLength } from '../../../electron/core/api/service-text.ts';
import { createSyncEngine, STILL_SYNCING } from '../../../electron/core/sync/engine.ts';
import { apiErrorOf } from '../../support/api-error.ts';
import { listingKey, startOddService, type Json, type OddService } from '../../support/odd-service.ts';
import { startTestService, type TestService } from '../../support/service.ts';
import { TEST_TOKEN } from '../../support/world.ts';
import { seedGuests } from '../outbox/helpers.ts';
import { cleanup, countingClient, makeConfig, mirrorSnapshot, NO_RETRY, tempMirror } from './helpers.ts';

let svc: TestService;
let odd: OddService;
beforeAll(async () => {
  svc = await startTestService();
  await seedGuests(svc, 4);
  odd = await startOddService(svc.baseUrl);
});
afterEach(async () => {
  odd.reset();
  await cleanup();
});
afterAll(async () => {
  await odd?.close();
  await svc?.close();
});

/** Whether the text holds a piece of the token (in any form) that the cleaner promises to remove. */
function leaksToken(text: string): boolean {
  const squeezed = text.replace(/\s|\\[nrt]/g, '').toLowerCase();
  return formsOf(TEST_TOKEN).some((form) => {
    const piece = pieceLength(form);
    for (let i = 0; i + piece <= form.length; i++) if (squeezed.includes(form.slice(i, i + piece))) return true;
    return false;
  });
}

const T = TEST_TOKEN;
const ECHOES = [
  T.toUpperCase(),
  Buffer.from(T).toString('base64'),
  Buffer.from(`u:${T}`).toString('base64url'),
  T.split('').join(' '),
  `${T.slice(0, 6)}\n${T.slice(6)}`,
];

/** Every contact and event of a listing carries the token's echoes and a 300 KB surname. */
function hostile(body: Json): Json {
  const key = listingKey(body);
  if (key !== 'invitations') return body;
  body.invitations.forEach((invitation: Json, i: number) => {
    const echo = ECHOES[i % ECHOES.length]!;
    invitation.contact.firstName = `${T.slice(0, 8)}`;
    invitation.contact.lastName = `${T.slice(8)} ${'W'.repeat(300_000)}`;
    invitation.contact.companyName = `Echo ${echo}`;
    invitation.event.name = `Event ${echo}`;
    invitation.contact.nickname = `x${echo}y`;
    invitation.contact[`k-${T}`] = 'extra key';
    invitation.event.agenda = { notes: ['z'.repeat(100_000)] };
  });
  return body;
}

describe('the token in any form, and strings without end', () => {
  it('reach neither the mirror, nor the status, nor the log; every stored string is bounded', async () => {
    odd.set({ transform: hostile });
    const mirror = tempMirror();
    const client = countingClient(odd.baseUrl, { retry: NO_RETRY });
    const logged: string[] = [];
    const engine = createSyncEngine({
      mirror,
      api: client.api,
      config: () => makeConfig(),
      log: (l) => logged.push(l),
    });
    const outcomes = await engine.syncNow({ resources: ['invitations'], full: true });
    expect(outcomes.invitations.ok).toBe(true);

    const stored = JSON.stringify(mirrorSnapshot(mirror));
    expect(mirror.db.prepare('SELECT count(*) FROM contacts').pluck().get()).toBeGreaterThanOrEqual(4);
    expect(leaksToken(stored), stored.slice(0, 2_000)).toBe(false);
    const longest = mirror.db
      .prepare('SELECT max(length(last_name)), max(length(company_name)), max(length(extra)) FROM contacts')
      .raw()
      .get() as number[];
    expect(longest[0]).toBeLessThanOrEqual(200);
    expect(longest[1]).toBeLessThanOrEqual(200);
    expect(longest[2]).toBeLessThan(2_000);
    const eventExtra = mirror.db.prepare('SELECT max(length(extra)) FROM events').pluck().get() as number;
    expect(eventExtra).toBeLessThan(2_000);
    expect(leaksToken(JSON.stringify(engine.status.get()))).toBe(false);
    expect(leaksToken(logged.join('\n'))).toBe(false);
  });

  it.each(ECHOES.map((echo, i) => [i, echo]))(
    'error messages with echo %i lose it, and are bounded',
    async (_, echo) => {
      const message = `refused ${echo} ${'m'.repeat(100_000)}`;
      odd.set({
        answer: {
          status: 500,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            error: { code: `E${echo}`, message, details: Array.from({ length: 50 }, () => ({ path: echo, message })) },
          }),
        },
      });
      const mirror = tempMirror();
      const client = countingClient(odd.baseUrl, { retry: NO_RETRY });
      const logged: string[] = [];
      const engine = createSyncEngine({
        mirror,
        api: client.api,
        config: () => makeConfig(),
        log: (l) => logged.push(l),
      });
      const outcome = await engine.syncNow({ resources: ['checkIns'] });
      expect(outcome.checkIns.ok).toBe(false);
      const shown = JSON.stringify(engine.status.get());
      expect(leaksToken(shown), shown).toBe(false);
      expect(leaksToken(logged.join('\n'))).toBe(false);
      expect(leaksToken(JSON.stringify(mirrorSnapshot(mirror)))).toBe(false);
      expect(engine.status.get().resources.checkIns.lastError!.message.length).toBeLessThanOrEqual(600);

      const error = await apiErrorOf(client.api.call('listCheckIns', { params: { locationId: 10 }, query: {} }));
      expect(error.details.length).toBeLessThanOrEqual(20);
      expect(leaksToken(JSON.stringify({ ...error.toJSON(), details: error.details }))).toBe(false);
    },
  );
});

describe('a service that answers a byte at a time', () => {
  it.each([
    ['the body', false],
    ['the status line and headers', true],
  ])('trickling %s: a call ends at its timeout, retries end within their budget', async (_, headers) => {
    odd.set({ trickle: { intervalMs: 50, headers } });
    const once = countingClient(odd.baseUrl, { timeoutMs: 800, retry: NO_RETRY });
    let started = Date.now();
    const error = await apiErrorOf(once.api.call('listCheckIns', { params: { locationId: 10 }, query: {} }));
    expect(error.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3_000);

    const retried = countingClient(odd.baseUrl, {
      timeoutMs: 800,
      retry: { retries: 100, baseDelayMs: 10, maxDelayMs: 20, budgetMs: 2_000 },
    });
    started = Date.now();
    const again = await apiErrorOf(retried.api.call('listCheckIns', { params: { locationId: 10 }, query: {} }));
    // A later try on a connection the trickle left in disorder may end as a network error instead.
    expect(['timeout', 'network']).toContain(again.kind);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(retried.count()).toBeLessThanOrEqual(4);
  });

  it('a person\'s "Sync now" answers by its deadline; the pulls go on in the background and end at their timeout', async () => {
    odd.set({ trickle: { intervalMs: 100 } });
    const mirror = tempMirror();
    const client = countingClient(odd.baseUrl, { timeoutMs: 3_000, retry: NO_RETRY });
    const engine = createSyncEngine({ mirror, api: client.api, config: () => makeConfig() });
    const started = Date.now();
    const outcomes = await engine.syncNow({ waitMs: 1_000 });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(outcomes.invitations).toEqual(STILL_SYNCING);
    expect(engine.status.get().resources.invitations.running).toBe(true);

    // In the background, the pull ends by its own timeout, and the status says so.
    const later = await engine.syncNow({ resources: ['invitations'] });
    expect(later.invitations).toMatchObject({ ok: false, error: { kind: 'timeout' } });
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(engine.status.get().resources.invitations.running).toBe(false);
    await engine.stop();
  });
});
