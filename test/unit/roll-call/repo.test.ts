/** The roll calls' tables (migration 0013) as the roll call writes them: one under way at a time, an arrival added once, the version moves. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openMirror, type Mirror } from '../../../electron/core/db/mirror.ts';
import { createRollCallRecords, type NewEntry } from '../../../electron/core/db/repos/roll-call-records.ts';
import { createRollCallsRepo } from '../../../electron/core/roll-call/repo.ts';

let dir: string;
let mirror: Mirror;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'foyer-roll-calls-'));
  mirror = openMirror(join(dir, 'mirror.db'));
});
afterEach(() => {
  mirror.close();
  rmSync(dir, { recursive: true, force: true });
});

const person = (invitationId: number): NewEntry => ({
  invitationId,
  firstName: 'Ada',
  lastName: `Guest${invitationId}`,
  companyName: null,
  hostName: null,
  arrivedAt: null,
  checkedInAt: 'service',
});
const start = { locationId: 10, locationName: 'Berlin HQ', startedAt: '2025-03-14T14:32:00.000Z', startedBy: 'Desk' };

describe('roll calls in the mirror', () => {
  it('holds one roll call under way at a time; a new one once it ended', () => {
    const repo = createRollCallsRepo(mirror.db);
    const stored = createRollCallRecords(mirror.db);
    const id = repo.start(start);
    expect(stored.active()?.id).toBe(id);
    expect(() => repo.start(start)).toThrow(/UNIQUE/);
    expect(repo.end(id, '2025-03-14T15:00:00.000Z', 'Desk')).toBe(true);
    expect(repo.end(id, '2025-03-14T15:01:00.000Z', 'Other')).toBe(false);
    expect(stored.byId(id)).toMatchObject({ endedAt: '2025-03-14T15:00:00.000Z', endedBy: 'Desk', version: 2 });
    expect(stored.active()).toBeUndefined();
    expect(repo.start(start)).toBeGreaterThan(id);
    expect(stored.latest()?.id).toBeGreaterThan(id);
  });

  it('adds an arrival once, nobody marked; the version moves', () => {
    const repo = createRollCallsRepo(mirror.db);
    const stored = createRollCallRecords(mirror.db);
    const id = repo.start(start);
    expect(repo.addEntries(id, [person(1), person(2)], false)).toBe(2);
    expect(repo.addEntries(id, [person(2), person(3)], true)).toBe(1);
    expect(repo.entryIds(id)).toEqual(new Set([1, 2, 3]));
    expect(stored.entries(id).map((e) => [e.invitationId, e.arrivedDuring, e.accounted, e.markedBy])).toEqual([
      [1, false, false, null],
      [2, false, false, null],
      [3, true, false, null],
    ]);
    expect(repo.place(id, 3, 'Lobby kiosk')).toBe(true);
    expect(repo.place(id, 3, 'Lobby kiosk')).toBe(false);
    expect(repo.rekey(id, 3, 30)).toBe(true);
    expect(stored.entry(id, 30)).toMatchObject({ checkedInAt: 'Lobby kiosk', arrivedDuring: true });
    expect(stored.bump(id)).toBe(2);
  });
});
