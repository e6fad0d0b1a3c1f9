/**
 * The switches of the reference service that tests and demos use to play a
 * harsher deployment: rate limiting (docs/interface.md "Errors", 429), injected
 * faults (503 or a dropped connection) and added latency. Each switch needs a
 * service of its own, so this file starts one per describe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../support/service.ts';
import { eventItem, expectError, WIDE } from './helpers.ts';

describe('rate limiting (rateLimit: 5)', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({ rateLimit: 5 });
  });
  afterAll(async () => {
    await svc?.close();
  });

  it('many quick requests get some 429 RATE_LIMITED with Retry-After in whole seconds', async () => {
    const results = await Promise.all(Array.from({ length: 30 }, () => svc.call('GET', '/companies/1/employees')));
    const statuses = results.map((r) => r.status);
    expect(
      statuses.every((s) => s === 200 || s === 429),
      statuses.join(','),
    ).toBe(true);
    expect(statuses).toContain(200);
    const limited = results.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    for (const r of limited) {
      expectError(r, 429, 'RATE_LIMITED');
      expect(String(r.headers['retry-after'] ?? ''), 'Retry-After').toMatch(/^\d+$/);
    }
  });
});

describe('injected faults (faultRate: 1)', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({ faultRate: 1 });
  });
  afterAll(async () => {
    await svc?.close();
  });

  it('every request is a 503 UNAVAILABLE or a dropped connection, never a success', async () => {
    const calls = [
      () => svc.call('GET', '/companies/1/employees'),
      () => svc.call('GET', '/locations/10/invitations', { query: WIDE }),
      () => svc.call('GET', '/locations/10/check-ins'),
      () => svc.call('GET', '/access-control/access-profile-groups'),
      () => svc.call('PUT', '/events', { body: { events: [eventItem()] } }),
    ];
    let answered = 0;
    let dropped = 0;
    for (let round = 0; round < 4; round++)
      for (const send of calls) {
        let res;
        try {
          res = await send();
        } catch {
          dropped += 1;
          continue;
        }
        answered += 1;
        expectError(res, 503, 'UNAVAILABLE');
      }
    expect(answered + dropped).toBe(20);
  });
});

describe('added latency (latencyMs: 100)', () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startTestService({ latencyMs: 100 });
  });
  afterAll(async () => {
    await svc?.close();
  });

  it('a request takes at least 100 ms and still succeeds', async () => {
    const started = performance.now();
    const res = await svc.call('GET', '/companies/1/employees');
    const took = performance.now() - started;
    expect(res.status, res.text).toBe(200);
    // 1 ms of slack for timer rounding.
    expect(took).toBeGreaterThanOrEqual(99);
  });
});
