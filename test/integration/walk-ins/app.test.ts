/**
 * Walk-ins through the app core, against the reference service over HTTP:
 * a kiosk registers a visitor while the service is down, a desk lets them in
 * (on site at once, on the evacuation list), and with restarts between the
 * approval and its delivery and between the delivery and the check-in, the
 * service ends with exactly one event, one invitation and one check-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../../electron/core/access/session.ts';
import { signPassCode } from '../../../electron/core/codes/pass-codes.ts';
import { createSiteKeyStore } from '../../../electron/core/codes/site-key.ts';
import { linkWalkIns } from '../../../electron/core/walk-ins/link.ts';
import { walkInsOf } from '../../../electron/core/walk-ins/repo.ts';
import { openApp, type TestApp, today } from '../../support/app.ts';
import { cleanup, type Service, startServiceOn, tempDir } from '../outbox/helpers.ts';

let serviceDir: string;
let service: Service;
let port: number;
let dataDir: string;
let app: TestApp;
const kiosk = createSession('kiosk-1', 'kiosk', 'kiosk', 'ip:10.0.0.5');
const otherKiosk = createSession('kiosk-2', 'kiosk', 'kiosk', 'ip:10.0.0.6');
const desk = createSession('desk-1', 'desk', 'admin', 'desktop');

async function reopen(): Promise<void> {
  await app.runtime.close();
  app.core.close();
  app = await openApp(dataDir);
}

async function serviceUp(): Promise<void> {
  service = await startServiceOn(serviceDir, { port });
}

const serviceRows = (sql: string, ...params: unknown[]) => service.db.prepare(sql).all(...params);

beforeAll(async () => {
  serviceDir = tempDir('foyer-walk-in-svc-');
  service = await startServiceOn(serviceDir);
  port = service.port;
  dataDir = tempDir('foyer-walk-in-data-');
  app = await openApp(dataDir, { service: { baseUrl: service.baseUrl } });
  await app.runtime.engine.syncNow();
});

afterAll(async () => {
  await app.runtime.close();
  app.core.close();
  await cleanup();
});

describe('finding the host at the kiosk', () => {
  it('lists full names only, at most 5, for at least 3 letters, never by email', async () => {
    const found = await app.core.call(kiosk, 'walkIns.hosts', { text: 'gra' });
    expect(found.map((h) => h.name)).toEqual(['Grace Hopper']);
    expect(Object.keys(found[0]!).sort()).toEqual(['hostTicket', 'name']);
    // "acme" is every employee's email domain: nobody is found by it.
    expect(await app.core.call(kiosk, 'walkIns.hosts', { text: 'acme' })).toEqual([]);
    expect(await app.core.call(kiosk, 'walkIns.hosts', { text: 'ørs' })).toHaveLength(1);
    await expect(app.core.call(kiosk, 'walkIns.hosts', { text: 'gr' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
  });

  it("refuses another session's host ticket", async () => {
    const [grace] = await app.core.call(kiosk, 'walkIns.hosts', { text: 'grace' });
    await expect(
      app.core.call(otherKiosk, 'walkIns.request', { firstName: 'A', lastName: 'B', hostTicket: grace!.hostTicket }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('is not for a kiosk to list or approve requests', async () => {
    await expect(app.core.call(kiosk, 'walkIns.pending', {})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(app.core.call(kiosk, 'walkIns.approve', { id: 1 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('a walk-in, exactly once', () => {
  let requestTicket: string;
  let id: number;
  let passCode: string;

  it('is registered at the kiosk while the service is down, and waits for the desk', async () => {
    await service.close();
    const [grace] = await app.core.call(kiosk, 'walkIns.hosts', { text: 'hopper' });
    const answer = await app.core.call(kiosk, 'walkIns.request', {
      firstName: 'Peter',
      lastName: 'Brandt',
      companyName: 'Brandt Elektro',
      email: '',
      hostTicket: grace!.hostTicket,
      language: 'DE',
    });
    requestTicket = answer.requestTicket;
    expect(answer.status).toMatchObject({ state: 'requested', hostName: 'Grace Hopper', passCode: null });
    const pending = await app.core.call(desk, 'walkIns.pending', {});
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ firstName: 'Peter', hostId: 102, email: null, device: 'browser 10.0.0.5' });
    id = pending[0]!.id;
    // Another kiosk session cannot read it.
    await expect(app.core.call(otherKiosk, 'walkIns.status', { requestTicket })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('is approved at the desk: on site (pending) and on the evacuation list at once', async () => {
    const events: string[] = [];
    const stop = app.core.subscribe((e) => events.push(e.type));
    const approved = await app.core.call(desk, 'walkIns.approve', { id });
    stop();
    expect(approved.state).toBe('approved');
    expect(events).toContain('walk-ins-changed');
    expect(await app.core.call(desk, 'walkIns.pending', {})).toEqual([]);
    // Their badge at once, the service still down: their own pass under the site key, and the visit's window.
    const status = await app.core.call(kiosk, 'walkIns.status', { requestTicket });
    expect(status).toMatchObject({ state: 'approved', hostName: 'Grace Hopper', startsAt: approved.decidedAt });
    expect(status.passCode).toBe(signPassCode(createSiteKeyStore(dataDir).get(), id, 'walkIn'));
    passCode = status.passCode!;
    expect(Date.parse(status.endsAt!)).toBeGreaterThan(Date.parse(status.startsAt!));
    // Not yet anyone the kiosk finds by it: the service has no visit for them to check out of.
    expect(await app.core.call(kiosk, 'kiosk.byCode', { code: passCode })).toBeNull();
    await expect(app.core.call(desk, 'walkIns.approve', { id })).rejects.toMatchObject({ code: 'REFUSED' });

    const evacuation = await app.core.call(desk, 'guests.evacuationList', {});
    const peter = evacuation.guests.filter((g) => g.lastName === 'Brandt');
    expect(peter).toHaveLength(1);
    expect(peter[0]).toMatchObject({ pending: true, category: 'onsite', hostName: 'Grace Hopper' });
    const list = await app.core.call(desk, 'guests.list', { ...today(), category: 'onsite' });
    expect(list.guests.filter((g) => g.lastName === 'Brandt')).toHaveLength(1);
    const found = await app.core.call(desk, 'guests.list', { ...today(), text: 'brandt elek' });
    expect(found.guests.map((g) => g.firstName)).toEqual(['Peter']);
    // Their row opens, by the id the list gives it, before the service has their visit.
    const detail = await app.core.call(desk, 'guests.get', { invitationId: found.guests[0]!.invitationId });
    expect(detail).toMatchObject({ firstName: 'Peter', lastName: 'Brandt', category: 'onsite', hasPin: false });
    expect(detail?.host).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
    expect(await app.core.call(desk, 'guests.get', { invitationId: -987_654 })).toBeNull();
  });

  it('survives restarts between approval and delivery and between delivery and check-in', async () => {
    await reopen(); // killed after the approval: the outbox row is there
    expect(
      (await app.core.call(desk, 'guests.evacuationList', {})).guests.filter((g) => g.lastName === 'Brandt'),
    ).toHaveLength(1);
    await serviceUp();
    await app.runtime.outbox.deliver();
    const events = serviceRows("SELECT id, name, entrance_id FROM events WHERE name LIKE 'Walk-in for %'");
    expect(events).toEqual([expect.objectContaining({ name: 'Walk-in for Grace Hopper' })]);

    await reopen(); // killed after the delivery, before the pull
    // Sent again (as after a lost answer): the same upsert.
    const row = app.runtime.mirror.outbox.byId(walkInsOf(app.runtime.mirror).byId(id)!.outboxId!)!;
    expect((await service.call('PUT', '/events', { body: JSON.parse(row.payload) })).status).toBe(200);
    await app.runtime.engine.syncNow({ resources: ['invitations'] });
    const linked = walkInsOf(app.runtime.mirror).byId(id)!;
    expect(linked.invitationId).not.toBeNull();
    expect(linked.checkInOutboxId).not.toBeNull();

    await reopen(); // killed with the check-in queued
    expect(linkWalkIns({ ...app.runtime, config: () => app.runtime.config, now: Date.now })).toBe(0);
    await app.runtime.outbox.deliver();
    await app.runtime.engine.syncNow();

    const invitations = serviceRows(
      `SELECT i.id, c.first_name AS firstName, c.company_name AS companyName, i.custom_fields AS customFields
       FROM invitations i JOIN events e ON e.id = i.event_id JOIN contacts c ON c.id = i.contact_id
       WHERE e.name LIKE 'Walk-in for %'`,
    ) as { id: number; firstName: string; companyName: string; customFields: string }[];
    expect(invitations).toHaveLength(1);
    expect(invitations[0]).toMatchObject({ firstName: 'Peter', companyName: 'Brandt Elektro' });
    expect(JSON.parse(invitations[0]!.customFields)).toMatchObject({ walkIn: true, requestedHostId: 102 });
    expect(serviceRows('SELECT state FROM check_ins WHERE id = ?', invitations[0]!.id)).toEqual([
      { state: 'CHECKED_IN' },
    ]);
    const transitions = app.runtime.mirror.db
      .prepare("SELECT count(*) FROM outbox WHERE kind = 'transition' AND target = ?")
      .pluck()
      .get(`check-in:${invitations[0]!.id}`);
    expect(transitions).toBe(1);

    // The badge printed at the approval finds them at the kiosk now (to check out by).
    expect(await app.core.call(kiosk, 'kiosk.byCode', { code: passCode })).toMatchObject({
      invitationId: invitations[0]!.id,
      firstName: 'Peter',
      category: 'onsite',
    });

    // Now the real guest: on the lists once, no longer pending.
    const evacuation = await app.core.call(desk, 'guests.evacuationList', {});
    const peter = evacuation.guests.filter((g) => g.lastName === 'Brandt');
    expect(peter).toEqual([expect.objectContaining({ invitationId: invitations[0]!.id, pending: false })]);
    const status = await app.core.call(kiosk, 'walkIns.status', { requestTicket }).catch((e: unknown) => e);
    // A restarted process holds no ticket of before: the kiosk that asked has moved on long since.
    expect(status).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('the site setting and the desk', () => {
  it('declines with a reason, which the kiosk hears', async () => {
    const [ada] = await app.core.call(kiosk, 'walkIns.hosts', { text: 'lovelace' });
    const { requestTicket } = await app.core.call(kiosk, 'walkIns.request', {
      firstName: 'Eve',
      lastName: 'Unknown',
      hostTicket: ada!.hostTicket,
    });
    const [request] = await app.core.call(desk, 'walkIns.pending', {});
    await expect(app.core.call(desk, 'walkIns.decline', { id: request!.id, reason: ' ' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    const declined = await app.core.call(desk, 'walkIns.decline', { id: request!.id, reason: 'Ada is away today' });
    expect(declined).toMatchObject({ state: 'declined', reason: 'Ada is away today' });
    expect((await app.core.call(kiosk, 'walkIns.status', { requestTicket })).state).toBe('declined');
  });

  it('lets a walk-in in at once where the site says so, and offers none where it is off', async () => {
    app.runtime.configStore.update((c) => ({ ...c, walkIns: { ...c.walkIns, mode: 'open' } }));
    const [ada] = await app.core.call(kiosk, 'walkIns.hosts', { text: 'lovelace' });
    const open = await app.core.call(kiosk, 'walkIns.request', {
      firstName: 'Olga',
      lastName: 'Open',
      email: 'olga@example.test',
      hostTicket: ada!.hostTicket,
    });
    expect(open.status.state).toBe('approved');
    app.runtime.configStore.update((c) => ({ ...c, walkIns: { ...c.walkIns, mode: 'off' } }));
    expect(await app.core.call(kiosk, 'walkIns.settings', {})).toEqual({ mode: 'off' });
    await expect(app.core.call(kiosk, 'walkIns.hosts', { text: 'lovelace' })).rejects.toMatchObject({
      code: 'REFUSED',
    });
    app.runtime.configStore.update((c) => ({ ...c, walkIns: { ...c.walkIns, mode: 'desk' } }));
  });

  it('is set in the admin console: the mode, the visit length and the entrance, each refusal at its field', async () => {
    const admin = createSession('admin-1', 'admin', 'admin', 'desktop');
    expect(await app.core.call(admin, 'walkIns.siteSettings', {})).toEqual({
      mode: 'desk',
      lengthMinutes: null,
      entranceId: null,
    });
    await expect(
      app.core.call(admin, 'walkIns.setSettings', { mode: 'open', lengthMinutes: 5, entranceId: 0 }),
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: [
        expect.objectContaining({ path: 'lengthMinutes', message: expect.stringContaining('15 to 1440 minutes') }),
        expect.objectContaining({ path: 'entranceId' }),
      ],
    });
    await expect(
      app.core.call(desk, 'walkIns.setSettings', { mode: 'off', lengthMinutes: null, entranceId: null }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const events: string[] = [];
    const stop = app.core.subscribe((e) => events.push(e.type));
    const saved = await app.core.call(admin, 'walkIns.setSettings', { mode: 'off', lengthMinutes: 90, entranceId: 3 });
    stop();
    expect(saved).toEqual({ mode: 'off', lengthMinutes: 90, entranceId: 3 });
    expect(app.runtime.config.walkIns).toEqual(saved);
    expect(events).toContain('walk-ins-changed'); // kiosks ask for the mode again
    expect(await app.core.call(kiosk, 'walkIns.settings', {})).toEqual({ mode: 'off' });
    await app.core.call(admin, 'walkIns.setSettings', { mode: 'desk', lengthMinutes: null, entranceId: null });
  });

  it('checks a guest who left in again, as a new registration with their host', async () => {
    const guest = (await app.core.call(desk, 'guests.list', { ...today(), text: 'peter brandt' })).guests[0]!;
    await expect(
      app.core.call(desk, 'walkIns.checkInAgain', { invitationId: guest.invitationId }),
    ).rejects.toMatchObject({ code: 'REFUSED' });
    // Left before the visit's end, which is two hours ahead (a meeting until 17:00, say).
    const visitEnd = new Date(Date.now() + 2 * 3_600_000).toISOString();
    app.runtime.mirror.db.prepare("UPDATE check_ins SET state = 'CHECKED_OUT' WHERE id = ?").run(guest.invitationId);
    app.runtime.mirror.db.prepare('UPDATE invitations SET ends_at = ? WHERE id = ?').run(visitEnd, guest.invitationId);
    const version = (await app.core.call(desk, 'guests.list', { ...today(), text: 'peter brandt' })).version;
    const again = await app.core.call(desk, 'walkIns.checkInAgain', { invitationId: guest.invitationId });
    expect(again).toMatchObject({ state: 'approved', firstName: 'Peter', hostId: 102, companyName: 'Brandt Elektro' });
    // One person, once: the new visit on site (pending), keeping the visit's end, not a second row for the one left.
    const listed = await app.core.call(desk, 'guests.list', { ...today(), text: 'peter brandt' });
    expect(listed.guests).toEqual([
      expect.objectContaining({ invitationId: -again.id, category: 'onsite', pending: true, endsAt: visitEnd }),
    ]);
    expect(listed.counts.left).toBe(0);
    // A desk that follows the changes drops the row it showed.
    const changes = await app.core.call(desk, 'guests.changes', { ...today(), text: 'peter brandt', since: version });
    expect(changes.removed).toContain(guest.invitationId);
    await expect(
      app.core.call(desk, 'walkIns.checkInAgain', { invitationId: guest.invitationId }),
    ).rejects.toMatchObject({ code: 'REFUSED', message: expect.stringContaining('already checked in again') });
  });
});
