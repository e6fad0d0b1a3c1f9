/**
 * PUT /events: docs/interface.md "Events" and "Per-item results".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockFrom } from '../../support/clock.ts';
import { startTestService, type TestService } from '../../support/service.ts';
import { OTHER_TOKEN, UNMAPPED_TOKEN } from '../../support/world.ts';
import {
  count,
  eventItem,
  expectRejected,
  fromNow,
  HOUR,
  invitationItem,
  invitationsOfEvent,
  ISO_MS,
  iso,
  syncEvents,
  syncOk,
  uid,
  WIDE,
} from './helpers.ts';

let svc: TestService;
/** The service's clock: moved on, instead of waited for, where a change must get a later timestamp. */
const clock = clockFrom(Date.now());
beforeAll(async () => {
  svc = await startTestService({ now: clock });
});
afterAll(async () => {
  await svc?.close();
});

const eventRows = (sourceId: string) => count(svc, 'SELECT count(*) FROM events WHERE source_id = ?', sourceId);
const storedEvent = (sourceId: string) =>
  svc.db.prepare('SELECT * FROM events WHERE company_id = 1 AND source_id = ?').get(sourceId) as Record<
    string,
    unknown
  >;

/** The single listed invitation of an event (by its unique name). */
async function onlyInvitation(name: string, locationId = 10) {
  const listed = await invitationsOfEvent(svc, name, locationId);
  expect(listed, `invitations of ${name}`).toHaveLength(1);
  return listed[0]!;
}

describe('creating events', () => {
  it('creates an event with invitations; it is listed with its fields', async () => {
    const startsAt = iso(Date.now() + 3 * HOUR);
    const endsAt = iso(Date.now() + 5 * HOUR);
    const inv = invitationItem({ firstName: 'Ada', lastName: 'Guest', companyName: 'Analytical Ltd' });
    const item = eventItem({ description: 'Quarterly review', startsAt, endsAt, invitations: [inv] });
    const [result] = await syncEvents(svc, [item]);
    expect(result).toMatchObject({ sourceId: item.sourceId, status: 'SUCCESS' });
    const listed = await onlyInvitation(item.name as string);
    expect(listed.event).toMatchObject({
      name: item.name,
      description: 'Quarterly review',
      startsAt,
      endsAt,
      locationId: 10,
    });
    expect(listed.event.draft ?? false).toBe(false);
    expect(listed.contact).toMatchObject({
      email: inv.email,
      firstName: 'Ada',
      lastName: 'Guest',
      companyName: 'Analytical Ltd',
    });
    for (const t of [
      listed.createdAt,
      listed.updatedAt,
      listed.event.createdAt,
      listed.event.updatedAt,
      listed.contact.createdAt,
    ])
      expect(t).toMatch(ISO_MS);
  });

  it('accepts every documented field of an event and an invitation', async () => {
    const item = eventItem({
      description: 'All fields',
      entranceId: 3,
      customFields: { costCentre: 'A-1', nested: { n: 1 } },
      updatedAt: fromNow(-HOUR),
      accessProfiles: [],
      invitations: [invitationItem({ companyName: 'X', customFields: { seat: 4 } })],
    });
    await syncOk(svc, [item]);
    expect(eventRows(item.sourceId as string)).toBe(1);
  });

  it.each([
    ['UNMAPPED_TOKEN (default host 101)', UNMAPPED_TOKEN, 10, 101],
    ['TEST_TOKEN (default host 100)', undefined, 10, 100],
    ['OTHER_TOKEN (default host 200)', OTHER_TOKEN, 20, 200],
  ])('the host of a new event is the integration’s default host: %s', async (_, token, locationId, hostId) => {
    const item = eventItem({ locationId, invitations: [invitationItem()] });
    await syncOk(svc, [item], token);
    const listed = await invitationsOfEvent(svc, item.name as string, locationId, WIDE, token);
    expect(listed[0]?.event.hostId).toBe(hostId);
  });

  it.each([
    ['name is missing', { name: undefined }],
    ['startsAt is missing', { startsAt: undefined }],
    ['endsAt is missing', { endsAt: undefined }],
    ['locationId is missing', { locationId: undefined }],
    ['name is null', { name: null }],
    ['the location belongs to another company', { locationId: 20 }],
    ['the location does not exist', { locationId: 999 }],
    ['startsAt equals endsAt', { startsAt: '2031-05-01T10:00:00.000Z', endsAt: '2031-05-01T10:00:00.000Z' }],
    ['startsAt is after endsAt', { startsAt: '2031-05-01T12:00:00.000Z', endsAt: '2031-05-01T10:00:00.000Z' }],
    [
      'startsAt equals endsAt given in other offsets',
      { startsAt: '2031-05-01T12:00:00+02:00', endsAt: '2031-05-01T10:00:00Z' },
    ],
  ])('a new event where %s is INVALID and not stored', async (_, overrides) => {
    const item = eventItem({ ...overrides, invitations: [invitationItem()] });
    const [result] = await syncEvents(svc, [item]);
    expectRejected(result, 'INVALID');
    expect(result?.sourceId).toBe(item.sourceId);
    expect(eventRows(item.sourceId as string)).toBe(0);
  });

  it('a new invitation without email and without a name makes its event INVALID', async () => {
    const item = eventItem({ invitations: [invitationItem(), { sourceId: uid('inv'), companyName: 'Nobody Inc' }] });
    const [result] = await syncEvents(svc, [item]);
    expectRejected(result, 'INVALID');
    expect(eventRows(item.sourceId as string)).toBe(0);
  });

  it('a new invitation with only a name (no email) is accepted', async () => {
    const item = eventItem({ invitations: [{ sourceId: uid('inv'), lastName: 'Nomail' }] });
    await syncOk(svc, [item]);
    const listed = await onlyInvitation(item.name as string);
    expect(listed.contact.lastName).toBe('Nomail');
    expect(listed.contact.email ?? null).toBeNull();
  });

  it('results come in request order and one INVALID item does not stop the others', async () => {
    const first = eventItem({ invitations: [invitationItem()] });
    const invalid = eventItem({ name: undefined, invitations: [invitationItem()] });
    const last = eventItem({ invitations: [invitationItem()] });
    const results = await syncEvents(svc, [first, invalid, last]);
    expect(results.map((r) => [r.sourceId, r.status])).toEqual([
      [first.sourceId, 'SUCCESS'],
      [invalid.sourceId, 'INVALID'],
      [last.sourceId, 'SUCCESS'],
    ]);
    expect(eventRows(first.sourceId as string)).toBe(1);
    expect(eventRows(invalid.sourceId as string)).toBe(0);
    expect(eventRows(last.sourceId as string)).toBe(1);
  });
});

describe('updating events', () => {
  it('upserts by sourceId: the same event and invitation keep their ids', async () => {
    const inv = invitationItem();
    const item = eventItem({ invitations: [inv] });
    await syncOk(svc, [item]);
    const before = await onlyInvitation(item.name as string);
    const renamed = uid('Renamed');
    await syncOk(svc, [{ ...item, name: renamed }]);
    expect(await invitationsOfEvent(svc, item.name as string)).toHaveLength(0);
    const after = await onlyInvitation(renamed);
    expect(after.id).toBe(before.id);
    expect(after.event.id).toBe(before.event.id);
    expect(eventRows(item.sourceId as string)).toBe(1);
  });

  it('patch semantics: absent or null fields are left unchanged', async () => {
    const item = eventItem({ description: 'Keep me', entranceId: 7, invitations: [invitationItem()] });
    await syncOk(svc, [item]);
    const before = await onlyInvitation(item.name as string);
    await syncOk(svc, [
      { sourceId: item.sourceId, description: null, startsAt: null, endsAt: null, locationId: null, invitations: null },
    ]);
    await syncOk(svc, [{ sourceId: item.sourceId }]);
    const after = await onlyInvitation(item.name as string);
    expect(after.event).toMatchObject({
      name: item.name,
      description: 'Keep me',
      startsAt: before.event.startsAt,
      endsAt: before.event.endsAt,
      locationId: 10,
      hostId: 100,
    });
    expect(storedEvent(item.sourceId as string).entrance_id).toBe(7);
  });

  it('a time change that puts startsAt at or after endsAt is INVALID and nothing of it applies', async () => {
    const item = eventItem({ invitations: [invitationItem()] });
    await syncOk(svc, [item]);
    const [onlyEnd] = await syncEvents(svc, [{ sourceId: item.sourceId, name: uid('Nope'), endsAt: item.startsAt }]);
    expectRejected(onlyEnd, 'INVALID');
    const [onlyStart] = await syncEvents(svc, [{ sourceId: item.sourceId, startsAt: fromNow(10 * HOUR) }]);
    expectRejected(onlyStart, 'INVALID');
    const listed = await onlyInvitation(item.name as string);
    expect(listed.event.startsAt).toBe(item.startsAt);
    expect(listed.event.endsAt).toBe(item.endsAt);
  });

  it('moving an event to another company’s location is INVALID', async () => {
    const item = eventItem({ invitations: [invitationItem()] });
    await syncOk(svc, [item]);
    const [result] = await syncEvents(svc, [{ sourceId: item.sourceId, locationId: 20 }]);
    expectRejected(result, 'INVALID');
    expect((await onlyInvitation(item.name as string)).event.locationId).toBe(10);
  });

  it('moving an event in time or place moves where and when its invitations are listed', async () => {
    const item = eventItem({ invitations: [invitationItem()] });
    await syncOk(svc, [item]);
    const startsAt = '2039-03-01T10:00:00.000Z';
    const endsAt = '2039-03-01T12:00:00.000Z';
    await syncOk(svc, [{ sourceId: item.sourceId, locationId: 11, startsAt, endsAt }]);
    expect(await invitationsOfEvent(svc, item.name as string, 10)).toHaveLength(0);
    const window = { endsAfter: '2039-03-01T11:00:00Z', beginsBefore: '2039-03-01T11:30:00Z' };
    const listed = await invitationsOfEvent(svc, item.name as string, 11, window);
    expect(listed).toHaveLength(1);
    expect(listed[0]!.event).toMatchObject({ startsAt, endsAt, locationId: 11 });
  });

  it('invitations are upserted by sourceId within the event; unlisted ones are left as they are', async () => {
    const one = invitationItem({ firstName: 'One' });
    const two = invitationItem({ firstName: 'Two' });
    const item = eventItem({ invitations: [one, two] });
    await syncOk(svc, [item]);
    const before = await invitationsOfEvent(svc, item.name as string);
    const twoBefore = before.find((i) => i.contact.email === two.email)!;
    clock.advance(1);
    await syncOk(svc, [{ sourceId: item.sourceId, invitations: [{ sourceId: one.sourceId, firstName: 'Uno' }] }]);
    const after = await invitationsOfEvent(svc, item.name as string);
    expect(after.map((i) => i.id)).toEqual(before.map((i) => i.id));
    expect(after.find((i) => i.contact.email === one.email)?.contact.firstName).toBe('Uno');
    const twoAfter = after.find((i) => i.contact.email === two.email)!;
    const own = (i: typeof twoAfter) => ({
      id: i.id,
      createdAt: i.createdAt,
      updatedAt: i.updatedAt,
      contact: i.contact,
    });
    expect(own(twoAfter)).toEqual(own(twoBefore));
  });

  it('the same invitation sourceId in two events is two invitations', async () => {
    const shared = uid('inv');
    const a = eventItem({ invitations: [invitationItem({ sourceId: shared })] });
    const b = eventItem({ invitations: [invitationItem({ sourceId: shared })] });
    await syncOk(svc, [a, b]);
    const [ia, ib] = [await onlyInvitation(a.name as string), await onlyInvitation(b.name as string)];
    expect(ia.id).not.toBe(ib.id);
  });
});

describe('draft events', () => {
  it('a new event without draft is final and listed', async () => {
    const item = eventItem({ invitations: [invitationItem()] });
    await syncOk(svc, [item]);
    expect((await onlyInvitation(item.name as string)).event.draft ?? false).toBe(false);
    expect(storedEvent(item.sourceId as string).draft).toBe(0);
  });

  it('a draft event’s invitations are not listed until it is finalized', async () => {
    const item = eventItem({ draft: true, invitations: [invitationItem(), invitationItem()] });
    await syncOk(svc, [item]);
    expect(await invitationsOfEvent(svc, item.name as string)).toHaveLength(0);
    await syncOk(svc, [{ sourceId: item.sourceId, draft: true }]); // still a draft: allowed
    expect(await invitationsOfEvent(svc, item.name as string)).toHaveLength(0);
    await syncOk(svc, [{ sourceId: item.sourceId, draft: false }]);
    const listed = await invitationsOfEvent(svc, item.name as string);
    expect(listed).toHaveLength(2);
    expect(listed[0]!.event.draft ?? false).toBe(false);
  });

  it('draft: true on a final event is CONFLICT, and nothing of that item applies', async () => {
    const item = eventItem({ invitations: [invitationItem()] });
    await syncOk(svc, [item]);
    const [result] = await syncEvents(svc, [{ sourceId: item.sourceId, draft: true, name: uid('Changed') }]);
    expectRejected(result, 'CONFLICT');
    const listed = await onlyInvitation(item.name as string);
    expect(listed.event.draft ?? false).toBe(false);
  });

  it('a finalized draft cannot become a draft again', async () => {
    const item = eventItem({ draft: true, invitations: [invitationItem()] });
    await syncOk(svc, [item]);
    await syncOk(svc, [{ sourceId: item.sourceId, draft: false }]);
    const [result] = await syncEvents(svc, [{ sourceId: item.sourceId, draft: true }]);
    expectRejected(result, 'CONFLICT');
    expect(await invitationsOfEvent(svc, item.name as string)).toHaveLength(1);
  });
});
