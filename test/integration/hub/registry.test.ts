/**
 * The hub's registry and pairing, on a real hub.sqlite in a temporary data
 * directory: codes, credentials (only their hash stored), revocation seen by
 * another connection, wrong codes limited, activity per day, the certificate.
 */
import { X509Certificate } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createConfigStore } from '../../../electron/core/config/config.ts';
import { activityOf, type Hub, openHub, openHubRegistry } from '../../../electron/core/hub/index.ts';
import { HUB_MIGRATIONS, sha256 } from '../../../electron/core/hub/registry.ts';
import { configureDatabase, migrate } from '../../../shared/sqlite/migrate.ts';
import { openDatabase } from '../../../shared/sqlite/open.ts';

const opened: Hub[] = [];
afterEach(() => {
  for (const hub of opened.splice(0)) hub.close();
});

function setup(options: { now?: () => number; pollMs?: number } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'foyer-hub-registry-'));
  const store = createConfigStore(dataDir);
  const hub = openHubRegistry({ dataDir, config: () => store.current(), ...options });
  opened.push(hub);
  return { dataDir, store, hub };
}

describe('pairing', () => {
  it('gives a six-digit code, pairs it when staff type it, and hands the credential out once', () => {
    const { dataDir, hub } = setup();
    const started = hub.startPairing('127.0.0.2');
    expect(started.code).toMatch(/^\d{6}$/);
    expect(hub.pairingState(started.secret, '127.0.0.2').answer).toEqual({
      state: 'pending',
      code: started.code,
      expiresAt: started.expiresAt,
    });
    expect(hub.status().pendingPairings).toBe(1);

    const device = hub.pair({ code: started.code, role: 'kiosk', name: 'Lobby 1' }, 'desktop');
    expect(device).toMatchObject({ name: 'Lobby 1', role: 'kiosk', revokedAt: null, connected: false });
    const collected = hub.pairingState(started.secret, '127.0.0.2');
    expect(collected.answer).toEqual({ state: 'paired', role: 'kiosk', name: 'Lobby 1' });
    expect(collected.credential).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Once: a second poll with the same pairing cookie gets nothing.
    expect(hub.pairingState(started.secret, '127.0.0.2')).toEqual({ answer: { state: 'none' } });

    expect(hub.authenticate(collected.credential, '127.0.0.2')).toEqual({
      ok: true,
      device: { id: device.id, name: 'Lobby 1', role: 'kiosk' },
    });
    expect(hub.authenticate('not-a-credential', '127.0.0.2')).toEqual({ ok: false, reason: 'unpaired' });
    expect(hub.authenticate(undefined, '127.0.0.2')).toEqual({ ok: false, reason: 'unpaired' });

    // Only the hash is stored.
    const db = openDatabase(join(dataDir, 'hub.sqlite'), { readonly: true });
    const stored = db.prepare('SELECT token_sha256 AS hash FROM devices').get() as { hash: string };
    db.close();
    expect(stored.hash).toBe(sha256(collected.credential!));
    expect(readFileSync(join(dataDir, 'hub.sqlite')).includes(Buffer.from(collected.credential!))).toBe(false);
  });

  it('lets a code expire after ten minutes', () => {
    let at = Date.parse('2026-11-24T09:00:00Z');
    const { hub } = setup({ now: () => at });
    const started = hub.startPairing('127.0.0.2');
    at += 10 * 60_000;
    expect(hub.pairingState(started.secret, '127.0.0.2').answer).toEqual({ state: 'expired' });
    expect(() => hub.pair({ code: started.code, role: 'kiosk', name: 'Late' }, 'desktop')).toThrow(/no device shows/);
    expect(hub.status().pendingPairings).toBe(0);
  });

  it('a full waiting list never refuses a new device: the busiest address loses its oldest code', () => {
    const { hub } = setup();
    // The flood: 51 requests from 17 addresses, three each.
    const flood = Array.from({ length: 17 }, (_, a) =>
      Array.from({ length: 3 }, () => hub.startPairing(`10.0.0.${a + 1}`)),
    ).flat();
    expect(hub.status().pendingPairings).toBe(50);
    expect(hub.pairingState(flood[0]!.secret, '10.0.0.1').answer).toEqual({ state: 'none' });
    const tablet = hub.startPairing('10.0.9.9');
    expect(hub.status().pendingPairings).toBe(50);
    // The flood goes on from every address, three more each: it pushes out its own codes, never the tablet's.
    for (let round = 0; round < 3; round++) for (let a = 1; a <= 17; a++) hub.startPairing(`10.0.0.${a}`);
    expect(hub.pairingState(tablet.secret, '10.0.9.9').answer).toMatchObject({ state: 'pending', code: tablet.code });
    expect(hub.pair({ code: tablet.code, role: 'kiosk', name: 'Tablet' }, 'desktop').name).toBe('Tablet');
    expect(hub.pairingState(tablet.secret, '10.0.9.9').credential).toMatch(/^[\w-]{43}$/);
  });

  it('a browser asking again replaces its own code; one address holds at most 3, its oldest going first', () => {
    const { hub } = setup();
    let first = hub.startPairing('127.0.0.9');
    for (let i = 0; i < 10; i++) {
      const again = hub.startPairing('127.0.0.9', first.secret);
      expect(hub.pairingState(first.secret, '127.0.0.9').answer).toEqual({ state: 'none' });
      first = again;
    }
    expect(hub.status().pendingPairings).toBe(1);
    const second = hub.startPairing('127.0.0.9');
    hub.startPairing('127.0.0.9');
    hub.startPairing('127.0.0.9');
    expect(hub.status().pendingPairings).toBe(3);
    expect(hub.pairingState(first.secret, '127.0.0.9').answer).toEqual({ state: 'none' });
    expect(hub.pairingState(second.secret, '127.0.0.9').answer).toMatchObject({ state: 'pending' });
    // Another address is not held by it.
    expect(hub.startPairing('127.0.0.10').code).toMatch(/^\d{6}$/);
    // A code that was paired is not replaced by asking again: the device collects its credential.
    const { code, secret } = hub.startPairing('127.0.0.11');
    hub.pair({ code, role: 'kiosk', name: 'Kept' }, 'desktop');
    hub.startPairing('127.0.0.11', secret);
    expect(hub.pairingState(secret, '127.0.0.11').answer).toMatchObject({ state: 'paired', name: 'Kept' });
  });

  it('only the browser that asked for an approved code collects its credential, from its own address', () => {
    const { hub } = setup();
    const asked = hub.startPairing('127.0.0.2');
    hub.pair({ code: asked.code, role: 'desk', name: 'Bound' }, 'desktop');
    // Another browser, or the pairing cookie carried to another machine: nothing, and the pairing stays.
    expect(hub.pairingState(undefined, '127.0.0.2')).toEqual({ answer: { state: 'none' } });
    expect(hub.pairingState(hub.startPairing('127.0.0.3').secret, '127.0.0.3').answer.state).toBe('pending');
    expect(hub.pairingState(asked.secret, '127.0.0.3')).toEqual({ answer: { state: 'none' } });
    const collected = hub.pairingState(asked.secret, '127.0.0.2');
    expect(collected.answer).toEqual({ state: 'paired', role: 'desk', name: 'Bound' });
    expect(collected.credential).toMatch(/^[\w-]{43}$/);
  });

  it('limits wrong codes per typist, like PIN guesses', () => {
    let at = Date.parse('2026-11-24T09:00:00Z');
    const { hub } = setup({ now: () => at });
    const { code } = hub.startPairing('127.0.0.2');
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 3; i++)
      expect(() => hub.pair({ code: wrong, role: 'kiosk', name: 'X' }, 'device:1')).toThrow(/no device shows/);
    // The fourth wrong one is counted and the typist must now wait: even the right code is refused.
    expect(() => hub.pair({ code: wrong, role: 'kiosk', name: 'X' }, 'device:1')).toThrow(/no device shows/);
    expect(() => hub.pair({ code, role: 'kiosk', name: 'X' }, 'device:1')).toThrow(/wait|try again/i);
    // Another typist is not held by it; the wait passes.
    at += 5_000;
    expect(hub.pair({ code, role: 'desk', name: 'Desk 2' }, 'device:1').role).toBe('desk');
  });
});

describe('revocation and activity', () => {
  function paired(hub: Hub, role: 'kiosk' | 'desk' = 'kiosk') {
    const { code, secret } = hub.startPairing('127.0.0.2');
    const device = hub.pair({ code, role, name: `Device ${code}` }, 'desktop');
    return { device, credential: hub.pairingState(secret, '127.0.0.2').credential! };
  }

  it('refuses a revoked credential and closes its streams at once', () => {
    const { hub } = setup();
    const { device, credential } = paired(hub);
    let closed = 0;
    const revoked: number[] = [];
    hub.onRevoked((id) => revoked.push(id));
    hub.openStream(device.id, () => closed++, '127.0.0.2');
    expect(hub.status().devices[0]!.connected).toBe(true);
    const after = hub.revoke(device.id);
    expect(after.revokedAt).not.toBeNull();
    expect(closed).toBe(1);
    expect(revoked).toEqual([device.id]);
    expect(hub.authenticate(credential, '127.0.0.2')).toEqual({ ok: false, reason: 'revoked' });
    expect(() => hub.revoke(999)).toThrow(/no device 999/);
  });

  it("names a device by its id as the status lists it, a revoked one's too, and none it never paired", () => {
    const { hub } = setup();
    const { device } = paired(hub);
    expect(hub.nameOf(device.id)).toBe(hub.status().devices.find((d) => d.id === device.id)!.name);
    hub.revoke(device.id);
    expect(hub.nameOf(device.id)).toBe(device.name);
    expect(hub.nameOf(999)).toBeUndefined();
  });

  it('notices a credential used from two addresses at once: both are listed until one is quiet for 5 minutes', () => {
    let at = Date.parse('2026-11-24T09:00:00Z');
    const { hub } = setup({ now: () => at });
    const { device, credential } = paired(hub);
    const addressesOf = () => hub.status().devices.find((d) => d.id === device.id)!.addresses;
    expect(addressesOf()).toEqual(['127.0.0.2']);
    // The original holds its stream open from .2 and says nothing more; a copy calls from .9.
    const closeStream = hub.openStream(device.id, () => {}, '127.0.0.2');
    at += 10 * 60_000;
    expect(hub.authenticate(credential, '127.0.0.9').ok).toBe(true);
    expect(addressesOf()).toEqual(['127.0.0.9', '127.0.0.2']);
    closeStream();
    expect(addressesOf()).toEqual(['127.0.0.9']);
    at += 60_000;
    expect(hub.authenticate(credential, '127.0.0.2').ok).toBe(true);
    expect(addressesOf()).toEqual(['127.0.0.9', '127.0.0.2']);
    at += 5 * 60_000 + 1;
    expect(hub.authenticate(credential, '127.0.0.2').ok).toBe(true);
    expect(addressesOf()).toEqual(['127.0.0.2']);
    // Revoking it shuts both out.
    hub.revoke(device.id);
    expect(hub.authenticate(credential, '127.0.0.9')).toEqual({ ok: false, reason: 'revoked' });
  });

  it('opens a registry of the first version (before device addresses) with its devices kept', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'foyer-hub-v1-'));
    const v1 = openDatabase(join(dataDir, 'hub.sqlite'));
    configureDatabase(v1);
    migrate(v1, HUB_MIGRATIONS.slice(0, 1), 'the test registry');
    v1.prepare(
      "INSERT INTO devices (name, role, token_sha256, paired_at, paired_by) VALUES ('Old', 'kiosk', ?, '2026-01-01', 'cli')",
    ).run(sha256('old-credential'));
    v1.close();
    const store = createConfigStore(dataDir);
    const hub = openHubRegistry({ dataDir, config: () => store.current() });
    opened.push(hub);
    expect(hub.authenticate('old-credential', '127.0.0.5')).toMatchObject({ ok: true, device: { name: 'Old' } });
    expect(hub.status().devices[0]).toMatchObject({ name: 'Old', addresses: ['127.0.0.5'] });
  });

  it('opens a registry of the second version (before kept sessions) with its devices kept', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'foyer-hub-v2-'));
    const v2 = openDatabase(join(dataDir, 'hub.sqlite'));
    configureDatabase(v2);
    migrate(v2, HUB_MIGRATIONS.slice(0, 2), 'the test registry');
    v2.prepare(
      "INSERT INTO devices (name, role, token_sha256, paired_at, paired_by) VALUES ('Marshal', 'desk', ?, '2026-01-01', 'cli')",
    ).run(sha256('old-credential'));
    v2.close();
    const store = createConfigStore(dataDir);
    const hub = openHubRegistry({ dataDir, config: () => store.current() });
    opened.push(hub);
    const found = hub.authenticate('old-credential', '127.0.0.5');
    expect(found).toMatchObject({ ok: true, device: { name: 'Marshal' } });
    const id = found.ok ? found.device.id : 0;
    hub.keepSession(id, { id: 'session-id', role: 'desk', lastActiveAt: Date.now() });
    expect(hub.restoreSession('session-id', id)).toMatchObject({ role: 'desk' });
  });

  it("keeps a desk's unlocked session by its hash, for its own device, within the idle time", () => {
    const clock = { now: Date.parse('2026-03-10T10:00:00Z') };
    const { dataDir, store, hub } = setup({ now: () => clock.now });
    const { device } = paired(hub, 'desk');
    const idle = store.current().staffIdleMinutes * 60_000;
    hub.keepSession(device.id, { id: 'the-session', role: 'admin', lastActiveAt: clock.now });
    // Only the hash is on disk.
    for (const file of ['hub.sqlite', 'hub.sqlite-wal'].map((name) => join(dataDir, name)).filter(existsSync))
      expect(readFileSync(file).includes('the-session'), file).toBe(false);
    expect(readFileSync(join(dataDir, 'hub.sqlite-wal')).includes(sha256('the-session'))).toBe(true);
    expect(hub.restoreSession('the-session', device.id + 1)).toBeUndefined();
    clock.now += idle - 1;
    expect(hub.restoreSession('the-session', device.id)).toEqual({ role: 'admin', lastActiveAt: clock.now - idle + 1 });
    // The idle time shortened since: it counts.
    store.write({ ...store.current(), staffIdleMinutes: 1 });
    expect(hub.restoreSession('the-session', device.id)).toBeUndefined();
    // Locked: forgotten.
    hub.keepSession(device.id, { id: 'another', role: 'desk', lastActiveAt: clock.now });
    hub.keepSession(device.id, { id: 'another', role: 'kiosk', lastActiveAt: clock.now });
    expect(hub.restoreSession('another', device.id)).toBeUndefined();
    // Revoked, here or by another process: forgotten.
    hub.keepSession(device.id, { id: 'third', role: 'desk', lastActiveAt: clock.now });
    const other = openHubRegistry({ dataDir, config: () => store.current(), now: () => clock.now });
    opened.push(other);
    other.revoke(device.id);
    expect(hub.restoreSession('third', device.id)).toBeUndefined();
  });

  it('sees a revocation made by another process at the next request, and closes streams within the poll', async () => {
    const { dataDir, store, hub } = setup({ pollMs: 50 });
    const { device, credential } = paired(hub);
    let closed = 0;
    hub.openStream(device.id, () => closed++, '127.0.0.2');
    const other = openHubRegistry({ dataDir, config: () => store.current() });
    opened.push(other);
    other.revoke(device.id);
    expect(hub.authenticate(credential, '127.0.0.2')).toEqual({ ok: false, reason: 'revoked' });
    await expect.poll(() => closed, { timeout: 2_000 }).toBe(1);
  });

  it('counts check-ins, check-outs and other staff work per device and day', () => {
    const { hub } = setup();
    const { device } = paired(hub, 'desk');
    hub.noteCall(device.id, 'kiosk.checkIn', { invitationId: 1 });
    hub.noteCall(device.id, 'guests.transition', { invitationId: 2, action: 'checkIn' });
    hub.noteCall(device.id, 'guests.transition', { invitationId: 2, action: 'checkOut' });
    hub.noteCall(device.id, 'guests.transition', { invitationId: 2, action: 'undo' });
    hub.noteCall(device.id, 'kiosk.lookup', { text: 'An' });
    hub.noteCall(device.id, 'guests.list', {});
    expect(hub.status().devices[0]!.today).toEqual({ checkIns: 2, checkOuts: 1, other: 1 });
    expect(activityOf('session.unlock', {})).toBeUndefined();
    expect(activityOf('outbox.retry', { id: 1 })).toBe('other');
    expect(activityOf('hub.revoke', { id: 1 })).toBe('other');
    // Reading is not an action: a guest's details, their PIN, a search, the evacuation list.
    for (const read of ['guests.get', 'guests.revealPin', 'employees.search', 'guests.evacuationList'] as const)
      expect(activityOf(read, {})).toBeUndefined();
  });

  it('tells of changes at most once a second', () => {
    // The hub's timers and clock in the test's hand: a second passes when the test says so.
    vi.useFakeTimers({ now: new Date(2026, 2, 10, 10, 30) });
    try {
      const { hub } = setup();
      let changes = 0;
      hub.onChange(() => changes++);
      paired(hub);
      paired(hub);
      vi.advanceTimersByTime(0);
      expect(changes).toBe(1);
      vi.advanceTimersByTime(1_300);
      expect(changes).toBe(1);
      // More than a second after the last one told: told at once.
      paired(hub);
      vi.advanceTimersByTime(0);
      expect(changes).toBe(2);
      // Half a second after the last one told: told when its second is over, not before.
      vi.advanceTimersByTime(500);
      paired(hub);
      vi.advanceTimersByTime(499);
      expect(changes).toBe(2);
      vi.advanceTimersByTime(1);
      expect(changes).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the certificate', () => {
  const names = { dns: ['localhost', 'reception', 'reception.local'], ips: ['127.0.0.1', '::1', '192.168.1.20'] };

  it('is made once with the hub names, kept, and made again (same key) when a name is missing or it nears expiry', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'foyer-hub-tls-'));
    const store = createConfigStore(dataDir);
    const open = async (extra: { names?: typeof names; now?: () => number } = {}) => {
      const hub = await openHub({ dataDir, config: () => store.current(), names, ...extra });
      opened.push(hub);
      return hub;
    };
    const first = await open();
    expect(first.tls.renewed).toBe(true);
    expect(statSync(join(dataDir, 'hub-tls', 'key.pem')).mode & 0o777).toBe(0o600);
    const x509 = new X509Certificate(first.tls.cert);
    expect(x509.subjectAltName).toContain('DNS:reception.local');
    expect(x509.subjectAltName).toContain('IP Address:192.168.1.20');
    expect(first.tls.fingerprint).toMatch(/^[0-9A-F]{2}(:[0-9A-F]{2}){31}$/);
    expect(first.tls.fingerprint).toBe(x509.fingerprint256);
    expect(first.status().fingerprint).toBe(first.tls.fingerprint);
    expect(first.tls.spki).toMatch(/^[A-Za-z0-9+/]{43}=$/);

    const again = await open();
    expect(again.tls.renewed).toBe(false);
    expect(again.tls.fingerprint).toBe(first.tls.fingerprint);

    const moreNames = await open({ names: { ...names, ips: [...names.ips, '10.1.2.3'] } });
    expect(moreNames.tls.renewed).toBe(true);
    expect(moreNames.tls.fingerprint).not.toBe(first.tls.fingerprint);
    expect(moreNames.tls.spki).toBe(first.tls.spki);

    const expiry = Date.parse(new X509Certificate(moreNames.tls.cert).validTo);
    const late = await open({
      names: { ...names, ips: [...names.ips, '10.1.2.3'] },
      now: () => expiry - 29 * 86_400_000,
    });
    expect(late.tls.renewed).toBe(true);
  }, 60_000);
});
