/**
 * Reference service throughput, measured from a second process on loopback:
 * - pages of 50 invitations per second (100,000 invitations loaded), p50/p99 latency;
 * - identities upserted per second through PUT /permanent-identities, 200 per request.
 * Targets (issue 2): >= 2,000 pages/s with p99 < 20 ms; >= 20,000 identities/s.
 */
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { LIMITS } from '../../shared/api/index.ts';
import { percentile, report, spawnService } from './support.ts';

const TOKEN = 'foyer-demo-token';
const INVITATIONS = 100_000;
const LOCATIONS = [10, 11, 12, 13];
const CONCURRENCY = 4;

export async function run(): Promise<boolean> {
  const seedStart = performance.now();
  const service = await spawnService(['--demo', '--demo-invitations', String(INVITATIONS)]);
  console.log(
    `service with ${INVITATIONS} invitations ready in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );
  const url = new URL(service.baseUrl);
  const pool = new Pool(url.origin, { connections: CONCURRENCY, pipelining: 1 });
  const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
  try {
    const window = {
      endsAfter: new Date(Date.now() - 3 * 86_400_000).toISOString(),
      beginsBefore: new Date(Date.now() + 10 * 86_400_000).toISOString(),
    };
    const pagePath = (location: number, offset: number) =>
      `${url.pathname}/locations/${location}/invitations?${new URLSearchParams({
        ...window,
        limit: String(LIMITS.invitations.maxLimit),
        offset: String(offset),
      })}`;
    const get = async (path: string) => {
      const response = await pool.request({ method: 'GET', path, headers });
      const body = (await response.body.json()) as { pageInfo: { totalCount: number } };
      if (response.statusCode !== 200) throw new Error(`GET ${path}: ${response.statusCode}`);
      return body;
    };

    // Every page of every location, as a client sync would walk them.
    const pages: string[] = [];
    for (const location of LOCATIONS) {
      const { pageInfo } = await get(pagePath(location, 0));
      for (let offset = 0; offset < pageInfo.totalCount; offset += LIMITS.invitations.maxLimit)
        pages.push(pagePath(location, offset));
    }
    for (const path of pages.slice(0, 200)) await get(path); // warm-up

    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    const rounds = 2;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < pages.length * rounds) {
          const path = pages[next++ % pages.length]!;
          const t0 = performance.now();
          await get(path);
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const pageSeconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const pagesPerSecond = latencies.length / pageSeconds;
    console.log(
      `${latencies.length} pages of ${LIMITS.invitations.maxLimit} in ${pageSeconds.toFixed(2)} s at concurrency ${CONCURRENCY}`,
    );

    // Identities: 100 requests of 200 new identities each, then 100 updating them.
    const batches = 100;
    const identityLatencies: number[] = [];
    let identities = 0;
    const putStart = performance.now();
    for (let round = 0; round < 2; round++)
      for (let b = 0; b < batches; b++) {
        const body = JSON.stringify({
          permanentIdentities: Array.from({ length: LIMITS.identitiesPerRequest }, (_, i) => {
            const n = b * LIMITS.identitiesPerRequest + i;
            return {
              sourceId: `bench-${n}`,
              email: `bench.${n}@example.test`,
              firstName: `First${n}`,
              lastName: round === 0 ? `Last${n}` : `Changed${n}`,
              companyName: 'Bench Ltd',
              startsAt: '2026-01-01T00:00:00.000Z',
              endsAt: '2027-01-01T00:00:00.000Z',
              accessProfiles: [{ accessProfileGroupSourceId: 'berlin-lobby', sourceId: 'main-entrance' }],
            };
          }),
        });
        const t0 = performance.now();
        const response = await pool.request({
          method: 'PUT',
          path: `${url.pathname}/permanent-identities`,
          headers,
          body,
        });
        const result = (await response.body.json()) as { permanentIdentities: { status: string }[] };
        identityLatencies.push(performance.now() - t0);
        if (response.statusCode !== 200 || result.permanentIdentities.some((r) => r.status !== 'SUCCESS'))
          throw new Error(
            `PUT /permanent-identities failed: ${response.statusCode} ${JSON.stringify(result).slice(0, 300)}`,
          );
        identities += LIMITS.identitiesPerRequest;
      }
    const identitiesPerSecond = identities / ((performance.now() - putStart) / 1000);
    identityLatencies.sort((a, b) => a - b);

    return report('reference service (second process, loopback)', [
      {
        name: 'invitation pages (50 each) per second',
        value: pagesPerSecond,
        unit: 'pages/s',
        target: '>= 2000',
        ok: pagesPerSecond >= 2000,
      },
      { name: 'page latency p50', value: percentile(latencies, 50), unit: 'ms', target: '', ok: true },
      {
        name: 'page latency p99',
        value: percentile(latencies, 99),
        unit: 'ms',
        target: '< 20',
        ok: percentile(latencies, 99) < 20,
      },
      {
        name: 'identities upserted per second (200/request)',
        value: identitiesPerSecond,
        unit: 'ids/s',
        target: '>= 20000',
        ok: identitiesPerSecond >= 20_000,
      },
      {
        name: 'identity request latency p50',
        value: percentile(identityLatencies, 50),
        unit: 'ms',
        target: '',
        ok: true,
      },
    ]);
  } finally {
    await pool.close();
    await service.stop();
  }
}
