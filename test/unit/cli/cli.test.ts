/**
 * The foyer command through main(argv, out, err) with in-memory outputs and a
 * temp data dir: config get/set, the token, and wrong usage (exit 2).
 * Syncing through the CLI is in test/integration/sync/cli-sync.test.ts.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runFoyer as run } from '../../support/cli.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-cli-'));
  dirs.push(dir);
  return dir;
}

describe('config', () => {
  it('sets and gets a key', async () => {
    const dir = tempDir();
    const set = await run('config', 'set', 'locationId', '11', '--data-dir', dir);
    expect(set).toMatchObject({ code: 0, err: '' });
    expect(set.out).toBe('locationId = 11\n');
    const get = await run('config', 'get', 'locationId', '--data-dir', dir);
    expect(get).toEqual({ code: 0, out: '11\n', err: '' });
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).locationId).toBe(11);

    await run('config', 'set', 'intervals.fullSeconds', '900', '--data-dir', dir);
    expect((await run('config', 'get', 'intervals.fullSeconds', '--data-dir', dir)).out).toBe('900\n');
    // Unset: back to the default.
    await run('config', 'set', 'locationId', '', '--data-dir', dir);
    expect((await run('config', 'get', 'locationId', '--data-dir', dir)).out).toBe('10\n');
  });

  it('stores the token with mode 0600 and never prints it', async () => {
    const dir = tempDir();
    const set = await run('config', 'set', 'token', 'abc', '--data-dir', dir);
    expect(set.code).toBe(0);
    expect(set.out).not.toContain('abc');
    const path = join(dir, 'token');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8').trim()).toBe('abc');

    const get = await run('config', 'get', 'token', '--data-dir', dir);
    expect(get.code).toBe(0);
    expect(get.out).not.toContain('abc');
    expect(get.out.trim()).toMatch(/^set \(3 characters/);

    const long = 'a-much-longer-secret-token-0123456789';
    await run('config', 'set', 'token', long, '--data-dir', dir);
    const all = await run('config', 'get', '--data-dir', dir);
    expect(all.code).toBe(0);
    expect(all.out).not.toContain(long);
    const shown = JSON.parse(all.out);
    expect(shown).toMatchObject({ dataDir: dir, locationId: 10, baseUrl: '(embedded reference service)' });
    expect(shown.token).toContain(`${long.length} characters`);

    expect((await run('config', 'set', 'token', '', '--data-dir', dir)).code).toBe(0);
    expect(existsSync(path)).toBe(false);
    expect((await run('config', 'get', 'token', '--data-dir', dir)).out.trim()).toBe('(not set)');
  });

  it('an invalid value fails with 1 and names the key; nothing is written', async () => {
    const dir = tempDir();
    const result = await run('config', 'set', 'locationId', 'abc', '--data-dir', dir);
    expect(result.code).toBe(1);
    expect(result.err).toContain('locationId');
    expect(existsSync(join(dir, 'config.json'))).toBe(false);
  });

  it('PINs and the flow follow the rules of the console (one implementation)', async () => {
    const dir = tempDir();
    expect((await run('config', 'set', 'adminPin', '2468', '--data-dir', dir)).code).toBe(0);
    const same = await run('config', 'set', 'deskPin', '2468', '--data-dir', dir);
    expect(same.code).toBe(2);
    expect(same.err).toContain('deskPin: the desk PIN must differ from the admin PIN');
    expect((await run('config', 'set', 'deskPin', '12', '--data-dir', dir)).err).toContain('a PIN is 4 to 12 digits');
    expect((await run('config', 'set', 'deskPin', '1357', '--data-dir', dir)).code).toBe(0);
    // The machine's own user may remove the admin PIN (the console may not).
    expect((await run('config', 'set', 'adminPin', '', '--data-dir', dir)).out).toContain('adminPin removed');
    const flow = JSON.stringify({
      initialState: 'EXPECTED',
      expected: ['EXPECTED'],
      onsite: ['CHECKED_IN'],
      left: ['CHECKED_OUT', 'CHECKED_IN'],
      transitions: {
        kioskCheckIn: 'CHECK_IN',
        deskCheckIn: 'CHECK_IN',
        checkOut: 'CHECK_OUT',
        undoCheckIn: 'UNDO_CHECK_IN',
      },
    });
    const twice = await run('config', 'set', 'flow', flow, '--data-dir', dir);
    expect(twice.code).toBe(1);
    expect(twice.err).toContain('flow.left: CHECKED_IN is already in onsite');
  });

  it('a broken config.json fails with 1 and names the file', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'config.json'), '{ not json');
    for (const argv of [['config', 'get'], ['status'], ['guests']]) {
      const result = await run(...argv, '--data-dir', dir);
      expect(result.code, argv.join(' ')).toBe(1);
      expect(result.err).toContain(join(dir, 'config.json'));
    }
  });
});

describe('wrong usage', () => {
  it.each([
    [['nope']],
    [['config', 'get', '--bogus']],
    [['config']],
    [['config', 'set', 'locationId']],
    [['config', 'set', 'nope', '1']],
    [['config', 'frobnicate', 'locationId']],
    [['lookup']],
    [['lookup', 'ada', 'lovelace']],
    [['guests', '--state', 'nope']],
    [['guests', '--state']],
    [['status', 'extra']],
    [['sync', '--twice']],
  ])('%j returns 2 and writes the usage to err', async (argv) => {
    const dir = tempDir();
    const result = await run(...argv, '--data-dir', dir);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^foyer: /);
    expect(result.err).toContain('Usage:');
    expect(result.out).toBe('');
    // Nothing was started or written for a wrong command line.
    expect(existsSync(join(dir, 'mirror.db'))).toBe(false);
    expect(existsSync(join(dir, 'config.json'))).toBe(false);
  });

  it('no command at all returns 2 with the usage; --help returns 0', async () => {
    const none = await run();
    expect(none.code).toBe(2);
    expect(none.out).toContain('Usage: foyer <command>');
    const help = await run('--help');
    expect(help.code).toBe(0);
    expect(help.out).toContain('Commands:');
    const sub = await run('guests', '--help');
    expect(sub).toMatchObject({ code: 0, err: '' });
    expect(sub.out).toContain('--state expected|onsite|left');
  });
});

describe('the read commands on an empty data dir', () => {
  it('status says nothing was pulled; guests and lookup find nobody', async () => {
    const dir = tempDir();
    const status = await run('status', '--data-dir', dir);
    expect(status.code).toBe(0);
    expect(status.out).toContain('Nothing pulled yet');
    const json = JSON.parse((await run('status', '--json', '--data-dir', dir)).out);
    expect(json).toMatchObject({
      baseUrl: null,
      locationId: 10,
      counts: { invitations: 0, checkIns: 0 },
      resources: [],
    });
    expect(JSON.parse((await run('guests', '--json', '--data-dir', dir)).out)).toEqual([]);
    expect(JSON.parse((await run('lookup', 'ada', '--json', '--data-dir', dir)).out)).toEqual([]);
    expect((await run('guests', '--data-dir', dir)).out).toContain('0 guest(s)');
  });
});

describe('the browser host names', () => {
  it('"config set allowedHosts" takes a JSON list of host names, and refuses what is none', async () => {
    const dir = tempDir();
    const set = await run(
      'config',
      'set',
      'allowedHosts',
      '["Reception.example.lan","kiosk.lan:8080"]',
      '--data-dir',
      dir,
    );
    expect(set).toMatchObject({ code: 0, out: 'allowedHosts = ["reception.example.lan","kiosk.lan:8080"]\n' });
    const bad = await run('config', 'set', 'allowedHosts', '["evil.example/path"]', '--data-dir', dir);
    expect(bad.code).not.toBe(0);
    expect(bad.err).toMatch(/allowedHosts\[0\]: a host name/);
    expect((await run('config', 'set', 'staffIdleMinutes', '5', '--data-dir', dir)).out).toBe('staffIdleMinutes = 5\n');
  });

  it('"web --allowed-host" refuses a value that is no host name, before anything starts', async () => {
    const answer = await run('web', '--allowed-host', 'a b', '--data-dir', tempDir());
    expect(answer.code).toBe(2);
    expect(answer.err).toMatch(/--allowed-host: "a b" is not a host name/);
  });
});
