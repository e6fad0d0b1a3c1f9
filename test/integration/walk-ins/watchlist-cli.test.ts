/**
 * The watchlist from a terminal, through the CLI's door like every other
 * door: `foyer push watchlist FILE` keeps the list here (nothing queued for
 * the service), and `foyer walk-in` of a name it denies is refused with the
 * entry's note (exit 1), its alert and audit entry written as at the desk.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMirror } from '../../../electron/core/db/mirror.ts';
import { walkInsOf } from '../../../electron/core/walk-ins/repo.ts';
import { runFoyer } from '../../support/cli.ts';
import { cleanup, dataDirFor, type Service, startServiceOn, tempDir } from '../outbox/helpers.ts';
import { join } from 'node:path';

let service: Service;
let dataDir: string;
const SAMPLE = new URL('../../../resources/samples/watchlist.csv', import.meta.url).pathname;

beforeAll(async () => {
  service = await startServiceOn(tempDir('foyer-watchlist-cli-svc-'));
  dataDir = dataDirFor(service.baseUrl);
  expect((await runFoyer('sync', '--once', '--data-dir', dataDir)).code).toBe(0);
});

afterAll(cleanup);

describe('foyer push watchlist', () => {
  it('checks the file and keeps it here, never queued', async () => {
    const dry = await runFoyer('push', 'watchlist', SAMPLE, '--dry-run', '--data-dir', dataDir);
    expect(dry.code, dry.err).toBe(0);
    expect(dry.out).toContain('watchlist.csv: 3 row(s) read, 3 valid watchlist entries (1 deny, 2 alert)');
    const run = await runFoyer('push', 'watchlist', SAMPLE, '--data-dir', dataDir);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain("kept as this site's watchlist: 3 entries (never sent to the service)");
    const mirror = openMirror(join(dataDir, 'mirror.db'), { checkpointer: false });
    try {
      expect(mirror.watchlist.list()).toMatchObject({ file: 'watchlist.csv', entries: 3 });
      expect(mirror.db.prepare("SELECT count(*) AS n FROM outbox WHERE label LIKE '%watchlist%'").get()).toEqual({
        n: 0,
      });
    } finally {
      mirror.close();
    }
  });
});

describe('foyer walk-in of a name on the list', () => {
  it('is refused with the entry and its note, and alerts the desks', async () => {
    const run = await runFoyer(
      'walk-in', '--first', 'Juergen', '--last', 'Mueller', '--host', 'Grace Hopper', '--data-dir', dataDir,
    ); // prettier-ignore
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/Juergen Mueller matches the watchlist entry "Jürgen Müller" \(deny\): Banned after/);
    const mirror = openMirror(join(dataDir, 'mirror.db'), { checkpointer: false });
    try {
      expect(mirror.watchlist.open()).toEqual([
        expect.objectContaining({ point: 'Add visitor', device: 'cli', entryName: 'Jürgen Müller' }),
      ]);
      expect(mirror.auditLog.list({ action: 'watchlist-alert', limit: 10 })).toHaveLength(1);
      expect(walkInsOf(mirror).requested(10)).toEqual([]);
    } finally {
      mirror.close();
    }
  });
});
