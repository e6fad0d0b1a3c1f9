/**
 * The watchlist through the app core, against the reference service: a list
 * pushed as a file (row by row, kept here, never queued for the service),
 * checked at the kiosk's check-in, a walk-in request, the desk's check-in and
 * Add visitor; a kiosk is never told why, every desk hears the alert with the
 * entry's note and how the names matched, and decides; "Not this person" is
 * remembered; a guest on site when a list comes is flagged; all of it in the
 * audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../electron/core/app/core.ts';
import { createSession } from '../../../electron/core/access/session.ts';
import type { Runtime } from '../../../electron/core/runtime.ts';
import type { AppEvent } from '../../../shared/contract/events.ts';
import type { WatchlistAlert } from '../../../shared/contract/watchlist.ts';
import { openApp } from '../../support/app.ts';
import { HOUR, iso, uid } from '../../support/basics.ts';
import { cleanup, putUntilOk, startServiceOn, tempDir } from '../outbox/helpers.ts';
import { walkInsOf } from '../../../electron/core/walk-ins/repo.ts';

let service: Awaited<ReturnType<typeof startServiceOn>>;
let runtime: Runtime;
let core: AppCore;
const admin = createSession('admin-1', 'admin', 'admin', 'desktop');
const desk = createSession('desk-1', 'desk', 'desk', 'ip:10.0.0.2');
const otherDesk = createSession('desk-2', 'desk', 'desk', 'ip:10.0.0.3');
const kiosk = createSession('kiosk-1', 'kiosk', 'kiosk', 'ip:10.0.0.5');

const heard = new Map<string, AppEvent[]>();
const listen = (name: string, session: typeof desk) => {
  const events: AppEvent[] = [];
  heard.set(name, events);
  core.subscribe((event) => events.push(event), session);
};
const alertsHeard = (name: string) =>
  heard
    .get(name)!
    .filter((e): e is { type: 'watchlist-changed'; alert: WatchlistAlert } => e.type === 'watchlist-changed')
    .flatMap((e) => (e.alert ? [e.alert] : []));

let ids: Record<string, number> = {};
let hostId: number;

async function seedGuests(people: { firstName: string; lastName: string; email: string }[]) {
  const sourceId = uid('ev');
  const now = Date.now();
  const invitations = people.map((p, i) => ({ sourceId: `${sourceId}-${i}`, ...p }));
  const res = await putUntilOk(service.baseUrl, '/events', {
    events: [
      { sourceId, name: 'Visit', startsAt: iso(now - HOUR), endsAt: iso(now + 3 * HOUR), locationId: 10, invitations },
    ],
  });
  expect(res.body.events[0].status, res.text).toBe('SUCCESS');
  const rows = service.db
    .prepare(
      'SELECT i.source_id AS s, i.id FROM invitations i JOIN events e ON e.id = i.event_id WHERE e.source_id = ?',
    )
    .all(sourceId) as { s: string; id: number }[];
  return Object.fromEntries(people.map((p, i) => [p.lastName, rows.find((r) => r.s === `${sourceId}-${i}`)!.id]));
}

const upload = (fileName: string, text: string, more: Record<string, unknown> = {}) => ({
  kind: 'watchlist' as const,
  fileName,
  contentBase64: Buffer.from(text).toString('base64'),
  ...more,
});

const LIST = [
  'firstName,lastName,companyName,email,note,action',
  'Jürgen,Müller,,,Banned after the incident of 3 March; call security,deny',
  'Сергей,Соловьёв,,,Ask for his escort,alert',
  'Anna,Weber,,,,maybe',
  ',Huber,,,,',
].join('\n');

/** A kiosk checks a guest in as a guest does: found by name, then the ticket. */
async function kioskCheckIn(text: string, lastName: string) {
  const found = await core.call(kiosk, 'kiosk.lookup', { text });
  const guest = found.find((g) => g.lastName === lastName);
  expect(guest, `${text} finds ${lastName}`).toBeDefined();
  return core.call(kiosk, 'kiosk.checkIn', { ticket: guest!.ticket });
}

beforeAll(async () => {
  service = await startServiceOn(tempDir('foyer-watchlist-svc-'));
  ids = await seedGuests([
    { firstName: 'Juergen', lastName: 'Mueller', email: 'j.mueller@example.test' },
    { firstName: 'Sergei', lastName: 'Solovyov', email: 'sergei@example.test' },
    { firstName: 'Hans', lastName: 'Onsite', email: 'hans@example.test' },
  ]);
  ({ runtime, core } = await openApp(tempDir('foyer-watchlist-data-'), {
    service,
    config: (config) => ({ locationId: 10, companyId: 1, kiosk: { ...config.kiosk, timeZone: 'UTC' } }),
  }));
  await core.call(admin, 'sync.now', { full: true });
  hostId = (runtime.mirror.db.prepare('SELECT id FROM employees ORDER BY id LIMIT 1').get() as { id: number }).id;
  for (const [name, session] of [
    ['desk', desk],
    ['otherDesk', otherDesk],
    ['kiosk', kiosk],
  ] as const)
    listen(name, session);
}, 30_000);

afterAll(async () => {
  await runtime?.close();
  await cleanup();
});

describe('pushing the watchlist', () => {
  it('is checked row by row, each problem with its line and column', async () => {
    const preview = await core.call(admin, 'imports.preview', upload('watchlist.csv', LIST));
    expect(preview).toMatchObject({ rows: 4, validItems: 2, invalidRows: 2 });
    expect(preview.issues.map((i) => [i.line, i.column])).toEqual([
      [4, 'action'],
      [5, 'action'],
    ]);
    expect(preview.issues[0]!.message).toMatch(/"alert".*or "deny"/);
    expect(preview.summary).toEqual([
      { label: 'watchlist entries', count: 2 },
      { label: 'deny', count: 1 },
      { label: 'alert', count: 1 },
    ]);
    await expect(core.call(admin, 'pushes.queue', upload('watchlist.csv', LIST))).rejects.toMatchObject({
      code: 'REFUSED',
    });
  });

  it('is kept here, never queued for the service', async () => {
    const before = runtime.mirror.db.prepare('SELECT count(*) AS n FROM outbox').get();
    const queued = await core.call(admin, 'pushes.queue', upload('watchlist.csv', LIST, { allowPartial: true }));
    expect(queued).toMatchObject({ items: 2, outboxItems: 0 });
    expect(runtime.mirror.db.prepare('SELECT count(*) AS n FROM outbox').get()).toEqual(before);
    expect(await core.call(admin, 'watchlist.status', {})).toMatchObject({
      list: { file: 'watchlist.csv', entries: 2, deny: 1 },
      threshold: 0.85,
      openAlerts: 0,
    });
  });

  it('a JSON file in the same shape', async () => {
    const json = JSON.stringify({ watchlist: [{ lastName: 'Müller', action: 'deny', extra: 1 }] });
    const preview = await core.call(admin, 'imports.preview', upload('watchlist.json', json));
    expect(preview).toMatchObject({ format: 'json', validItems: 0, invalidRows: 1 });
  });

  it('is not for a desk or a kiosk', async () => {
    await expect(core.call(desk, 'pushes.queue', upload('w.csv', LIST))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(core.call(kiosk, 'watchlist.alerts', {})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('a deny entry at the kiosk', () => {
  it('turns the guest to reception without saying why, and every desk hears the alert with the note', async () => {
    const refusal = await kioskCheckIn('Juergen Mueller', 'Mueller').catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: 'REFUSED', message: 'please see the reception desk' });
    expect(JSON.stringify(refusal)).not.toMatch(/watchlist|Müller|incident/i);
    const guest = runtime.mirror.guests.byId(ids.Mueller!);
    expect(guest?.category).toBe('expected');
    for (const name of ['desk', 'otherDesk']) {
      const [alert] = alertsHeard(name);
      expect(alert).toMatchObject({
        name: 'Juergen Mueller',
        entryName: 'Jürgen Müller',
        note: 'Banned after the incident of 3 March; call security',
        action: 'deny',
        point: 'kiosk check-in',
        invitationId: ids.Mueller,
      });
      expect(alert!.matches.map((m) => m.how)).toEqual(['spelling', 'spelling']);
    }
    expect(alertsHeard('kiosk')).toEqual([]);
    expect(heard.get('kiosk')!.some((e) => e.type === 'watchlist-changed')).toBe(false);
  });

  it('a second try waits on the same alert, not a new one', async () => {
    await expect(kioskCheckIn('Juergen Mueller', 'Mueller')).rejects.toMatchObject({ code: 'REFUSED' });
    expect(await core.call(desk, 'watchlist.alerts', {})).toHaveLength(1);
  });

  it('a walk-in request of the same name is told to see reception, and alerts', async () => {
    const [host] = await core.call(kiosk, 'walkIns.hosts', { text: 'grace' });
    await expect(
      core.call(kiosk, 'walkIns.request', {
        firstName: 'Jurgen',
        lastName: 'Muller',
        companyName: 'Globex',
        hostTicket: host!.hostTicket,
      }),
    ).rejects.toMatchObject({ code: 'REFUSED', message: 'please see the reception desk' });
    expect(walkInsOf(runtime.mirror).requested(10)).toEqual([]);
    const alerts = await core.call(desk, 'watchlist.alerts', {});
    expect(alerts[0]).toMatchObject({ point: 'walk-in request', name: 'Jurgen Muller', companyName: 'Globex' });
  });

  it('at the desk is refused with the entry and its note, until a desk lets the person in', async () => {
    await expect(
      core.call(desk, 'guests.transition', { invitationId: ids.Mueller!, action: 'checkIn' }),
    ).rejects.toMatchObject({ code: 'REFUSED', message: expect.stringMatching(/Jürgen Müller.*deny.*call security/) });
    const alert = (await core.call(desk, 'watchlist.alerts', {})).find((a) => a.invitationId === ids.Mueller)!;
    const decided = await core.call(otherDesk, 'watchlist.decide', { id: alert.id, decision: 'letIn' });
    expect(decided).toMatchObject({ decision: 'letIn', decidedBy: 'browser 10.0.0.3' });
    await expect(core.call(desk, 'watchlist.decide', { id: alert.id, decision: 'turnAway' })).rejects.toMatchObject({
      code: 'REFUSED',
    });
    const guest = await core.call(desk, 'guests.transition', { invitationId: ids.Mueller!, action: 'checkIn' });
    expect(guest.category).toBe('onsite');
  });
});

describe('a party at the kiosk', () => {
  it('checks in the guest who found the party; a member on the list is refused, not told why', async () => {
    const party = await seedGuests([
      { firstName: 'Petra', lastName: 'Partyhost', email: 'petra@example.test' },
      { firstName: 'Jurgen', lastName: 'Mueler', email: 'jm.party@example.test' },
    ]);
    await core.call(admin, 'sync.now', {});
    const found = await core.call(kiosk, 'kiosk.lookup', { text: 'Petra Partyhost' });
    const [member] = await core.call(kiosk, 'kiosk.party', { ticket: found[0]!.ticket });
    expect(member).toMatchObject({ firstName: 'Jurgen' });
    expect((await core.call(kiosk, 'kiosk.checkIn', { ticket: found[0]!.ticket })).category).toBe('onsite');
    await expect(core.call(kiosk, 'kiosk.checkIn', { ticket: member!.ticket })).rejects.toMatchObject({
      code: 'REFUSED',
      message: 'please see the reception desk',
    });
    expect(alertsHeard('desk').find((a) => a.invitationId === party.Mueler)).toMatchObject({
      entryName: 'Jürgen Müller',
      matches: [
        { entry: 'Jürgen', person: 'Jurgen', how: 'spelling' },
        { entry: 'Müller', person: 'Mueler', how: 'typo' },
      ],
    });
  });
});

describe('an alert entry in Cyrillic', () => {
  it('matches a guest typed in Latin letters; the kiosk carries on', async () => {
    const checkedIn = await kioskCheckIn('Sergei Solovyov', 'Solovyov');
    expect(checkedIn.category).toBe('onsite');
    const alert = alertsHeard('desk').find((a) => a.invitationId === ids.Solovyov)!;
    expect(alert).toMatchObject({ entryName: 'Сергей Соловьёв', action: 'alert', note: 'Ask for his escort' });
    expect(alert.matches).toEqual([
      { entry: 'Сергей', person: 'Sergei', how: 'script' },
      { entry: 'Соловьёв', person: 'Solovyov', how: 'script' },
    ]);
  });

  it('"Not this person" is remembered for that visitor', async () => {
    const alert = (await core.call(desk, 'watchlist.alerts', {})).find((a) => a.invitationId === ids.Solovyov)!;
    await core.call(desk, 'watchlist.decide', { id: alert.id, decision: 'notThisPerson' });
    const before = alertsHeard('desk').length;
    await core.call(desk, 'walkIns.add', {
      firstName: 'Sergei',
      lastName: 'Solovyov',
      email: 'sergei@example.test',
      hostId,
    });
    expect(alertsHeard('desk')).toHaveLength(before);
    // Another person of that name (no email, another key) is still alerted.
    await core.call(desk, 'walkIns.add', { firstName: 'Sergej', lastName: 'Solowjow', hostId });
    expect(alertsHeard('desk').at(-1)).toMatchObject({ name: 'Sergej Solowjow', point: 'Add visitor' });
  });
});

describe('a guest on site when a list comes', () => {
  it('is flagged at the desk', async () => {
    await core.call(desk, 'guests.transition', { invitationId: ids.Onsite!, action: 'checkIn' });
    const list = `${LIST.split('\n').slice(0, 3).join('\n')}\nHans,Onsite,,,Owes us a laptop,alert\n`;
    await core.call(admin, 'pushes.queue', upload('watchlist-2.csv', list));
    expect(alertsHeard('desk').find((a) => a.invitationId === ids.Onsite)).toMatchObject({
      name: 'Hans Onsite',
      point: 'on site when the list came',
      note: 'Owes us a laptop',
    });
  });
});

describe('the threshold and the audit log', () => {
  it('the admin sets how alike a name must be', async () => {
    await expect(core.call(admin, 'watchlist.setSettings', { threshold: 0.3 })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    expect(await core.call(admin, 'watchlist.setSettings', { threshold: 0.99 })).toEqual({ threshold: 0.99 });
    expect(runtime.config.watchlist.threshold).toBe(0.99);
    // "Jurgen Mueller" is spelled otherwise (0.97): under 0.99, no alert.
    const before = alertsHeard('desk').length;
    await core.call(desk, 'walkIns.add', { firstName: 'Jurgen', lastName: 'Mueller', hostId });
    expect(alertsHeard('desk')).toHaveLength(before);
    await core.call(admin, 'watchlist.setSettings', { threshold: 0.85 });
  });

  it('holds every alert and decision in sentences', async () => {
    const { entries } = await core.call(admin, 'audit.list', { action: 'watchlist-alert' });
    expect(entries.length).toBeGreaterThanOrEqual(4);
    const kioskAlert = entries.find((e) => e.subject?.startsWith('Juergen Mueller (kiosk check-in'))!;
    expect(kioskAlert.sentence).toMatch(/^Watchlist alert for Juergen Mueller \(kiosk check-in, alert \d+\)$/);
    expect(kioskAlert.role).toBe('kiosk');
    expect(kioskAlert.detail).toMatch(
      /matches "Jürgen Müller" \(deny\) at 97%: Juergen ~ Jürgen \(spelled otherwise\)/,
    );
    const decisions = (await core.call(admin, 'audit.list', { action: 'watchlist-decision' })).entries;
    expect(decisions.map((e) => e.sentence).sort()).toEqual([
      expect.stringMatching(/^Decided a watchlist alert: let in Juergen Mueller \(alert \d+\)$/),
      expect.stringMatching(/^Decided a watchlist alert: not this person: Sergei Solovyov \(alert \d+\)$/),
    ]);
  });
});
