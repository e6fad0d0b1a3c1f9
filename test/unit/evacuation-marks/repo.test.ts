/** A roll call's marks (migration 0013): the last mark of a person wins, with its time and device; nobody else is marked. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openMirror, type Mirror } from '../../../electron/core/db/mirror.ts';
import { createRollCallRecords } from '../../../electron/core/db/repos/roll-call-records.ts';
import { createMarksRepo } from '../../../electron/core/evacuation-marks/repo.ts';

let dir: string;
let mirror: Mirror;
let rollCallId: number;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'foyer-roll-call-marks-'));
  mirror = openMirror(join(dir, 'mirror.db'));
  // A roll call as its tables hold it, written here so that this test does not need the roll call's domain.
  rollCallId = Number(
    mirror.db
      .prepare(
        `INSERT INTO roll_calls (location_id, location_name, started_at, started_by)
         VALUES (10, 'Berlin HQ', '2025-03-14T14:32:00.000Z', 'Desk')`,
      )
      .run().lastInsertRowid,
  );
  const entry = mirror.db.prepare(
    `INSERT INTO roll_call_entries (roll_call_id, invitation_id, first_name, last_name, checked_in_at, arrived_during)
     VALUES (?, ?, 'Ada', ?, 'service', 0)`,
  );
  for (const id of [1, 2]) entry.run(rollCallId, id, `Guest${id}`);
});
afterEach(() => {
  mirror.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a roll call's marks in the mirror", () => {
  it('keeps the last mark of a person, with its time and device', () => {
    const marks = createMarksRepo(mirror.db);
    const stored = createRollCallRecords(mirror.db);
    expect(marks.mark(rollCallId, 1, true, '2025-03-14T14:40:00.000Z', 'Reception')).toBe(true);
    expect(marks.mark(rollCallId, 1, false, '2025-03-14T14:41:00.000Z', 'Marshal phone')).toBe(true);
    expect(marks.mark(rollCallId, 99, true, '2025-03-14T14:41:00.000Z', 'Reception')).toBe(false);
    expect(stored.entry(rollCallId, 1)).toMatchObject({
      accounted: false,
      markedAt: '2025-03-14T14:41:00.000Z',
      markedBy: 'Marshal phone',
    });
    expect(stored.entry(rollCallId, 2)).toMatchObject({ accounted: false, markedAt: null, markedBy: null });
    marks.mark(rollCallId, 2, true, '2025-03-14T14:42:00.000Z', 'Reception');
    expect(stored.entries(rollCallId).map((e) => [e.invitationId, e.accounted])).toEqual([
      [1, false],
      [2, true],
    ]);
  });
});
