import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openMirror } from '../../../electron/core/db/mirror.ts';
import { GUEST_WINDOW, mirrorGuest } from '../../support/mirror-guests.ts';

const invitation = mirrorGuest(1, 'Dvořák', 'Antonín');
const query = GUEST_WINDOW;

describe('the deferred lookup index', () => {
  it('is rebuilt on restore, and on the next open when a crash left it deferred', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'foyer-fts-')), 'mirror.db');
    const mirror = openMirror(path);
    mirror.lookupIndex.defer();
    mirror.transaction(() => mirror.invitations.upsertMany([invitation]));
    expect(mirror.guests.lookup('dvorak', query)).toHaveLength(0); // not indexed yet
    mirror.close(); // a crash before restore()

    const reopened = openMirror(path);
    expect(reopened.lookupIndex.deferred()).toBe(false);
    expect(reopened.guests.lookup('dvorak', query).map((g) => g.invitationId)).toEqual([1]);
    // and row-by-row maintenance is back
    reopened.transaction(() =>
      reopened.invitations.upsertMany([
        {
          ...invitation,
          updatedAt: '2026-11-22T10:05:00.000Z',
          contact: { ...invitation.contact, lastName: 'Smetana', updatedAt: '2026-11-22T10:05:00.000Z' },
        },
      ]),
    );
    expect(reopened.guests.lookup('smet', query)).toHaveLength(1);
    reopened.close();
  });

  const guest = (id: number, firstName: string, lastName: string, stamp?: string) =>
    mirrorGuest(id, firstName, lastName, stamp ? { stamp } : {});

  /** A fresh mirror with `count` guests loaded in bulk (the lookup index deferred, not built yet). */
  const bulkLoaded = (count: number) => {
    const path = join(mkdtempSync(join(tmpdir(), 'foyer-fts-')), 'mirror.db');
    const mirror = openMirror(path);
    mirror.lookupIndex.defer();
    mirror.transaction(() =>
      mirror.invitations.upsertMany(Array.from({ length: count }, (_, i) => guest(i + 1, `Guest${i + 1}`, 'Novák'))),
    );
    return { mirror, path };
  };

  it('is built in slices, letting the event loop go, and keeps up with guests written meanwhile', async () => {
    const { mirror } = bulkLoaded(3_000);
    let turns = 0;
    let writtenDuringBuild = false;
    const ticker = setInterval(() => {
      turns++;
      if (writtenDuringBuild) return;
      writtenDuringBuild = true;
      // While the index is being built: one guest already indexed renamed, one removed, one new.
      const later = '2026-11-22T10:10:00.000Z';
      mirror.transaction(() => {
        mirror.invitations.upsertMany([guest(1, 'Renata', 'Ryba', later), guest(5_000, 'Zdeněk', 'Nový', later)]);
        mirror.invitations.removeIds([2]);
        mirror.invitations.removeOrphans();
      });
    }, 0);
    await mirror.lookupIndex.restoreInSlices(0.5);
    clearInterval(ticker);
    expect(turns).toBeGreaterThan(0);
    expect(writtenDuringBuild).toBe(true);
    expect(mirror.lookupIndex.deferred()).toBe(false);
    const found = (text: string) => mirror.guests.lookup(text, { ...query, limit: 5_000 }).map((g) => g.invitationId);
    expect(found('novak')).toHaveLength(2_998);
    expect(found('guest1')).not.toContain(1); // renamed
    expect(found('ryba')).toEqual([1]);
    expect(found('guest2')).not.toContain(2); // removed
    expect(found('novy')).toEqual([5_000]);
    expect(found('guest2999')).toEqual([2_999]);
    // and row-by-row maintenance is back
    mirror.transaction(() => mirror.invitations.upsertMany([guest(6_000, 'Ema', 'Destinnová')]));
    expect(found('destin')).toEqual([6_000]);
    mirror.close();
  });

  it('is rebuilt whole on the next open when a crash cut the build short', async () => {
    const { mirror, path } = bulkLoaded(2_000);
    const building = mirror.lookupIndex.restoreInSlices(0.2);
    await new Promise((resolve) => setImmediate(resolve));
    mirror.close(); // a crash in the middle of the build
    await building.catch(() => {});

    const reopened = openMirror(path);
    expect(reopened.lookupIndex.deferred()).toBe(false);
    expect(reopened.guests.lookup('novak', { ...query, limit: 5_000 })).toHaveLength(2_000);
    reopened.close();
  });
});
