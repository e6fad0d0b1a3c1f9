import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openMirror } from '../../../electron/core/db/mirror.ts';
import { GUEST_WINDOW, mirrorGuest } from '../../support/mirror-guests.ts';

const guest = (id: number, firstName: string, lastName: string, email?: string) =>
  mirrorGuest(id, firstName, lastName, email ? { email } : {});
const window = GUEST_WINDOW;

const freshPath = () => join(mkdtempSync(join(tmpdir(), 'foyer-bulk-')), 'mirror.db');
/** The mirror's indexes and triggers, by name. */
const schema = (mirror: ReturnType<typeof openMirror>) =>
  (
    mirror.db
      .prepare("SELECT type || ' ' || name FROM sqlite_schema WHERE type IN ('index', 'trigger') ORDER BY 1")
      .pluck()
      .all() as string[]
  ).join('\n');

describe('a bulk load into an empty mirror', () => {
  it('sets the secondary indexes and the change log aside, finds nothing meanwhile, and makes them all again', async () => {
    const mirror = openMirror(freshPath());
    const before = schema(mirror);
    const version = mirror.deskGuests.version();
    mirror.bulkLoad.begin();
    expect(mirror.bulkLoad.active()).toBe(true);
    expect(schema(mirror)).not.toContain('index contacts_email');
    expect(schema(mirror)).not.toContain('index invitations_contact');
    expect(schema(mirror)).not.toContain('trigger guest_changes_invitation_ai');
    mirror.transaction(() =>
      mirror.invitations.upsertMany([
        guest(1, 'Алексей', 'Соловьёв', 'alexei@example.org'),
        guest(2, '伟', '王'),
        guest(3, 'Dvořák', 'Antonín'),
      ]),
    );
    // What names a set-aside index answers, and answers nothing, while the load runs.
    expect(mirror.guests.lookup('solovyov', window)).toEqual([]);
    expect(mirror.guests.lookupEmail('alexei@example.org', window)).toEqual([]);
    expect(mirror.deskGuests.page({ ...window, text: 'dvorak' }, 0, 10)).toEqual([]);
    expect(mirror.deskGuests.page(window, 0, 10)).toHaveLength(3); // the list itself reads without them

    await mirror.bulkLoad.finish();
    expect(mirror.bulkLoad.active()).toBe(false);
    expect(schema(mirror)).toBe(before);
    expect(mirror.guests.lookup('solovyov', window).map((g) => g.invitationId)).toEqual([1]);
    expect(mirror.guests.lookup('wang', window).map((g) => g.invitationId)).toEqual([2]);
    expect(mirror.guests.lookupEmail('ALEXEI@example.org', window).map((g) => g.invitationId)).toEqual([1]);
    expect(mirror.deskGuests.page({ ...window, text: 'dvorak' }, 0, 10).map((g) => g.invitationId)).toEqual([3]);
    // A desk that showed the mirror before the load reads its view again: the change log no longer reaches back.
    expect(mirror.deskGuests.changedSince(version, 100)).toBeUndefined();
    const after = mirror.deskGuests.version();
    expect(after).toBeGreaterThan(version);
    // and row-by-row maintenance is back, change log included
    mirror.transaction(() => mirror.invitations.upsertMany([guest(4, 'Ema', 'Destinnová', 'ema@example.org')]));
    expect(mirror.deskGuests.changedSince(after, 100)).toEqual([4]);
    expect(mirror.guests.lookupEmail('ema@example.org', window).map((g) => g.invitationId)).toEqual([4]);
    mirror.close();
  });

  it('is finished on the next open when a crash cut it short', () => {
    const path = freshPath();
    const mirror = openMirror(path);
    const before = schema(mirror);
    mirror.bulkLoad.begin();
    mirror.transaction(() => mirror.invitations.upsertMany([guest(1, 'Zdeněk', 'Nový', 'zdenek@example.org')]));
    mirror.close(); // a crash before finish()

    const reopened = openMirror(path);
    expect(reopened.bulkLoad.active()).toBe(false);
    expect(schema(reopened)).toBe(before);
    expect(reopened.guests.lookup('novy', window).map((g) => g.invitationId)).toEqual([1]);
    expect(reopened.guests.lookupEmail('zdenek@example.org', window).map((g) => g.invitationId)).toEqual([1]);
    reopened.close();
  });
});
