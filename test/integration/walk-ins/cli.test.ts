/**
 * foyer walk-in: staff register a visitor from a terminal while the service
 * is down (exit 0, queued), a host name that fits several is refused with
 * the candidates (exit 2), and once the service is back, "foyer sync"
 * leaves it with one event, one invitation and one check-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFoyer } from '../../support/cli.ts';
import { cleanup, dataDirFor, type Service, startServiceOn, tempDir } from '../outbox/helpers.ts';
import { until } from '../../support/until.ts';

let serviceDir: string;
let service: Service;
let dataDir: string;

beforeAll(async () => {
  serviceDir = tempDir('foyer-walk-in-cli-svc-');
  service = await startServiceOn(serviceDir);
  dataDir = dataDirFor(service.baseUrl);
  expect((await runFoyer('sync', '--once', '--data-dir', dataDir)).code).toBe(0);
});

afterAll(cleanup);

const walkIns = () =>
  service.db
    .prepare(
      `SELECT i.id, c.first_name AS firstName, c.last_name AS lastName, c.email, k.state
       FROM invitations i JOIN events e ON e.id = i.event_id JOIN contacts c ON c.id = i.contact_id
       LEFT JOIN check_ins k ON k.id = i.id WHERE e.name LIKE 'Walk-in for %'`,
    )
    .all();

describe('foyer walk-in', () => {
  it('says which employees a name fits, and registers nothing', async () => {
    const run = await runFoyer('walk-in', '--first', 'Peter', '--last', 'Brandt', '--host', 'a', '--data-dir', dataDir);
    expect(run.code).toBe(2);
    expect(run.err).toContain('Ada Lovelace (employee 100)');
    expect(run.err).toContain('Grace Hopper (employee 102)');
    const missing = await runFoyer('walk-in', '--first', 'Peter', '--host', 'Grace Hopper', '--data-dir', dataDir);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('--last: type the last name');
  });

  it('is queued while the service is down, and delivered once when it is back', async () => {
    const port = service.port;
    await service.close();
    const run = await runFoyer(
      'walk-in',
      '--first',
      'Peter',
      '--last',
      'Brandt',
      '--email',
      'peter@brandt.test',
      '--host',
      'grace hopper',
      '--data-dir',
      dataDir,
    );
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain('Peter Brandt for Grace Hopper: let in');
    expect(run.out).toContain('queued');
    // On site at once, pending, as the desk lists them: "foyer guests" agrees.
    const onsite = await runFoyer('guests', '--state', 'onsite', '--json', '--data-dir', dataDir);
    expect(onsite.code, onsite.err).toBe(0);
    expect(JSON.parse(onsite.out)).toEqual([
      expect.objectContaining({ firstName: 'Peter', lastName: 'Brandt', category: 'onsite', pending: true }),
    ]);
    expect((await runFoyer('guests', '--state', 'onsite', '--data-dir', dataDir)).out).toContain('Peter Brandt');

    service = await startServiceOn(serviceDir, { port });
    // Runs of "foyer sync" as a person (or cron) makes them: the first after the failed attempt's backoff sends
    // the event, pulls the invitation (queueing its check-in) and sends the check-in, all in the one run.
    let runs = 0;
    await until(
      async () => {
        if (runs++ >= 20) throw new Error(`no walk-in at the service after ${runs - 1} runs of "foyer sync --once"`);
        expect((await runFoyer('sync', '--once', '--data-dir', dataDir)).code).toBe(0);
        return walkIns().length > 0;
      },
      'a run of "foyer sync --once" to send the walk-in',
      { every: 250, timeout: 60_000 },
    );
    expect(walkIns()).toEqual([
      expect.objectContaining({
        firstName: 'Peter',
        lastName: 'Brandt',
        email: 'peter@brandt.test',
        state: 'CHECKED_IN',
      }),
    ]);
  });

  it('online, checks in at once', async () => {
    const run = await runFoyer('walk-in', '--first', 'Ana', '--last', 'Online', '--host', 'Ada', '--data-dir', dataDir);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toMatch(/delivered: invitation \d+, checked in/);
    expect(walkIns()).toHaveLength(2);
    expect(walkIns().every((w) => (w as { state: string }).state === 'CHECKED_IN')).toBe(true);
  });
});
