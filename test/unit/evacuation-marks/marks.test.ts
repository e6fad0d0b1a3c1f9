/**
 * A tick (evacuation-marks/marks.ts) on the roll calls as stored: the mark and
 * the roll call's new version in one; refused, with the reason, when there is
 * no such roll call (none started, or the roll call's domain is gone), when it
 * ended, or when the person is not on it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openMirror, type Mirror } from '../../../electron/core/db/mirror.ts';
import { markPerson } from '../../../electron/core/evacuation-marks/marks.ts';
import { AppError } from '../../../electron/core/errors.ts';

let dir: string;
let mirror: Mirror;
const NOW = Date.parse('2025-03-14T14:40:00.000Z');

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'foyer-marks-'));
  mirror = openMirror(join(dir, 'mirror.db'));
});
afterEach(() => {
  mirror.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A roll call with one person on it, as its tables hold it (the roll call's domain is not needed). */
function rollCallOf(ended: boolean): number {
  const id = Number(
    mirror.db
      .prepare(
        `INSERT INTO roll_calls (location_id, location_name, started_at, started_by, ended_at, ended_by)
         VALUES (10, 'Berlin HQ', '2025-03-14T14:32:00.000Z', 'Desk', ?, ?)`,
      )
      .run(ended ? '2025-03-14T14:50:00.000Z' : null, ended ? 'Desk' : null).lastInsertRowid,
  );
  mirror.db
    .prepare(
      `INSERT INTO roll_call_entries (roll_call_id, invitation_id, first_name, last_name, checked_in_at, arrived_during)
       VALUES (?, 7, 'Ada', 'Lovelace', 'service', 0)`,
    )
    .run(id);
  return id;
}

const refusal = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return error instanceof AppError ? { code: error.code, message: error.message } : error;
  }
  throw new Error('not refused');
};

describe('a tick', () => {
  it('marks the person, moves the version, and says who marked them when', () => {
    const id = rollCallOf(false);
    const { version, entry } = markPerson(
      { mirror },
      { rollCallId: id, invitationId: 7, accounted: true },
      'Reception',
      NOW,
    );
    expect(version).toBe(2);
    expect(entry).toMatchObject({
      invitationId: 7,
      accounted: true,
      markedBy: 'Reception',
      markedAt: '2025-03-14T14:40:00.000Z',
    });
  });

  it('finds no roll call when none was started', () => {
    expect(
      refusal(() => markPerson({ mirror }, { rollCallId: 1, invitationId: 7, accounted: true }, 'Desk', NOW)),
    ).toEqual({
      code: 'NOT_FOUND',
      message: 'no roll call 1: start one, or load the one under way',
    });
  });

  it('leaves the marks of a roll call that ended, and marks nobody who is not on it', () => {
    const ended = rollCallOf(true);
    expect(
      refusal(() => markPerson({ mirror }, { rollCallId: ended, invitationId: 7, accounted: true }, 'Desk', NOW)),
    ).toMatchObject({
      code: 'REFUSED',
    });
    const running = rollCallOf(false);
    expect(
      refusal(() => markPerson({ mirror }, { rollCallId: running, invitationId: 8, accounted: true }, 'Desk', NOW)),
    ).toEqual({
      code: 'NOT_FOUND',
      message: 'nobody with invitation id 8 is on this roll call',
    });
  });
});
