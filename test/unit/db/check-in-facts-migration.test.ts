/**
 * Migration 0021: a mirror of migration 0020, whose outbox rows were the only record of where and how each check-in
 * was made, opens with those facts in check_in_facts (the devices the hub noted folded in), and the readers say
 * what they said before. A damaged mirror's facts are kept in the new one (salvage.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { MIRROR_MIGRATIONS_DIR, openMirror, type Mirror } from '../../../electron/core/db/mirror.ts';
import { salvageOutbox } from '../../../electron/core/db/salvage.ts';
import { configureDatabase, migrate, readMigrations } from '../../../shared/sqlite/migrate.ts';

const dirs: string[] = [];
const mirrors: Mirror[] = [];
afterEach(() => {
  for (const mirror of mirrors.splice(0)) mirror.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const T = (minute: number) => `2030-05-06T09:${String(minute).padStart(2, '0')}:00.000Z`;
const payload = (checkInId: number, action: string, eventName: string, extra: object = {}) =>
  JSON.stringify({ checkInId, locationId: 10, action, eventName, fromState: 'A', toState: 'B', ...extra });

/** A mirror at migration 0020 with transitions in its outbox (delivered, failed, pending, damaged) and noted devices. */
function tempPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-facts-'));
  dirs.push(dir);
  return join(dir, 'mirror.db');
}

function mirrorOf0020(): string {
  const path = tempPath();
  const raw = new Database(path);
  configureDatabase(raw);
  migrate(raw, readMigrations(MIRROR_MIGRATIONS_DIR).slice(0, 20));
  const row = raw.prepare(`INSERT INTO outbox (id, kind, target, payload, label, state, created_at, updated_at)
    VALUES (?, ?, ?, ?, 'label', ?, ?, ?)`);
  row.run(1, 'transition', 'check-in:5', payload(5, 'checkIn', 'KIOSK_IN'), 'delivered', T(1), T(2));
  row.run(2, 'transition', 'check-in:5', payload(5, 'checkOut', 'CHECK_OUT', { by: 'auto' }), 'pending', T(3), T(3));
  row.run(3, 'transition', 'check-in:6', payload(6, 'checkIn', 'DESK_IN'), 'failed', T(4), T(4));
  row.run(4, 'transition', 'check-in:6', payload(6, 'checkIn', 'DESK_IN'), 'delivered', T(5), T(5));
  row.run(5, 'transition', 'check-in:7', '{not json', 'failed', T(6), T(6));
  row.run(6, 'identities', 'identities', '{"permanentIdentities":[{"sourceId":"x"}]}', 'delivered', T(7), T(7));
  const device = raw.prepare('INSERT INTO check_in_devices (check_in_id, device, at) VALUES (?, ?, ?)');
  device.run(6, 'Lobby kiosk', T(5));
  // A device noted for a check-in that has no row of its own.
  device.run(8, 'desk', T(8));
  raw.close();
  return path;
}

describe('migration 0021', () => {
  it("carries the outbox rows' facts over, with the devices noted, and leaves the rows as they were", () => {
    const path = mirrorOf0020();
    const mirror = openMirror(path);
    mirrors.push(mirror);
    const facts = mirror.db
      .prepare(
        `SELECT check_in_id AS id, action, at, event_name AS event, door, device, automatic, outbox_id AS row, failed
         FROM check_in_facts ORDER BY check_in_id, at`,
      )
      .all();
    expect(facts).toEqual([
      {
        id: 5,
        action: 'checkIn',
        at: T(1),
        event: 'KIOSK_IN',
        door: null,
        device: null,
        automatic: 0,
        row: 1,
        failed: 0,
      },
      {
        id: 5,
        action: 'checkOut',
        at: T(3),
        event: 'CHECK_OUT',
        door: null,
        device: null,
        automatic: 1,
        row: 2,
        failed: 0,
      },
      {
        id: 6,
        action: 'checkIn',
        at: T(4),
        event: 'DESK_IN',
        door: null,
        device: null,
        automatic: 0,
        row: 3,
        failed: 1,
      },
      {
        id: 6,
        action: 'checkIn',
        at: T(5),
        event: 'DESK_IN',
        door: null,
        device: 'Lobby kiosk',
        automatic: 0,
        row: 4,
        failed: 0,
      },
      {
        id: 8,
        action: 'checkIn',
        at: T(8),
        event: null,
        door: null,
        device: 'desk',
        automatic: 0,
        row: null,
        failed: 0,
      },
    ]);
    expect(mirror.db.prepare('SELECT count(*) FROM outbox').pluck().get()).toBe(6);
    expect(mirror.db.prepare("SELECT name FROM sqlite_master WHERE name = 'check_in_devices'").get()).toBeUndefined();
    // The readers see what the outbox told them before.
    expect(mirror.guests.details(5).tappedAt).toBe(T(1));
    expect(mirror.guests.details(6).tappedAt).toBe(T(5));
    expect(mirror.deskGuests.autoCheckedOutAt(5)).toBe(T(3));
    expect(mirror.checkInFacts.last(6, 'checkIn')).toMatchObject({ device: 'Lobby kiosk', eventName: 'DESK_IN' });
  });
});

describe("a damaged mirror's facts", () => {
  it('are kept in the new mirror; one whose row was delivered (not queued again) keeps no outbox id', () => {
    const old = openMirror(tempPath());
    mirrors.push(old);
    const add = (checkInId: number, action: 'checkIn' | 'checkOut', minute: number) => {
      const outboxId = old.outbox.add({
        kind: 'transition',
        target: `check-in:${checkInId}`,
        payload: JSON.parse(payload(checkInId, action, 'CHECK_IN')) as unknown,
        label: `${action} ${checkInId}`,
        now: T(minute),
      });
      old.checkInFacts.add({
        checkInId,
        action,
        at: T(minute),
        eventName: 'CHECK_IN',
        door: 'kiosk',
        made: { device: 'Lobby kiosk' },
        automatic: false,
        outboxId,
      });
      return outboxId;
    };
    old.outbox.markDelivered(add(5, 'checkIn', 1), '{}', T(2));
    const queued = add(6, 'checkIn', 3);
    const fresh = openMirror(tempPath());
    mirrors.push(fresh);
    const report = salvageOutbox(old.db.name, fresh.db);
    expect(report).toMatchObject({ copied: 1, local: { check_in_facts: 2 } });
    expect(fresh.checkInFacts.last(5, 'checkIn')).toMatchObject({ at: T(1), device: 'Lobby kiosk', outboxId: null });
    expect(fresh.checkInFacts.last(6, 'checkIn')).toMatchObject({ at: T(3), device: 'Lobby kiosk', outboxId: queued });
  });
});
