/**
 * The audit log, through the app core against the reference service over
 * HTTP: each staff action writes its entry with its time, device and role in
 * the same transaction (a refused action writes none; a kiosk guest's own
 * check-in is not a staff action); the admin filters and exports it as CSV
 * (neutralised); the retention purges it with the mirror.
 */
import { auditActionLabel } from '../../../shared/contract/audit.ts';
import { localStamp, siteZone } from '../../../electron/core/usecases/local-times.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../electron/core/app/core.ts';
import { createSession } from '../../../electron/core/access/session.ts';
import type { Runtime } from '../../../electron/core/runtime.ts';
import { purgeExpired } from '../../../electron/core/sync/pulls.ts';
import { DAY, HOUR, iso } from '../../../shared/time.ts';
import { openApp } from '../../support/app.ts';
import { cleanup, seedGuests, startServiceOn, tempDir } from '../outbox/helpers.ts';

let service: Awaited<ReturnType<typeof startServiceOn>>;
let runtime: Runtime;
let core: AppCore;
let clock = Date.now();
const desk = createSession('audit-desk', 'desk', 'desk', 'ip:192.0.2.7');
const admin = createSession('audit-admin', 'admin', 'admin', 'desktop');
const kiosk = createSession('audit-kiosk', 'kiosk', 'kiosk', 'desktop');
let ids: number[];
const DESK_PIN = '1357';

const entries = async (filter: Record<string, string> = {}) => (await core.call(admin, 'audit.list', filter)).entries;
const latest = async () => (await entries())[0];

beforeAll(async () => {
  service = await startServiceOn(tempDir('foyer-audit-svc-'));
  const people = Array.from({ length: 5 }, (_, i) => ({ firstName: `Audit${i}`, lastName: 'Guest' }));
  const seeded = await seedGuests(service, people.length, { eventName: 'Audit', endsIn: DAY, people });
  ids = seeded.guests.map((g) => g.id);
  ({ runtime, core } = await openApp(tempDir('foyer-audit-data-'), {
    service,
    now: () => clock,
    config: { locationId: 10, companyId: 1 },
    pins: { desk: DESK_PIN },
  }));
  await core.call(desk, 'sync.now', { full: true });
}, 30_000);

afterAll(async () => {
  await runtime?.close();
  await cleanup();
});

/** A guest as the log names them: the whole name, and the invitation id. */
const guest = (id: number) => {
  const g = runtime.mirror.guests.byId(id)!;
  return `${g.firstName} ${g.lastName} (invitation ${id})`;
};

describe('the audit log', () => {
  it('records a check-in with its time, the browser it came from and the role', async () => {
    await core.call(desk, 'guests.transition', { invitationId: ids[0]!, action: 'checkIn' });
    expect(await latest()).toMatchObject({
      at: iso(clock),
      action: 'check-in',
      role: 'desk',
      device: 'browser 192.0.2.7',
      subject: guest(ids[0]!),
    });
  });

  it('records a check-out, an undo and a PIN reveal', async () => {
    await core.call(desk, 'guests.transition', { invitationId: ids[1]!, action: 'checkIn' });
    await core.call(desk, 'guests.transition', { invitationId: ids[1]!, action: 'undo' });
    expect(await latest()).toMatchObject({ action: 'undo', subject: guest(ids[1]!) });
    await core.call(desk, 'guests.transition', { invitationId: ids[0]!, action: 'checkOut' });
    expect(await latest()).toMatchObject({ action: 'check-out', subject: guest(ids[0]!) });
    await core.call(desk, 'guests.revealPin', { invitationId: ids[0]! });
    expect(await latest()).toMatchObject({ action: 'pin-reveal', subject: guest(ids[0]!), role: 'desk' });
  });

  it('records a bulk check-out and its undo', async () => {
    await core.call(desk, 'guests.transition', { invitationId: ids[2]!, action: 'checkIn' });
    await core.call(desk, 'guests.transition', { invitationId: ids[3]!, action: 'checkIn' });
    await core.call(desk, 'guests.checkOutMany', { invitationIds: [ids[2]!, ids[3]!] });
    // In a sentence, the guests by name; their ids in the detail, not bare in the sentence.
    expect(await latest()).toMatchObject({
      action: 'bulk-check-out',
      sentence: 'Checked out 2 guests: Audit2 Guest, Audit3 Guest',
      detail: `2 checked out, 0 refused; invitations ${ids[2]}, ${ids[3]}`,
    });
    await core.call(desk, 'guests.undoCheckOutMany', { invitationIds: [ids[2]!, ids[3]!] });
    expect(await latest()).toMatchObject({
      action: 'undo-bulk-check-out',
      sentence: 'Undid the check-out of 2 guests: Audit2 Guest, Audit3 Guest',
    });
  });

  it('records a roll call: start, tick, end', async () => {
    const rollCall = await core.call(desk, 'evacuation.start', {});
    expect(await latest()).toMatchObject({ action: 'roll-call-start', subject: `roll call ${rollCall.id}` });
    await core.call(desk, 'evacuation.tick', { rollCallId: rollCall.id, invitationId: ids[2]!, accounted: true });
    expect(await latest()).toMatchObject({ action: 'roll-call-tick', subject: guest(ids[2]!) });
    await core.call(desk, 'evacuation.end', { rollCallId: rollCall.id });
    expect(await latest()).toMatchObject({ action: 'roll-call-end' });
  });

  it('records an unlock with the role it gave, and nothing for a wrong PIN', async () => {
    const browser = createSession('audit-unlock', 'kiosk', 'admin', 'ip:192.0.2.9');
    await expect(core.call(browser, 'session.unlock', { pin: '0000' })).rejects.toMatchObject({ code: 'REFUSED' });
    expect(await latest()).not.toMatchObject({ action: 'unlock' });
    await core.call(browser, 'session.unlock', { pin: DESK_PIN });
    expect(await latest()).toMatchObject({
      action: 'unlock',
      subject: 'desk role',
      role: 'desk',
      device: 'browser 192.0.2.9',
    });
  });

  it('records a retry and a settings change by the admin, without the setting values', async () => {
    await core.call(admin, 'outbox.retryAll', {});
    expect(await latest()).toMatchObject({ action: 'retry', role: 'admin', device: 'desktop' });
    await core.call(admin, 'settings.setPin', { role: 'desk', pin: '482915' });
    const entry = await latest();
    expect(entry).toMatchObject({ action: 'settings', subject: 'desk PIN' });
    expect(JSON.stringify(entry)).not.toContain('482915');
  });

  it('writes nothing for a refused action, and nothing for a kiosk guest checking themselves in', async () => {
    const before = (await entries()).length;
    await expect(
      core.call(desk, 'guests.transition', { invitationId: 999_999_999, action: 'checkIn' }),
    ).rejects.toThrow();
    // Checked out already: a second check-out is refused by the flow.
    await expect(core.call(desk, 'guests.transition', { invitationId: ids[0]!, action: 'checkOut' })).rejects.toThrow();
    const found = (await core.call(kiosk, 'kiosk.lookup', { text: 'Audit4 Guest' })).find(
      (g) => g.invitationId === ids[4],
    );
    await core.call(kiosk, 'kiosk.checkIn', { ticket: found!.ticket });
    expect((await entries()).length).toBe(before);
  });

  it('filters by action, role, device and date range', async () => {
    const checkIns = await entries({ action: 'check-in' });
    expect(checkIns.every((e) => e.action === 'check-in')).toBe(true);
    expect(checkIns[0]!.sentence).toMatch(/^Checked in Audit\d Guest \(invitation \d+\)$/);
    expect((await entries({ role: 'admin' })).map((e) => e.action)).toEqual(['settings', 'retry']);
    expect((await entries({ device: 'desktop' })).length).toBe(2);
    expect(await entries({ from: iso(clock + 1), to: iso(clock + HOUR) })).toEqual([]);
    const { actions, devices } = await core.call(admin, 'audit.list', {});
    expect(actions).toContain('pin-reveal');
    // Every action the log holds has its words (the console's filter shows them).
    for (const action of actions) expect(auditActionLabel(action), action).not.toBe(action);
    expect(devices).toEqual(['browser 192.0.2.7', 'browser 192.0.2.9', 'desktop']);
  });

  it('exports the filtered log as CSV, every cell neutralised', async () => {
    const sly = createSession('audit-sly', 'desk', 'desk', '=HYPERLINK("http://x")');
    await core.call(sly, 'guests.revealPin', { invitationId: ids[0]! });
    const { csv, rows, fileName } = await core.call(admin, 'audit.exportCsv', { action: 'pin-reveal' });
    expect(fileName).toMatch(/^foyer-audit-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(rows).toBe(2);
    const lines = csv.trimEnd().split('\n');
    // Made for a spreadsheet: a byte-order mark, plain headers, the site's wall clock with its zone, actions in words.
    expect(lines[0]).toBe('\uFEFFTime,What happened,Action,Screen or device,Role,Person,Detail,Time zone');
    const zone = siteZone(runtime.config);
    expect(lines[1]).toBe(
      `${localStamp(iso(clock), zone)},Showed the door PIN of ${guest(ids[0]!)},Door PIN shown,"'=HYPERLINK(""http://x"")",desk,,,${zone}`,
    );
    expect(lines).toHaveLength(3);
  });

  it('is purged with the mirror after the retention period', async () => {
    const count = (await entries()).length;
    expect(count).toBeGreaterThan(0);
    purgeExpired(runtime.mirror, runtime.config, clock + runtime.config.retentionDays * DAY + 1);
    expect(await entries()).toEqual([]);
    clock += DAY;
  });
});
