/**
 * The configuration: typed values from text, validation naming the key, the
 * config file, the token file (mode 0600) and how a token is shown.
 */
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  Config,
  ConfigError,
  createConfigStore,
  defaultDataDir,
  getConfigValue,
  setConfigValue,
} from '../../../electron/core/config/config.ts';
import { createFileTokenStore, maskToken } from '../../../electron/core/config/token-store.ts';
import { DEFAULT_FLOW } from '../../../shared/domain/flow.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-config-'));
  dirs.push(dir);
  return dir;
}

const defaults = () => Config.parse({});

function configError(action: () => unknown): ConfigError {
  let error: unknown;
  try {
    action();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ConfigError);
  return error as ConfigError;
}

describe('setConfigValue', () => {
  it('parses numbers and JSON, and keeps text as text', () => {
    let config = setConfigValue(defaults(), 'locationId', '12');
    expect(config.locationId).toBe(12);
    config = setConfigValue(config, 'windowDaysBack', '0.5');
    expect(config.windowDaysBack).toBe(0.5);
    config = setConfigValue(config, 'intervals.fullSeconds', '900');
    expect(config.intervals).toMatchObject({ fullSeconds: 900, incrementalSeconds: 30 });
    config = setConfigValue(config, 'baseUrl', 'http://127.0.0.1:5171/api/v2');
    expect(config.baseUrl).toBe('http://127.0.0.1:5171/api/v2');
    const flow = { ...DEFAULT_FLOW, onsite: ['CHECKED_IN', 'ON_HOLD'] };
    config = setConfigValue(config, 'flow', JSON.stringify(flow));
    expect(config.flow).toEqual(flow);
    expect(getConfigValue(config, 'intervals.fullSeconds')).toBe(900);
    expect(getConfigValue(config, 'flow')).toEqual(flow);
  });

  it('unsets a key with an empty value, back to its default', () => {
    const set = setConfigValue(
      setConfigValue(defaults(), 'baseUrl', 'https://reception.example/api/v2'),
      'locationId',
      '12',
    );
    const unset = setConfigValue(setConfigValue(set, 'baseUrl', ''), 'locationId', '');
    expect(unset.baseUrl).toBeUndefined();
    expect(unset.locationId).toBe(10);
  });

  it('does not change the configuration it is given', () => {
    const config = defaults();
    const copy = structuredClone(config);
    setConfigValue(config, 'intervals.fullSeconds', '900');
    expect(config).toEqual(copy);
  });

  it.each([
    ['locationId', 'abc', 'locationId'],
    ['locationId', '-3', 'locationId'],
    ['intervals.fullSeconds', '0', 'intervals.fullSeconds'],
    ['retentionDays', '1.5', 'retentionDays'],
    ['baseUrl', 'ftp://files.example/api/v2', 'baseUrl'],
    ['baseUrl', 'not a url', 'baseUrl'],
    ['flow', '{"initialState": "X"}', 'flow'],
    ['flow', '{oops', 'flow'],
  ] as const)('refuses %s = %j and names %s', (key, text, named) => {
    const error = configError(() => setConfigValue(defaults(), key, text));
    expect(error.message).toContain(named);
  });
});

describe('the config file', () => {
  it('reads defaults when there is none, and reads back what was written (mode 0600)', () => {
    const dir = tempDir();
    const store = createConfigStore(dir);
    expect(store.read()).toEqual(defaults());
    const config = setConfigValue(defaults(), 'locationId', '11');
    store.write(config);
    expect(store.read()).toEqual(config);
    const path = join(dir, 'config.json');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['config.json']); // no temporary file left behind
    expect(JSON.parse(readFileSync(path, 'utf8')).locationId).toBe(11);
  });

  it('current() follows the file: a change by another writer is seen at once, without a restart', () => {
    const dir = tempDir();
    const store = createConfigStore(dir);
    const other = createConfigStore(dir); // e.g. "foyer config set" in another process
    expect(store.current().locationId).toBe(10);
    expect(store.current()).toBe(store.current()); // unchanged file: not read again
    other.update((config) => ({ ...config, locationId: 11 }));
    expect(store.current().locationId).toBe(11);
    other.update((config) => ({ ...config, locationId: 12 }));
    expect(store.current().locationId).toBe(12);
    // the copy handed out is shared: it cannot be changed behind the store's back
    expect(() => ((store.current() as { locationId: number }).locationId = 5)).toThrow(TypeError);
  });

  it('update() changes the file as it is now, so a key set meanwhile is never written back stale', () => {
    const dir = tempDir();
    const store = createConfigStore(dir);
    const held = store.current();
    createConfigStore(dir).update((config) => ({ ...config, pins: { admin: 'scrypt:new:hash' } }));
    store.update((config) => ({ ...config, kiosk: { ...config.kiosk, welcomeTitle: 'Hello' } }));
    expect(held.pins.admin).toBeUndefined();
    expect(store.read()).toMatchObject({ pins: { admin: 'scrypt:new:hash' }, kiosk: { welcomeTitle: 'Hello' } });
  });

  it('while the file is invalid (mid-edit), current() keeps the last valid one and says so once; update() refuses', () => {
    const dir = tempDir();
    const lines: string[] = [];
    const store = createConfigStore(dir, { log: (line) => lines.push(line) });
    store.update((config) => ({ ...config, locationId: 11 }));
    expect(store.current().locationId).toBe(11);
    writeFileSync(join(dir, 'config.json'), '{ "locationId": 12,');
    expect(store.current().locationId).toBe(11);
    expect(store.current().locationId).toBe(11);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/not valid JSON/);
    configError(() => store.update((config) => config));
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ locationId: 12 }));
    expect(store.current().locationId).toBe(12);
  });

  it('invalid JSON is a ConfigError naming the file', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'config.json'), '{ "locationId": 10,');
    const error = configError(() => createConfigStore(dir).read());
    expect(error.message).toContain(join(dir, 'config.json'));
    expect(error.message).toMatch(/not valid JSON/);
  });

  it('a wrong value or an unknown key is a ConfigError naming the file and the key', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ locationId: 'ten' }));
    const wrong = configError(() => createConfigStore(dir).read());
    expect(wrong.message).toContain(join(dir, 'config.json'));
    expect(wrong.message).toContain('locationId');

    writeFileSync(join(dir, 'config.json'), JSON.stringify({ locatoinId: 10 }));
    const unknown = configError(() => createConfigStore(dir).read());
    expect(unknown.message).toContain('locatoinId');
  });
});

describe('the token file', () => {
  it('is written with mode 0600, also over a file that was readable by others', () => {
    const dir = tempDir();
    const tokens = createFileTokenStore(dir);
    expect(tokens.get()).toBeUndefined();
    tokens.set('first-secret-token');
    const path = join(dir, 'token');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(tokens.get()).toBe('first-secret-token');

    chmodSync(path, 0o644);
    tokens.set('second-secret-token');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(tokens.get()).toBe('second-secret-token');

    tokens.set('');
    expect(existsSync(path)).toBe(false);
    expect(tokens.get()).toBeUndefined();
  });
});

describe('maskToken', () => {
  it('never shows the whole token', () => {
    const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
    for (let length = 1; length <= 64; length++) {
      const token = Array.from({ length }, (_, i) => alphabet[(i * 7 + length) % alphabet.length]).join('');
      const masked = maskToken(token);
      expect(masked, token).not.toContain(token);
      expect(masked.length).toBeGreaterThan(0);
    }
    expect(maskToken(undefined)).toBe('(not set)');
    expect(maskToken('')).toBe('(not set)');
    expect(maskToken('acme-test-token')).toContain('15 characters');
  });
});

describe('defaultDataDir', () => {
  it('follows FOYER_DATA_DIR, then the per-OS folder', () => {
    expect(defaultDataDir({ FOYER_DATA_DIR: '/srv/foyer' }, 'linux')).toBe('/srv/foyer');
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/home/x/.config' }, 'linux')).toBe(join('/home/x/.config', 'Foyer'));
    expect(defaultDataDir({}, 'darwin')).toMatch(/Library\/Application Support\/Foyer$/);
  });
});
