/**
 * The API client against a service that is not our own (test/support/odd-service.ts
 * in front of the reference service): base URLs, bodies, encodings, and what
 * the service's error text may carry.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorOf } from '../../support/api-error.ts';
import { startOddService, type OddService } from '../../support/odd-service.ts';
import { startTestService, type TestService } from '../../support/service.ts';
import { TEST_TOKEN } from '../../support/world.ts';
import { cleanup, countingClient, NO_RETRY } from './helpers.ts';

let svc: TestService;
let odd: OddService;

beforeAll(async () => {
  svc = await startTestService();
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

const employees = (baseUrl: string, options: Parameters<typeof countingClient>[1] = {}) =>
  countingClient(baseUrl, { retry: NO_RETRY, ...options }).api.call('listEmployees', {
    params: { companyId: 1 },
    query: { limit: 50, offset: 0 },
  });

describe('base URLs', () => {
  it('a base URL at the host root builds /locations/... paths, with or without a trailing slash', async () => {
    odd.set({ prefix: '' });
    for (const baseUrl of [odd.origin, `${odd.origin}/`]) {
      const page = await employees(baseUrl);
      expect(page.employees.length).toBeGreaterThan(0);
    }
    expect(odd.requests.map((r) => r.url.split('?')[0])).toEqual(['/companies/1/employees', '/companies/1/employees']);
  });

  it('a query string in the base URL (a subscription key) is kept on every request, beside the listing query', async () => {
    odd.set({ requireQuery: { 'subscription-key': 'k-123' } });
    expect(odd.baseUrl).toContain('?subscription-key=k-123');
    const page = await employees(odd.baseUrl);
    expect(page.employees.length).toBeGreaterThan(0);
    const url = new URL(odd.requests[0]!.url, odd.origin);
    expect(url.pathname).toBe('/api/v2/companies/1/employees');
    expect(url.searchParams.get('subscription-key')).toBe('k-123');
    expect(url.searchParams.get('limit')).toBe('50');
  });
});

describe('bodies', () => {
  it('a body over the cap is refused with a clear error, without reading it all', async () => {
    odd.set({ hugeBodyBytes: 200 * 1024 * 1024 });
    const error = await apiErrorOf(employees(odd.baseUrl, { maxBodyBytes: 1024 * 1024 }));
    expect(error.kind).toBe('invalid_response');
    expect(error.message).toMatch(/larger than 1 MiB/);
  });

  it('an endless chunked body is cut at the cap', async () => {
    odd.set({ endlessBody: true });
    const before = process.memoryUsage.rss();
    const error = await apiErrorOf(employees(odd.baseUrl, { maxBodyBytes: 4 * 1024 * 1024 }));
    expect(error.message).toMatch(/larger than 4 MiB/);
    expect(process.memoryUsage.rss() - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('sends Accept-Encoding and decodes gzip and deflate answers', async () => {
    for (const compress of ['gzip', 'deflate'] as const) {
      odd.set({ compress });
      const page = await employees(odd.baseUrl);
      expect(page.employees.length).toBeGreaterThan(0);
    }
    expect(odd.requests[0]!.headers['accept-encoding']).toBe('gzip, deflate');
  });

  it('a gzip bomb is cut at the cap on the decoded size', async () => {
    odd.set({ gzipBombBytes: 1024 * 1024 * 1024 });
    const before = process.memoryUsage.rss();
    const error = await apiErrorOf(employees(odd.baseUrl, { maxBodyBytes: 8 * 1024 * 1024 }));
    expect(error.message).toMatch(/larger than 8 MiB/);
    expect(process.memoryUsage.rss() - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('ids as numeric strings and timestamps with +0200 or without an offset (taken as UTC) are read and normalised', async () => {
    odd.set({
      transform: (body) => {
        for (const e of body.employees) {
          e.id = String(e.id);
          e.createdAt = '2026-11-24T10:00:00+0200';
          e.updatedAt = '2026-11-24T10:00:00';
        }
        return body;
      },
    });
    const page = await employees(odd.baseUrl);
    const first = page.employees[0]!;
    expect(typeof first.id).toBe('number');
    expect(first.createdAt).toBe('2026-11-24T08:00:00.000Z');
    expect(first.updatedAt).toBe('2026-11-24T10:00:00.000Z');
  });
});

describe('error answers', () => {
  it('403 says the token was refused, not "validation"', async () => {
    odd.set({ answer: { status: 403, headers: { 'content-type': 'text/plain' }, body: 'Forbidden' } });
    const error = await apiErrorOf(employees(odd.baseUrl));
    expect(error.kind).toBe('forbidden');
    expect(error.message).toMatch(/the token was refused/);
  });

  it('a redirect says where it pointed and is not followed (the token stays here)', async () => {
    odd.set({ answer: { status: 302, headers: { location: 'https://elsewhere.example/login?next=/x' } } });
    const error = await apiErrorOf(employees(odd.baseUrl));
    expect(error.kind).toBe('redirected');
    expect(error.message).toContain('https://elsewhere.example/login');
    expect(odd.requests).toHaveLength(1);
  });

  it('service error text has the token removed, control characters stripped and its length capped', async () => {
    const echoed = `Bad things: Authorization: Bearer ${TEST_TOKEN} \u001b[2J\u001b[H cleared ${'x'.repeat(5000)} ${TEST_TOKEN}`;
    odd.set({ answer: { status: 400, headers: { 'content-type': 'text/plain' }, body: echoed } });
    const error = await apiErrorOf(employees(odd.baseUrl));
    const json = JSON.stringify(error.toJSON());
    expect(json).not.toContain(TEST_TOKEN);
    expect(error.message).toContain('Bearer [token]');
    // eslint-disable-next-line no-control-regex
    expect(error.message).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(error.message.length).toBeLessThanOrEqual(600);

    odd.set({
      answer: {
        status: 400,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          error: { code: 'VALIDATION_ERROR', message: echoed, details: [{ path: 'x', message: echoed }] },
        }),
      },
    });
    const structured = await apiErrorOf(employees(odd.baseUrl));
    expect(JSON.stringify({ ...structured.toJSON(), details: structured.details })).not.toContain(TEST_TOKEN);
    expect(structured.details[0]!.message.length).toBeLessThanOrEqual(500);
  });
});
