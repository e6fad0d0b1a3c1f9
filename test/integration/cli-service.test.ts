/** `foyer service` as a newcomer runs it: its own process, the demo token from the README. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../shared/api/index.ts';
import { call } from '../support/service.ts';

const FOYER = fileURLToPath(new URL('../../bin/foyer.mjs', import.meta.url));
const DEMO_TOKEN = 'foyer-demo-token';

describe('foyer service --demo', () => {
  let child: ChildProcess;
  let baseUrl: string;

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-cli-'));
    child = spawn(process.execPath, [FOYER, 'service', '--demo', '--port', '0', '--db', join(dir, 's.db')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    baseUrl = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
    });
  }, 60_000);

  afterAll(() => {
    child?.kill('SIGTERM');
  });

  it('prints a loopback base URL', () => {
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2$/);
  });

  it('answers every endpoint with the demo token', async () => {
    const now = Date.now();
    const window = {
      endsAfter: new Date(now - 86_400_000).toISOString(),
      beginsBefore: new Date(now + 7 * 86_400_000).toISOString(),
    };
    const opts = { token: DEMO_TOKEN };
    const invitations = await call(baseUrl, 'GET', '/locations/10/invitations', { ...opts, query: window });
    expect(invitations.status).toBe(200);
    expect(invitations.body.pageInfo.totalCount).toBeGreaterThan(0);
    expect(endpoints.listInvitations.response.safeParse(invitations.body).success).toBe(true);

    const checkIns = await call(baseUrl, 'GET', '/locations/10/check-ins', opts);
    expect(checkIns.status).toBe(200);
    expect(endpoints.listCheckIns.response.safeParse(checkIns.body).success).toBe(true);

    const groups = await call(baseUrl, 'GET', '/access-control/access-profile-groups', opts);
    expect(groups.status).toBe(200);
    expect(groups.body.groups.length).toBeGreaterThan(0);

    const employees = await call(baseUrl, 'GET', '/companies/1/employees', opts);
    expect(employees.status).toBe(200);
    expect(employees.body.pageInfo.totalCount).toBeGreaterThanOrEqual(100);

    const starts = new Date(now + 3_600_000).toISOString();
    const ends = new Date(now + 7_200_000).toISOString();
    const events = await call(baseUrl, 'PUT', '/events', {
      ...opts,
      body: {
        events: [
          {
            sourceId: 'cli-test',
            name: 'CLI test',
            startsAt: starts,
            endsAt: ends,
            locationId: 10,
            invitations: [{ sourceId: 'g1', email: 'g1@example.test', firstName: 'Gina' }],
          },
        ],
      },
    });
    expect(events.body.events[0].status).toBe('SUCCESS');

    const identities = await call(baseUrl, 'PUT', '/permanent-identities', {
      ...opts,
      body: { permanentIdentities: [{ sourceId: 'cli-p1', email: 'p1@example.test', firstName: 'Pat' }] },
    });
    expect(identities.body.permanentIdentities[0].status).toBe('SUCCESS');

    const group = groups.body.groups[0].sourceId as string;
    const upload = await call(baseUrl, 'PUT', `/access-control/access-profile-groups/${group}/access-profiles`, {
      ...opts,
      body: { accessProfiles: [{ sourceId: 'door-1', name: 'Door 1' }] },
    });
    expect(upload.status).toBe(204);

    const listed = await call(baseUrl, 'GET', '/locations/10/invitations', {
      ...opts,
      query: { ...window, updatedSince: new Date(now - 60_000).toISOString() },
    });
    const mine = listed.body.invitations.find((i: { event: { name: string } }) => i.event.name === 'CLI test');
    const transition = await call(baseUrl, 'POST', '/check-ins/transitions', {
      ...opts,
      body: { eventName: 'CHECK_IN', checkIn: { id: mine.id } },
    });
    expect(transition.status).toBe(200);
    expect(transition.body.state).toBe('CHECKED_IN');

    const openapi = await call(baseUrl, 'GET', '/openapi.json', { token: null });
    expect(openapi.body.openapi).toMatch(/^3\.1/);
  });
});

describe('foyer service usage errors', () => {
  const run = (...args: string[]) => spawnSync(process.execPath, [FOYER, 'service', ...args], { encoding: 'utf8' });

  it('refuses a world file that breaks the format, naming the bad field', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'foyer-world-')), 'world.json');
    writeFileSync(
      path,
      JSON.stringify({
        companies: [{ id: 1, name: 'A', locations: [{ id: 'ten', name: 'X' }], employees: [], integrations: [] }],
      }),
    );
    const result = run('--world', path, '--port', '0');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('companies[0].locations[0].id');
  });

  it('refuses wrong usage with exit code 2', () => {
    expect(run().status).toBe(2);
    expect(run('--demo', '--fault-rate', '2').status).toBe(2);
    expect(run('--demo', '--bogus').status).toBe(2);
  });
});
