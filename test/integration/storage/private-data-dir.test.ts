/**
 * A data directory of Foyer's own: one that others can read or write
 * (0777) is made private and the log says so; every file Foyer writes
 * (the databases with their -wal and -shm, config.json, the token, the site
 * key) is private to its user from its first byte; a config.json, token or
 * directory that belongs to another user is refused with a clear message.
 */
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteKeyStore } from '../../../electron/core/codes/site-key.ts';
import { runFoyer } from '../../support/cli.ts';
import { cleanup, startServiceOn, tempDir, type Service } from '../outbox/helpers.ts';
import { configure, openLogged } from './helpers.ts';

let service: Service;
beforeAll(async () => {
  service = await startServiceOn(tempDir('foyer-private-svc-'));
}, 30_000);
afterAll(cleanup);

const modeOf = (path: string) => statSync(path).mode & 0o777;
const asRoot = process.getuid?.() === 0;
const ANOTHER_USER = 54_321;

describe('a data directory others can write (0777)', () => {
  it('is made private, with what was open to others, and said in the log', async () => {
    const dataDir = join(tempDir('foyer-shared-'), 'data');
    mkdirSync(dataDir);
    configure(dataDir, service.baseUrl);
    chmodSync(dataDir, 0o777);
    chmodSync(join(dataDir, 'config.json'), 0o666);
    const { runtime, log } = await openLogged(dataDir);
    try {
      createSiteKeyStore(dataDir).get();
      expect(modeOf(dataDir)).toBe(0o700);
      expect(log.join('\n')).toContain(
        `the data directory ${dataDir} was open to other users: made private (0700 for folders, 0600 for files): ` +
          'the directory itself, config.json',
      );
      // Everything Foyer wrote, the databases' -wal and -shm among them, is its user's alone.
      const files = readdirSync(dataDir);
      expect(files).toEqual(
        expect.arrayContaining(['mirror.db', 'mirror.db-wal', 'mirror.db-shm', 'token', 'site-key']),
      );
      for (const name of files) expect([name, modeOf(join(dataDir, name))]).toEqual([name, 0o600]);
    } finally {
      await runtime.close();
    }
  });

  it('a new data directory is made 0700 with nothing to say', async () => {
    const dataDir = join(tempDir('foyer-fresh-'), 'a', 'b');
    expect((await runFoyer('config', 'set', 'baseUrl', service.baseUrl, '--data-dir', dataDir)).code).toBe(0);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(dataDir, 'config.json'))).toBe(0o600);
  });
});

describe.skipIf(!asRoot)('files of another user (run as root: chown to another uid)', () => {
  it('a config.json that is not ours is refused: the token is never sent where it says', async () => {
    const dataDir = tempDir('foyer-foreign-config-');
    configure(dataDir, service.baseUrl);
    const config = join(dataDir, 'config.json');
    chownSync(config, ANOTHER_USER, ANOTHER_USER);
    const status = await runFoyer('status', '--data-dir', dataDir);
    expect(status.code).toBe(1);
    expect(status.err).toContain(`${config} belongs to another user (uid ${ANOTHER_USER}, not 0)`);
    expect(status.err).toContain('Foyer does not read');
    await expect(openLogged(dataDir)).rejects.toThrow(/belongs to another user/);
  });

  it('a token file that is not ours is refused', async () => {
    const dataDir = tempDir('foyer-foreign-token-');
    configure(dataDir, service.baseUrl);
    chownSync(join(dataDir, 'token'), ANOTHER_USER, ANOTHER_USER);
    const sync = await runFoyer('sync', '--once', '--data-dir', dataDir);
    expect(sync.code).toBe(1);
    expect(sync.err).toContain(`${join(dataDir, 'token')} belongs to another user`);
  });

  it("a config.json swapped for a link to another user's file is refused", async () => {
    const dataDir = tempDir('foyer-foreign-link-');
    configure(dataDir, service.baseUrl);
    const theirs = join(tempDir('foyer-theirs-'), 'config.json');
    writeFileSync(theirs, JSON.stringify({ baseUrl: 'http://127.0.0.1:9/api/v2' }));
    chownSync(theirs, ANOTHER_USER, ANOTHER_USER);
    rmSync(join(dataDir, 'config.json'));
    symlinkSync(theirs, join(dataDir, 'config.json'));
    const status = await runFoyer('status', '--data-dir', dataDir);
    expect(status.code).toBe(1);
    expect(status.err).toContain('belongs to another user');
  });

  it('a data directory that belongs to another user is refused, and nothing is written in it', async () => {
    const dataDir = join(tempDir('foyer-foreign-dir-'), 'data');
    mkdirSync(dataDir, { mode: 0o700 });
    chownSync(dataDir, ANOTHER_USER, ANOTHER_USER);
    const status = await runFoyer('web', '--port', '0', '--data-dir', dataDir);
    expect(status.code).toBe(1);
    expect(status.err).toContain(`The data directory ${dataDir} belongs to another user (uid ${ANOTHER_USER}`);
    expect(status.err).toContain('--data-dir');
    expect(existsSync(join(dataDir, 'mirror.db'))).toBe(false);
  });
});
