/**
 * The command line's door: operations go through the contract, as at the
 * other doors (the input checked, failures in the contract's error shape),
 * with the CLI's own session, whose role is admin and stays admin.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../electron/core/errors.ts';
import { openDoor } from '../../../electron/core/cli/door.ts';
import { createConfigStore } from '../../../electron/core/config/config.ts';
import { createFileTokenStore } from '../../../electron/core/config/token-store.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A data folder configured for a service that is never reached: nothing here goes on the network. */
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-door-'));
  dirs.push(dir);
  createConfigStore(dir).update((config) => ({ ...config, baseUrl: 'http://127.0.0.1:9' }));
  createFileTokenStore(dir).set('token-for-a-test');
  return dir;
}

describe('the CLI door', () => {
  it('calls as admin, with no PIN, and stays admin', async () => {
    const door = await openDoor(dataDir(), () => {});
    try {
      expect(await door.call('session.get', {})).toMatchObject({ role: 'admin' });
      expect(await door.call('outbox.retryAll', {})).toEqual({ retried: 0, refused: [] });
      await expect(door.call('session.lock', {})).resolves.toBeDefined();
      expect(await door.call('session.get', {})).toMatchObject({ role: 'admin' });
    } finally {
      await door.close();
    }
  });

  it('answers in the contract error shape: bad input, an unknown item', async () => {
    const door = await openDoor(dataDir(), () => {});
    try {
      await expect(door.call('outbox.retry', { id: 0 })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
      const missing = door.call('outbox.retry', { id: 42 });
      await expect(missing).rejects.toBeInstanceOf(AppError);
      await expect(missing).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'no outbox item 42' });
    } finally {
      await door.close();
    }
  });

  it('offline: reads the mirror as it is, with no token and no service, and sends nothing', async () => {
    const dir = dataDir();
    createFileTokenStore(dir).set('');
    // Opened for a service: without a token, that is refused.
    await expect(openDoor(dir, () => {})).rejects.toThrow(/no token is set/);
    const door = await openDoor(dir, () => {}, { offline: true });
    try {
      expect(await door.call('sync.mirror', {})).toMatchObject({ resources: [], counts: { invitations: 0 } });
      expect(await door.call('guests.window', {})).toEqual([]);
      expect(await door.call('outbox.items', { newest: 5 })).toEqual([]);
      await expect(door.call('outbox.exportCsv', { id: 1 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
      expect(door.runtime.engine.isStarted()).toBe(false);
    } finally {
      await door.close();
    }
  });
});
