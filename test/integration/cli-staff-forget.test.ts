/**
 * foyer staff and foyer forget, run in-process on a data directory against
 * the reference service: the same operations as the console, through the
 * CLI's door (core.call as its admin session).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY } from '../../shared/time.ts';
import { openApp } from '../support/app.ts';
import { runFoyer } from '../support/cli.ts';
import { cleanup, seedGuests, startServiceOn, tempDir } from './outbox/helpers.ts';

let dataDir: string;

function holding(dir: string, text: string): string[] {
  const needle = Buffer.from(text);
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? holding(path, text) : readFileSync(path).includes(needle) ? [path] : [];
  });
}

beforeAll(async () => {
  const service = await startServiceOn(tempDir('foyer-cli-staff-svc-'));
  await seedGuests(service, 2, {
    endsIn: DAY,
    people: [
      { firstName: 'Соловьёв', lastName: 'Илья' },
      { firstName: 'Ada', lastName: 'Lovelace' },
    ],
  });
  dataDir = tempDir('foyer-cli-staff-data-');
  const app = await openApp(dataDir, { service, config: { locationId: 10, companyId: 1 }, pins: { admin: '9999' } });
  await app.runtime.engine.syncNow({ full: true });
  await app.runtime.close();
}, 30_000);

afterAll(cleanup);

describe('foyer staff', () => {
  it('adds, lists and removes a person; a taken PIN is refused', async () => {
    const added = await runFoyer(
      'staff',
      'add',
      '--name',
      'Anna Weber',
      '--role',
      'desk',
      '--pin',
      '24680',
      '--data-dir',
      dataDir,
    );
    expect(added).toMatchObject({ code: 0, out: expect.stringContaining('added Anna Weber (desk), id 1') });
    const taken = await runFoyer(
      'staff',
      'add',
      '--name',
      'Tom',
      '--role',
      'desk',
      '--pin',
      '24680',
      '--data-dir',
      dataDir,
    );
    expect(taken.code).toBe(1);
    expect(taken.err).toMatch(/taken/);
    const list = await runFoyer('staff', '--data-dir', dataDir);
    expect(list.out).toMatch(/Anna Weber\s+desk\s+PIN/);
    expect((await runFoyer('staff', 'remove', '1', '--data-dir', dataDir)).out).toContain('unlocks nothing any more');
    expect((await runFoyer('staff', 'list', '--data-dir', dataDir)).out).toContain('no named staff');
    expect((await runFoyer('staff', 'remove', 'x', '--data-dir', dataDir)).code).toBe(2);
  });
});

describe('foyer forget', () => {
  it('lists who a name finds in another script, exports, and erases with --yes', async () => {
    const listed = await runFoyer('forget', 'Solovyov', '--data-dir', dataDir);
    expect(listed).toMatchObject({ code: 0, out: expect.stringContaining('Соловьёв') });
    expect(listed.out).toContain('nothing erased');
    const exported = join(tempDir('foyer-cli-export-'), 'data.pdf');
    const erased = await runFoyer('forget', 'Solovyov', '--export', exported, '--yes', '--data-dir', dataDir);
    expect(erased).toMatchObject({ code: 0, err: '' });
    expect(readFileSync(exported).subarray(0, 5).toString()).toBe('%PDF-');
    expect(erased.out).toMatch(/forgotten: now "Visitor [0-9a-f]{8}"/);
    expect(erased.out).toContain('give its operator these ids');
    expect(erased.out).toContain('no file of the data directory holds the name or the email any more');
    expect(holding(dataDir, 'Соловьёв')).toEqual([]);
    expect(holding(dataDir, 'Lovelace').length).toBeGreaterThan(0); // others stay
  });
});
