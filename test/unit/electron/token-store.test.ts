/**
 * The token in the Electron shell (safeStorage, token.enc) and the token the
 * CLI sets (a 0600 file): whichever was written last wins, an unset included.
 * The bug: once token.enc existed, a later `foyer config set token` was
 * silently ignored by the desktop app.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../electron/core/cli/main.ts';
import { createFileTokenStore } from '../../../electron/core/config/token-store.ts';
import { createSafeTokenStore } from '../../../electron/main/token-store.ts';

function fakeSafeStorage(available = true) {
  return {
    available,
    isEncryptionAvailable() {
      return this.available;
    },
    encryptString: (text: string) => Buffer.from(`enc:${Buffer.from(text).toString('base64')}`),
    decryptString: (buffer: Buffer) => Buffer.from(buffer.toString().slice(4), 'base64').toString(),
  };
}

/** A data dir, the shell's store on it, and the CLI's `foyer config set token`. */
function setUp(safe = fakeSafeStorage()) {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-token-'));
  const shell = createSafeTokenStore(dir, safe as never, createFileTokenStore(dir));
  const cli = async (token: string) => {
    const out = { isTTY: false, write: () => {} };
    expect(await main(['config', 'set', 'token', token, '--data-dir', dir], out, out)).toBe(0);
  };
  return { dir, shell, cli, safe };
}

describe('the token between the CLI and the Electron shell', () => {
  it('takes a token the CLI sets after the shell stored one (the newest write wins)', async () => {
    const { dir, shell, cli } = setUp();
    shell.set('shell-token-1111');
    expect(existsSync(join(dir, 'token.enc'))).toBe(true);
    await cli('cli-token-2222');
    expect(shell.get()).toBe('cli-token-2222');
    // Moved into safe storage, and still the one after that.
    expect(existsSync(join(dir, 'token'))).toBe(false);
    expect(readFileSync(join(dir, 'token.enc'), 'utf8')).not.toContain('cli-token');
    expect(shell.get()).toBe('cli-token-2222');
  });

  it('takes a token the shell sets after the CLI set one', async () => {
    const { shell, cli } = setUp();
    await cli('cli-token-2222');
    shell.set('shell-token-3333');
    expect(shell.get()).toBe('shell-token-3333');
    expect(shell.get()).toBe('shell-token-3333');
  });

  it('an unset is a write too: from the CLI, and from the shell', async () => {
    const first = setUp();
    first.shell.set('shell-token-1111');
    await first.cli('');
    expect(first.shell.get()).toBeUndefined();

    const second = setUp();
    await second.cli('cli-token-2222');
    second.shell.set(undefined);
    expect(second.shell.get()).toBeUndefined();
    expect(createFileTokenStore(second.dir).get()).toBeUndefined();
  });

  it('without encryption the shell keeps the file, and an older token.enc does not come back', async () => {
    const { shell, safe } = setUp();
    shell.set('shell-token-1111');
    safe.available = false;
    shell.set('plain-token-4444');
    expect(shell.get()).toBe('plain-token-4444');
    safe.available = true;
    expect(shell.get()).toBe('plain-token-4444');
  });
});
