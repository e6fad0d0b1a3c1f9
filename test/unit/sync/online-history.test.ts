/** Online/offline history: changes only, bounded, kept in the mirror's sync_state across a reopen. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openMirror } from '../../../electron/core/db/mirror.ts';
import { createOnlineHistory } from '../../../electron/core/sync/online-history.ts';

describe('online history', () => {
  it('records changes only, keeps the newest within its bound, and survives a reopen', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'foyer-history-')), 'mirror.db');
    let mirror = openMirror(path);
    let now = Date.parse('2026-11-24T08:00:00Z');
    const history = createOnlineHistory({ now: () => now, store: () => mirror.syncState, limit: 5 });
    history.load();
    history.observe(null);
    history.observe(true);
    history.observe(true);
    expect(history.since(0)).toEqual([{ at: '2026-11-24T08:00:00.000Z', online: true }]);
    for (let i = 0; i < 10; i++) {
      now += 60_000;
      history.observe(i % 2 === 0 ? false : true);
    }
    const all = history.since(0);
    expect(all).toHaveLength(5);
    expect(all.at(-1)).toEqual({ at: '2026-11-24T08:10:00.000Z', online: true });

    mirror.close();
    mirror = openMirror(path);
    const reopened = createOnlineHistory({ now: () => now, store: () => mirror.syncState, limit: 5 });
    reopened.load();
    expect(reopened.since(0)).toEqual(all);
    // Since a moment: the state in force at that moment first, then the changes after it.
    expect(reopened.since(Date.parse('2026-11-24T08:09:30Z')).map((c) => c.at)).toEqual([
      '2026-11-24T08:09:00.000Z',
      '2026-11-24T08:10:00.000Z',
    ]);
    mirror.close();
  });
});
