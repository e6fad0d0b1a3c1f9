import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openMirror } from '../../../electron/core/db/mirror.ts';

const at = '2026-11-22T10:00:00.000Z';
const invitation = {
  id: 1,
  createdAt: at,
  updatedAt: at,
  event: {
    id: 5,
    name: 'Audit',
    startsAt: at,
    endsAt: '2026-11-22T12:00:00.000Z',
    locationId: 10,
    hostId: 1,
    createdAt: at,
    updatedAt: at,
  },
  contact: { id: 7, firstName: 'Dvořák', lastName: 'Antonín', createdAt: at, updatedAt: at },
};
const query = { locationId: 10, from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' };

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
});
