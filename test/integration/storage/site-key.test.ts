/**
 * The site key, written whole or not at all: a key file that was never
 * written whole (empty, as a full disk leaves it, or a few bytes with no
 * line end) signed nothing, so it is made again and the log says so, and
 * pass codes work at once; a key written by hand that is not valid is not
 * replaced, and the error names the file and what to do; a key that
 * cannot be written is a clear error, not a 500 with a stack.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSession } from '../../../electron/core/access/session.ts';
import { createSiteKeyStore } from '../../../electron/core/codes/site-key.ts';
import { openApp, type TestApp } from '../../support/app.ts';
import { cleanup, seedGuests, startServiceOn, tempDir, type SeededGuest, type Service } from '../outbox/helpers.ts';

let service: Service;
let guest: SeededGuest;
const desk = createSession('desk-1', 'desk', 'desk');

beforeAll(async () => {
  service = await startServiceOn(tempDir('foyer-key-svc-'));
  [guest] = (await seedGuests({ baseUrl: service.baseUrl, db: service.db }, 1, { prefix: 'Keyed' })).guests as [
    SeededGuest,
  ];
}, 30_000);
afterEach(() => vi.restoreAllMocks());
afterAll(cleanup);

async function appWithKeyFile(content: string | undefined): Promise<TestApp> {
  const dataDir = tempDir('foyer-key-');
  if (content !== undefined) writeFileSync(join(dataDir, 'site-key'), content, { mode: 0o600 });
  const app = await openApp(dataDir, { service, config: { locationId: 10, companyId: 1 } });
  await app.runtime.engine.syncNow({ resources: ['invitations'] });
  return app;
}

/** What Foyer wrote on stderr meanwhile (its log when a caller gives none). */
function stderrLines(): string[] {
  const lines: string[] = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (lines.push(String(chunk)), true));
  return lines;
}

describe('a site key never written whole', () => {
  it.each([
    ['empty, as a full disk leaves it', ''],
    ['a few bytes, no line end', 'q3Zx'],
  ])('%s: made again, logged, and pass codes work at once', async (_, content) => {
    const { runtime, core, dataDir } = await appWithKeyFile(content);
    const path = join(dataDir, 'site-key');
    try {
      const lines = stderrLines();
      const pass = await core.call(desk, 'guests.passCode', { invitationId: guest.id });
      expect(pass.code).toMatch(new RegExp(`^F1-${guest.id}-`));
      expect(lines.join('')).toContain(`the site key ${path} was never written whole (${content.length} bytes`);
      expect(readFileSync(path, 'utf8')).toMatch(/^[A-Za-z0-9_-]{43}\n$/);
      expect(statSync(path).mode & 0o777).toBe(0o600);
      // The same code every time: the new key is kept, not made at every call.
      expect((await core.call(desk, 'guests.passCode', { invitationId: guest.id })).code).toBe(pass.code);
      expect(lines.join('').match(/never written whole/g)).toHaveLength(1);
    } finally {
      await runtime.close();
    }
  });
});

describe('a site key that is not valid or cannot be written', () => {
  it('written by hand and not valid: not replaced; the error names the file and what to do', async () => {
    const { runtime, core, dataDir } = await appWithKeyFile('too short\n');
    const path = join(dataDir, 'site-key');
    try {
      await expect(core.call(desk, 'guests.passCode', { invitationId: guest.id })).rejects.toMatchObject({
        code: 'INTERNAL',
        message: expect.stringContaining(`the site key in ${path} is not valid`),
      });
      expect(readFileSync(path, 'utf8')).toBe('too short\n');
    } finally {
      await runtime.close();
    }
  });

  it('that cannot be written: an error that says where and why, and nothing half-written is left', () => {
    stderrLines();
    const dir = join(tempDir('foyer-key-gone-'), 'not-there');
    expect(() => createSiteKeyStore(dir).get()).toThrow(
      expect.objectContaining({
        code: 'INTERNAL',
        message: expect.stringContaining(`the site key could not be written to ${join(dir, 'site-key')}`),
      }),
    );
  });
});
