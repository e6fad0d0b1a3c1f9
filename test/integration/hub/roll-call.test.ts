/**
 * The roll call of an evacuation at a site hub, over real HTTPS, with the
 * site's link to the service cut: two desk devices and a kiosk device; a desk
 * starts it with who is on site, the kiosk hears that it started (and
 * nothing of the marks), marks from both desks meet at the hub (the last one
 * wins, with its device and time), a guest who checks in at the kiosk during
 * it is added and marked so, ending it gives the report; nothing of it is
 * sent to the service.
 */
import { localStamp, siteZone } from '../../../electron/core/usecases/local-times.ts';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../../electron/core/access/session.ts';
import type { RollCall } from '../../../shared/contract/evacuation.ts';
import { cleanup, seedGuests, type SeededGuest } from '../outbox/helpers.ts';
import { until } from '../../support/until.ts';
import { caughtUp, type DeviceClient, openSite, PINS, type Site } from './site.ts';

let site: Site;
const local = createSession('hub-window', 'admin', 'admin', 'desktop');
let deskA: DeviceClient;
let deskB: DeviceClient;
let kiosk: DeviceClient;
let guests: SeededGuest[];

async function pairedDesk(device: DeviceClient, name: string) {
  await device.pair((code) => site.core.call(local, 'hub.pair', { code, role: 'desk', name }));
  await device.call('session.unlock', { pin: PINS.desk });
}

async function ticketAt(device: DeviceClient, guest: SeededGuest): Promise<{ ticket: string }> {
  const found = (await device.call('kiosk.lookup', { text: guest.lastName })) as {
    invitationId: number;
    ticket: string;
  }[];
  return { ticket: found.find((g) => g.invitationId === guest.id)!.ticket };
}

const nameOf = (rollCall: RollCall, id: number) => rollCall.entries.find((e) => e.invitationId === id);

beforeAll(async () => {
  site = await openSite();
  ({ guests } = await seedGuests(site.service, 4));
  await site.core.call(local, 'sync.now', { full: true });
  deskA = site.device('127.0.0.2');
  deskB = site.device('127.0.0.3');
  kiosk = site.device('127.0.0.4');
  await pairedDesk(deskA, 'Reception 1');
  await pairedDesk(deskB, 'Marshal tablet');
  await kiosk.pair((code) => site.core.call(local, 'hub.pair', { code, role: 'kiosk', name: 'Lobby kiosk' }));
  await site.core.call(local, 'evacuation.setAssemblyPoint', { assemblyPoint: 'Car park B, by the gate' });
  const [a, b] = guests as [SeededGuest, SeededGuest];
  // On site before the alarm: one at the kiosk, one at a desk device.
  await kiosk.call('kiosk.checkIn', await ticketAt(kiosk, a));
  await deskA.call('guests.transition', { invitationId: b.id, action: 'checkIn' });
  await until(() => site.relay.delivered.length === 2, 'the two check-ins to reach the service');
  site.relay.cut();
}, 60_000);

afterAll(async () => {
  await site?.close();
  await cleanup();
});

describe('a roll call at the hub, the service away', () => {
  let rollCall: RollCall;

  it('starts at a desk with who is on site, and the kiosk hears that it started, with where to gather', async () => {
    const [a, b] = guests as [SeededGuest, SeededGuest];
    const kioskEvents = await kiosk.events();
    const deskEvents = await deskB.events();
    expect(await kiosk.call('evacuation.state')).toEqual({ active: false, assemblyPoint: 'Car park B, by the gate' });

    rollCall = await deskA.call('evacuation.start');
    expect(rollCall).toMatchObject({
      startedBy: 'Reception 1',
      endedAt: null,
      assemblyPoint: 'Car park B, by the gate',
    });
    expect(rollCall.location).toEqual({ id: 10, name: 'Berlin HQ' });
    expect(rollCall.counts).toEqual({ total: 2, accounted: 0, missing: 2, arrivedDuring: 0 });
    expect(nameOf(rollCall, a.id)).toMatchObject({
      lastName: a.lastName,
      checkedInAt: 'Lobby kiosk',
      accounted: false,
    });
    expect(nameOf(rollCall, b.id)).toMatchObject({ checkedInAt: 'Reception 1', arrivedDuring: false });

    // A second Start (the other desk, at the same moment) joins the same roll call.
    expect((await deskB.call('evacuation.start')).id).toBe(rollCall.id);

    await until(() => kioskEvents.events.some((e) => e.type === 'evacuation-changed'), 'the kiosk to hear it');
    expect(kioskEvents.events.filter((e) => e.type === 'evacuation-changed')).toEqual([
      expect.objectContaining({ type: 'evacuation-changed', active: true, assemblyPoint: 'Car park B, by the gate' }),
    ]);
    expect(kioskEvents.events.find((e) => e.type === 'evacuation-changed')).not.toHaveProperty('version');
    expect(await kiosk.call('evacuation.state')).toEqual({ active: true, assemblyPoint: 'Car park B, by the gate' });
    await until(() => deskEvents.events.some((e) => e.type === 'evacuation-changed'), 'the other desk to hear it');
    kioskEvents.close();
    deskEvents.close();
  });

  it('merges the marks of both desks at the hub: the last wins, with its device and time; a kiosk hears none', async () => {
    const [a, b] = guests as [SeededGuest, SeededGuest];
    const kioskEvents = await kiosk.events();
    const deskEvents = await deskB.events();
    const ticked = await deskA.call('evacuation.tick', {
      rollCallId: rollCall.id,
      invitationId: a.id,
      accounted: true,
    });
    expect(ticked.entry).toMatchObject({ accounted: true, markedBy: 'Reception 1' });
    await until(
      () => deskEvents.events.some((e) => e.type === 'evacuation-changed' && e.version === ticked.version),
      'the other desk to hear the mark',
    );
    await deskB.call('evacuation.tick', { rollCallId: rollCall.id, invitationId: b.id, accounted: true });
    // Both desks mark the same person, one after the other: the later mark stands.
    await deskA.call('evacuation.tick', { rollCallId: rollCall.id, invitationId: b.id, accounted: true });
    const last = await deskB.call('evacuation.tick', { rollCallId: rollCall.id, invitationId: b.id, accounted: false });
    const seen: RollCall = await deskA.call('evacuation.get');
    expect(seen.version).toBe(last.version);
    expect(nameOf(seen, b.id)).toMatchObject({ accounted: false, markedBy: 'Marshal tablet' });
    expect(Date.parse(nameOf(seen, b.id)!.markedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(seen.counts).toMatchObject({ accounted: 1, missing: 1 });

    // A kiosk may read whether an evacuation is on, never who is on site.
    const refused = await kiosk.send('POST', '/app/evacuation.get', { body: {} });
    expect(refused.status).toBe(403);
    const forged = await kiosk.send('POST', '/app/evacuation.tick', {
      body: { rollCallId: rollCall.id, invitationId: a.id, accounted: false },
    });
    expect(forged.status).toBe(403);
    await caughtUp(site.runtime, kioskEvents);
    expect(kioskEvents.events.filter((e) => e.type === 'evacuation-changed')).toHaveLength(1);
    kioskEvents.close();
    deskEvents.close();
  });

  it('adds a guest who checks in during it, marked so', async () => {
    const c = guests[2]!;
    const deskEvents = await deskA.events();
    await kiosk.call('kiosk.checkIn', await ticketAt(kiosk, c));
    await until(
      () => deskEvents.events.some((e) => e.type === 'evacuation-changed' && (e.version ?? 0) > rollCall.version),
      'the desk to hear of the arrival',
    );
    const seen: RollCall = await deskA.call('evacuation.get');
    expect(nameOf(seen, c.id)).toMatchObject({ arrivedDuring: true, checkedInAt: 'Lobby kiosk', accounted: false });
    expect(seen.counts).toEqual({ total: 3, accounted: 1, missing: 2, arrivedDuring: 1 });
    deskEvents.close();
  });

  it('refuses a mark for someone not on it, with the reason', async () => {
    const d = guests[3]!;
    const answer = await deskA.send('POST', '/app/evacuation.tick', {
      body: { rollCallId: rollCall.id, invitationId: d.id, accounted: true },
    });
    expect(answer.status).toBe(404);
    expect(answer.body.error.message).toMatch(/nobody with invitation id \d+ is on this roll call/);
  });

  it('ends with a report: start and end, each person accounted for or missing, by which device and when', async () => {
    const [a, b, c] = guests as [SeededGuest, SeededGuest, SeededGuest];
    const kioskEvents = await kiosk.events();
    const ended: RollCall = await deskB.call('evacuation.end', { rollCallId: rollCall.id });
    expect(ended).toMatchObject({ endedBy: 'Marshal tablet' });
    expect(ended.endedAt).not.toBeNull();
    await until(
      () => kioskEvents.events.some((e) => e.type === 'evacuation-changed' && !e.active),
      'the kiosk to hear that it ended',
    );
    expect(await kiosk.call('evacuation.state')).toMatchObject({ active: false });
    // Marks after the end change nothing.
    const late = await deskA.send('POST', '/app/evacuation.tick', {
      body: { rollCallId: rollCall.id, invitationId: b.id, accounted: true },
    });
    expect(late.status).toBe(409);

    const report = await deskA.call('evacuation.report', { rollCallId: rollCall.id });
    expect(report.fileName).toMatch(/^roll-call-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
    const rows = parse(report.csv, { columns: true, bom: true }) as Record<string, string>[];
    const row = (id: SeededGuest) => rows.find((r) => r['Last name'] === id.lastName)!;
    expect(rows).toHaveLength(3);
    expect(row(a)).toMatchObject({ Status: 'accounted', 'Marked by': 'Reception 1', 'Checked in at': 'Lobby kiosk' });
    expect(row(b)).toMatchObject({
      Status: 'missing',
      'Marked by': 'Marshal tablet',
      'Arrived during the roll call': 'no',
    });
    expect(row(c)).toMatchObject({ Status: 'missing', 'Marked by': '', 'Arrived during the roll call': 'yes' });
    // On the site's wall clock, the zone named.
    const zone = siteZone(site.runtime.config);
    for (const r of rows)
      expect(r).toMatchObject({
        'Roll call started': localStamp(ended.startedAt, zone),
        'Roll call ended': localStamp(ended.endedAt, zone),
        'Started by': 'Reception 1',
        'Ended by': 'Marshal tablet',
        'Time zone': zone,
      });
    kioskEvents.close();
  });

  it('sent nothing of it to the service: once the link is back, only the check-in goes', async () => {
    const kinds = site.runtime.mirror.db.prepare('SELECT kind, count(*) AS n FROM outbox GROUP BY kind').all();
    expect(kinds).toEqual([{ kind: 'transition', n: 3 }]);
    site.relay.restore();
    await site.core.call(local, 'sync.now', {});
    await until(() => site.relay.delivered.length === 3, 'the check-in made during the roll call to go');
    expect(site.relay.delivered.map((d) => d.id)).toEqual(guests.slice(0, 3).map((g) => g.id));
  });
});
