/**
 * Retention per kind (retention/kinds.ts): each kind past its own figure,
 * falling back to the visits' figure; once a day; every kind's purge is
 * registered by its own domain (photos and signatures by the agreements).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { enforceRetentionIfDue, retentionDaysOf, retentionHeld } from '../../../electron/core/retention/kinds.ts';
import { RETENTION_KINDS } from '../../../shared/contract/settings.ts';
import { cleanup, DAY, iso, makeConfig, tempMirror } from './helpers.ts';
// The agreements register the purge of photos and signatures (as the app loads them with the core).
import '../../../electron/core/agreements/person-data.ts';

afterEach(async () => {
  await cleanup();
});

const NOW = Date.parse('2031-03-01T12:00:00.000Z');

function walkIn(mirror: ReturnType<typeof tempMirror>, id: number, state: string, at: string) {
  mirror.db
    .prepare(
      `INSERT INTO walk_ins (id, event_source_id, invitation_source_id, marker, first_name, last_name, host_id, location_id,
         device, source, state, requested_at, decided_at)
       VALUES (?, ?, ?, ?, 'Wanda', 'Walker', 100, 10, 'desk', 'desk', ?, ?, ?)`,
    )
    .run(id, `e${id}`, `i${id}`, `m${id}`, state, at, state === 'requested' ? null : at);
}

describe('retention per kind', () => {
  it('purges walk-in requests and the audit log past their own figures, once a day', () => {
    const mirror = tempMirror();
    const config = { ...makeConfig(), retentionDays: 30, retention: { walkInsDays: 7, auditDays: 90 } };
    walkIn(mirror, 1, 'approved', iso(NOW - 10 * DAY));
    walkIn(mirror, 2, 'declined', iso(NOW - 3 * DAY));
    walkIn(mirror, 3, 'requested', iso(NOW - 10 * DAY)); // a person still waiting: kept
    for (const days of [100, 40])
      mirror.auditLog.add({
        at: iso(NOW - days * DAY),
        action: 'unlock',
        role: 'desk',
        device: 'desktop',
        subject: null,
        detail: null,
      });
    expect(retentionDaysOf(config, 'walkIns')).toBe(7);
    expect(retentionDaysOf(config, 'photos')).toBe(30);
    const done = enforceRetentionIfDue({ mirror, config, now: NOW, dataDir: '' });
    expect(done).toMatchObject({ walkIns: 1, audit: 1 });
    expect(mirror.db.prepare('SELECT id FROM walk_ins ORDER BY id').pluck().all()).toEqual([2, 3]);
    expect(mirror.auditLog.list({ limit: 10 })).toHaveLength(1);
    // The same day again: nothing runs.
    walkIn(mirror, 4, 'approved', iso(NOW - 10 * DAY));
    expect(enforceRetentionIfDue({ mirror, config, now: NOW + 1000, dataDir: '' })).toBeUndefined();
    expect(enforceRetentionIfDue({ mirror, config, now: NOW + DAY, dataDir: '' })).toMatchObject({ walkIns: 1 });
  });

  it('every kind is held by the domain that keeps its data, photos and signatures by the agreements', () => {
    for (const kind of RETENTION_KINDS) expect(retentionHeld(kind), kind).toBe(true);
  });
});
