/**
 * Walk-ins in the mirror (migrations 0012 and 0016): a mirror of before upgrades with
 * its rows; a request, its approval and its one outbox row; the pulled
 * invitation linked and its check-in queued once; hosts found by name only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { Config } from '../../../electron/core/config/config.ts';
import { MIRROR_MIGRATIONS_DIR, openMirror, type Mirror } from '../../../electron/core/db/mirror.ts';
import { createQueue } from '../../../electron/core/outbox/queue.ts';
import { linkWalkIns } from '../../../electron/core/walk-ins/link.ts';
import { walkInsOf } from '../../../electron/core/walk-ins/repo.ts';
import { admitWalkIn, requestWalkIn, type WalkInDeps } from '../../../electron/core/walk-ins/requests.ts';
import { eventItemOf, visitWindow } from '../../../electron/core/walk-ins/visit.ts';
import { configureDatabase, migrate, readMigrations } from '../../../shared/sqlite/migrate.ts';

const dirs: string[] = [];
const mirrors: Mirror[] = [];
afterEach(() => {
  for (const mirror of mirrors.splice(0)) mirror.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-walk-ins-'));
  dirs.push(dir);
  return join(dir, 'mirror.db');
}

const NOW = Date.parse('2030-05-06T09:00:00.000Z');
const T = '2030-05-06T08:00:00.000Z';

function mirrorWithHost(path = tempPath()): Mirror {
  const mirror = openMirror(path);
  mirrors.push(mirror);
  mirror.employees.upsertMany([
    { id: 7, email: 'grace@acme.test', firstName: 'Grace', lastName: 'Hopper', createdAt: T, updatedAt: T },
    { id: 8, email: 'zoe@acme.test', firstName: 'Zoë', lastName: 'Ørsted', createdAt: T, updatedAt: T },
  ]);
  return mirror;
}

function depsFor(mirror: Mirror, config = Config.parse({ kiosk: { timeZone: 'Europe/Berlin' } })): WalkInDeps {
  const queue = createQueue({
    mirror,
    api: undefined as never, // queueing never calls the service
    config: () => config,
    now: () => NOW,
    log: () => {},
    changed: () => {},
  });
  return { mirror, outbox: queue, config: () => config, now: () => NOW };
}

const request = {
  form: { firstName: 'Peter', lastName: 'Brandt' },
  hostId: 7,
  device: 'kiosk',
  source: 'kiosk',
} as const;

describe('migration 0012', () => {
  it('upgrades a version 10 mirror with its rows, and a walk-in moves the guests version', () => {
    const path = tempPath();
    const raw = new Database(path);
    configureDatabase(raw);
    migrate(raw, readMigrations(MIRROR_MIGRATIONS_DIR).slice(0, 10));
    raw
      .prepare(
        `INSERT INTO employees (id, email, first_name, last_name, created_at, updated_at) VALUES (7, 'g@a.test', 'Grace', 'Hopper', '${T}', '${T}')`,
      )
      .run();
    raw.close();
    const mirror = openMirror(path);
    mirrors.push(mirror);
    expect(mirror.employees.byId(7)?.lastName).toBe('Hopper');
    const before = mirror.deskGuests.version();
    const id = requestWalkIn(depsFor(mirror), request);
    expect(mirror.deskGuests.version()).toBeGreaterThan(before);
    expect(mirror.deskGuests.changedSince(before, 10)).toEqual([-id]);
  });
});

describe('migration 0016', () => {
  it('upgrades a mirror of migration 0014 with its walk-ins, and a guest checked in again moves the visit they left', () => {
    const path = tempPath();
    const raw = new Database(path);
    configureDatabase(raw);
    migrate(raw, readMigrations(MIRROR_MIGRATIONS_DIR).slice(0, 14));
    raw.exec(`INSERT INTO walk_ins (event_source_id, invitation_source_id, marker, first_name, last_name, host_id,
      location_id, device, source, state, requested_at) VALUES ('e', 'i', 'm', 'Ada', 'Old', 7, 10, 'desk', 'desk',
      'requested', '${T}')`);
    raw.close();
    const mirror = mirrorWithHost(path);
    expect(walkInsOf(mirror).byId(1)).toMatchObject({ lastName: 'Old', againOf: null });
    const before = mirror.deskGuests.version();
    const row = admitWalkIn(depsFor(mirror), {
      ...request,
      again: { invitationId: 501, endsAt: '2030-05-06T15:00:00.000Z' },
    });
    expect(row).toMatchObject({ againOf: 501, endsAt: '2030-05-06T15:00:00.000Z' });
    expect(mirror.deskGuests.changedSince(before, 10)).toEqual(expect.arrayContaining([501, -row.id]));
    expect(walkInsOf(mirror).checkedInAgain(501)?.id).toBe(row.id);
  });
});

describe('a walk-in in the mirror', () => {
  it('is one event with one invitation, its sourceIds fixed at the request, the day to its end', () => {
    const mirror = mirrorWithHost();
    const deps = depsFor(mirror);
    const row = admitWalkIn(deps, { ...request, form: { ...request.form, companyName: 'Brandt Elektro' } });
    const outbox = mirror.outbox.byId(row.outboxId!)!;
    expect(outbox.kind).toBe('events');
    const payload = JSON.parse(outbox.payload);
    expect(payload.events).toHaveLength(1);
    const [event] = payload.events;
    expect(event).toMatchObject({
      sourceId: row.eventSourceId,
      name: 'Walk-in for Grace Hopper',
      description: row.marker,
      startsAt: '2030-05-06T09:00:00.000Z',
      // Midnight in Berlin (UTC+2 in May).
      endsAt: '2030-05-06T22:00:00.000Z',
      locationId: 10,
    });
    expect(event.entranceId).toBeUndefined();
    expect(event.invitations).toEqual([
      {
        sourceId: row.invitationSourceId,
        firstName: 'Peter',
        lastName: 'Brandt',
        companyName: 'Brandt Elektro',
        customFields: { walkIn: true, requestedHostId: 7, device: 'kiosk' },
      },
    ]);
    // The same item, however often it is made.
    expect(eventItemOf(row, { startsAt: row.startsAt!, endsAt: row.endsAt! }, deps.config())).toEqual(event);
  });

  it('takes a configured length and entrance', () => {
    const config = Config.parse({ walkIns: { lengthMinutes: 90, entranceId: 3 } });
    expect(visitWindow(config, NOW)).toEqual({
      startsAt: '2030-05-06T09:00:00.000Z',
      endsAt: '2030-05-06T10:30:00.000Z',
    });
    const mirror = mirrorWithHost();
    const row = admitWalkIn(depsFor(mirror, config), request);
    expect(JSON.parse(mirror.outbox.byId(row.outboxId!)!.payload).events[0].entranceId).toBe(3);
  });

  it('keeps the end of the visit a guest is checked in again to, while it is at least half an hour ahead', () => {
    const config = Config.parse({ kiosk: { timeZone: 'Europe/Berlin' } });
    expect(visitWindow(config, NOW, '2030-05-06T15:00:00.000Z').endsAt).toBe('2030-05-06T15:00:00.000Z');
    // Ended, or about to: the day to its end, as for any walk-in.
    expect(visitWindow(config, NOW, '2030-05-06T09:10:00.000Z').endsAt).toBe('2030-05-06T22:00:00.000Z');
    expect(visitWindow(config, NOW, null).endsAt).toBe('2030-05-06T22:00:00.000Z');
  });

  it('is linked to its pulled invitation and checked in once', () => {
    const mirror = mirrorWithHost();
    const deps = depsFor(mirror);
    const row = admitWalkIn(deps, request);
    expect(linkWalkIns(deps)).toBe(0); // not pulled yet
    mirror.db.exec(`
      INSERT INTO events (id, name, description, starts_at, ends_at, location_id, host_id, created_at, updated_at)
        VALUES (50, 'Walk-in for Grace Hopper', '${row.marker.replaceAll("'", "''")}', '${row.startsAt}', '${row.endsAt}', 10, 1, '${T}', '${T}');
      INSERT INTO contacts (id, first_name, last_name, created_at, updated_at) VALUES (60, 'Peter', 'Brandt', '${T}', '${T}');
      INSERT INTO invitations (id, event_id, contact_id, location_id, starts_at, ends_at, created_at, updated_at)
        VALUES (70, 50, 60, 10, '${row.startsAt}', '${row.endsAt}', '${T}', '${T}');`);
    expect(mirror.deskGuests.walkInsOnSite(10)).toHaveLength(1);
    expect(linkWalkIns(deps)).toBe(1);
    expect(linkWalkIns(deps)).toBe(0);
    const linked = walkInsOf(mirror).byId(row.id)!;
    expect(linked.invitationId).toBe(70);
    expect(JSON.parse(mirror.outbox.byId(linked.checkInOutboxId!)!.payload)).toMatchObject({
      checkInId: 70,
      action: 'checkIn',
    });
    expect(mirror.guests.byId(70)).toMatchObject({ category: 'onsite', pending: true });
    expect(mirror.deskGuests.walkInsOnSite(10)).toEqual([]);
  });

  it('finds hosts by their names, with or without accents, never by email', () => {
    const mirror = mirrorWithHost();
    expect(
      walkInsOf(mirror)
        .hostsByName('orst', 5)
        .map((h) => h.id),
    ).toEqual([8]);
    expect(
      walkInsOf(mirror)
        .hostsByName('ZOË', 5)
        .map((h) => h.id),
    ).toEqual([8]);
    expect(walkInsOf(mirror).hostsByName('acme', 5)).toEqual([]);
  });

  it('lists its on-site walk-ins on walk_ins_open', () => {
    const mirror = mirrorWithHost();
    const plan = mirror.db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT id FROM walk_ins w INDEXED BY walk_ins_open
         WHERE w.state = 'approved' AND w.invitation_id IS NULL AND w.location_id = 10`,
      )
      .all() as { detail: string }[];
    expect(plan.map((p) => p.detail).join('\n')).toMatch(/USING (COVERING )?INDEX walk_ins_open/);
  });
});
