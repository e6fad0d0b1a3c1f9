/**
 * What a terminal changes is in the audit log, as what a screen changes: the
 * command line goes through the contract's door (cli/door.ts) as its own
 * admin session, whose device is "cli". A check-in, a walk-in, a push and a
 * PIN set from `foyer` each leave their entry (pairing from the CLI:
 * integration/hub/cli.test.ts).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../electron/core/access/session.ts';
import { openApp } from '../support/app.ts';
import { runFoyer } from '../support/cli.ts';
import {
  cleanup,
  dataDirFor,
  seedGuests,
  type SeededGuest,
  type Service,
  startServiceOn,
  tempDir,
} from './outbox/helpers.ts';

const SAMPLES = join(import.meta.dirname, '../../resources/samples');
let service: Service;
let dataDir: string;
let guests: SeededGuest[];

beforeAll(async () => {
  service = await startServiceOn(tempDir('foyer-cli-audit-svc-'));
  ({ guests } = await seedGuests(service, 2));
  dataDir = dataDirFor(service.baseUrl);
  expect((await runFoyer('sync', '--once', '--data-dir', dataDir)).code).toBe(0);
}, 30_000);

afterAll(cleanup);

describe('the command line in the audit log', () => {
  it('records a check-in, a walk-in, a push and a PIN set from a terminal, each with the device cli', async () => {
    const run = async (...args: string[]) => {
      const result = await runFoyer(...args, '--data-dir', dataDir);
      expect(result.code, `foyer ${args.join(' ')}: ${result.err}`).toBe(0);
    };
    await run('check-in', String(guests[0]!.id));
    await run('walk-in', '--first', 'Peter', '--last', 'Terminal', '--host', 'Grace Hopper');
    await run('push', 'identities', join(SAMPLES, 'identities.csv'));
    await run('config', 'set', 'deskPin', '86420');
    // A refused PIN (the desk's may not be the admin's rule is the console's) is said as usage, exit 2.
    expect((await runFoyer('config', 'set', 'deskPin', '12', '--data-dir', dataDir)).code).toBe(2);

    const app = await openApp(dataDir, {});
    try {
      const admin = createSession('cli-audit-reader', 'admin', 'admin', 'desktop');
      const { entries } = await app.core.call(admin, 'audit.list', {});
      const fromCli = entries.filter((e) => e.device === 'cli');
      expect(fromCli.map((e) => e.action).sort()).toEqual(['check-in', 'push', 'settings', 'walk-in-add']);
      expect(fromCli.find((e) => e.action === 'walk-in-add')?.subject).toContain('Peter Terminal');
      expect(fromCli.find((e) => e.action === 'settings')?.subject).toBe('desk PIN');
      expect(fromCli.every((e) => e.role === 'admin')).toBe(true);
    } finally {
      await app.runtime.close();
    }
  }, 60_000);
});
