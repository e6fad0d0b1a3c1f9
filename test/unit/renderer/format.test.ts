import { describe, expect, it } from 'vitest';
import {
  formatAgo,
  formatBytes,
  formatDayKey,
  formatTimeRange,
  fullName,
  kioskName,
  lastSyncOf,
  plural,
} from '../../../renderer/src/lib/format.ts';
import { personName } from '../../../shared/domain/person-name.ts';
import type { SyncStatus } from '../../../shared/contract/sync.ts';

describe('names', () => {
  it('shows a guest at the kiosk by first name and last initial', () => {
    expect(kioskName({ firstName: 'Maria', lastName: 'Popa' })).toBe('Maria P.');
    expect(kioskName({ firstName: 'Ömer', lastName: 'özkan' })).toBe('Ömer Ö.');
    expect(kioskName({ firstName: 'Maarten', lastName: 'van der Meer' })).toBe('Maarten V.');
    expect(kioskName({ firstName: null, lastName: 'Popa' })).toBe('P.');
    expect(kioskName({ firstName: 'Maria', lastName: null })).toBe('Maria');
  });

  it('shows a Chinese name in its own order, family name first, never "Chao W."', () => {
    expect(kioskName({ firstName: '超', lastName: '王' })).toBe('王超');
    expect(kioskName({ firstName: '小明', lastName: '张' })).toBe('张小明');
    expect(kioskName({ firstName: 'Chao', lastName: 'Wang' })).toBe('Chao W.');
    // Japanese and Korean names are written family name first too (shared/domain/person-name.ts).
    expect(kioskName({ firstName: '太郎', lastName: '山田' })).toBe('山田太郎');
    expect(kioskName({ firstName: '민준', lastName: '김' })).toBe('김민준');
    expect(kioskName({ firstName: 'Иван', lastName: 'Петров' })).toBe('Иван П.');
    expect(personName({ firstName: '超', lastName: '王' })).toBe('王超');
    expect(personName({ firstName: 'Maria', lastName: 'Popa' })).toBe('Maria Popa');
  });

  it('shows the full name at the desk, or a stand-in', () => {
    expect(fullName({ firstName: 'Maria', lastName: 'Popa' })).toBe('Maria Popa');
    expect(fullName({ firstName: null, lastName: null, email: 'x@example.test' })).toBe('x@example.test');
    expect(fullName({ firstName: ' ', lastName: null })).toBe('Unnamed guest');
    // A Chinese name in its own order, at the desk and on the evacuation list as on the kiosk.
    expect(fullName({ firstName: '超', lastName: '王' })).toBe('王超');
  });
});

describe('times', () => {
  const today = new Date(2026, 10, 22, 9, 0);
  const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute).toISOString();

  it("gives a day picker's day in the app's format, never the browser's", () => {
    expect(formatDayKey('2026-11-26')).toBe('Thu, 26 Nov 2026');
    expect(formatDayKey('')).toBe('');
    expect(formatDayKey('11/26/2026')).toBe('');
  });

  it('gives the time range, with the day only when it is not today', () => {
    expect(formatTimeRange(at(22, 10), at(22, 12, 30), 'en-GB', today)).toBe('10:00 – 12:30');
    expect(formatTimeRange(at(24, 9), at(24, 10, 30), 'en-GB', today)).toBe('Tue 24 Nov, 09:00 – 10:30');
    expect(formatTimeRange(at(22, 10), null, 'en-GB', today)).toBe('10:00');
    expect(formatTimeRange(null, null, 'en-GB', today)).toBe('');
    expect(formatTimeRange('not a date', null, 'en-GB', today)).toBe('');
  });

  it('says how long ago', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(formatAgo(null, now)).toBe('never');
    expect(formatAgo('2026-11-22T09:59:58Z', now)).toBe('just now');
    expect(formatAgo('2026-11-22T09:59:30Z', now)).toBe('30 s ago');
    expect(formatAgo('2026-11-22T09:55:00Z', now)).toBe('5 min ago');
    expect(formatAgo('2026-11-22T07:00:00Z', now)).toBe('3 h ago');
  });

  it('takes the newest pull of any resource as the last sync', () => {
    const resource = (lastSuccessAt: string | null) => ({
      running: false,
      lastSuccessAt,
      lastFullAt: null,
      lastError: null,
      progress: null,
      warnings: [],
    });
    const status: SyncStatus = {
      online: true,
      lastOnlineAt: null,
      tokenRejected: false,
      resources: {
        invitations: resource('2026-11-22T09:00:00Z'),
        checkIns: resource('2026-11-22T09:30:00Z'),
        groups: resource(null),
      },
      outbox: { pending: 0, failed: 0, delivered: 0, conflicts: 0, delivering: false },
    };
    expect(lastSyncOf(status)).toBe('2026-11-22T09:30:00Z');
    expect(lastSyncOf({ ...status, resources: {} })).toBeNull();
    expect(lastSyncOf(null)).toBeNull();
  });
});

describe('counts', () => {
  it('writes counts and sizes', () => {
    expect(plural(1, 'guest')).toBe('1 guest');
    expect(plural(1200, 'guest')).toBe('1,200 guests');
    expect(plural(2, 'match', 'matches')).toBe('2 matches');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
