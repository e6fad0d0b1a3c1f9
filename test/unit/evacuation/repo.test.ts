/** The roll calls' tables (migration 0013): one under way at a time, the last mark wins, the version moves. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openMirror, type Mirror } from '../../../electron/core/db/mirror.ts';
import { createRollCallsRepo, type NewEntry } from '../../../electron/core/evacuation/repo.ts';

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
    const id = repo.start(start);
    expect(() => repo.start(start)).toThrow(/UNIQUE/);
    expect(repo.end(id, '2025-03-14T15:00:00.000Z', 'Desk')).toBe(true);
    expect(repo.end(id, '2025-03-14T15:01:00.000Z', 'Other')).toBe(false);
    expect(repo.byId(id)).toMatchObject({ endedAt: '2025-03-14T15:00:00.000Z', endedBy: 'Desk', version: 2 });
    expect(repo.start(start)).toBeGreaterThan(id);
  });

  it('keeps the last mark of a person, with its time and device; an arrival is added once', () => {
    const repo = createRollCallsRepo(mirror.db);
    const id = repo.start(start);
    expect(repo.addEntries(id, [person(1), person(2)], false)).toBe(2);
    expect(repo.addEntries(id, [person(2), person(3)], true)).toBe(1);
    repo.mark(id, 1, true, '2025-03-14T14:40:00.000Z', 'Reception');
    repo.mark(id, 1, false, '2025-03-14T14:41:00.000Z', 'Marshal phone');
    expect(repo.mark(id, 99, true, '2025-03-14T14:41:00.000Z', 'Reception')).toBe(false);
    expect(repo.entry(id, 1)).toMatchObject({
      accounted: false,
      markedAt: '2025-03-14T14:41:00.000Z',
      markedBy: 'Marshal phone',
    });
    expect(repo.entries(id).map((e) => [e.invitationId, e.arrivedDuring])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    expect(repo.bump(id)).toBe(2);
  });
});
