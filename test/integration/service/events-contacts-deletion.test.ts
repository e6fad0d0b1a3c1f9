/**
 * PUT /events: docs/interface.md "Events" and "Per-item results": contacts,
 * deletion, updatedAt, access profile references and implementation decisions
 * (creating, updating and drafts are in events.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockFrom } from '../../support/clock.ts';
import { startTestService, type TestService } from '../../support/service.ts';
import { OTHER_TOKEN } from '../../support/world.ts';
import {
  count,
  eventItem,
  expectError,
  expectRejected,
  fromNow,
  invitationItem,
  invitationsOfEvent,
  type Item,
  listInvitations,
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

describe('contacts', () => {
  it('an invitation reuses the company’s contact with the same email, case-insensitively', async () => {
    const local = uid('reuse');
    const a = eventItem({
      invitations: [invitationItem({ email: `${local}@Example.TEST`, firstName: 'Old', lastName: 'Name' })],
    });
    const b = eventItem({
      invitations: [
        invitationItem({
          email: `${local.toUpperCase()}@example.test`,
          firstName: 'New',
          lastName: 'Surname',
          companyName: 'NewCo',
        }),
      ],
    });
    await syncOk(svc, [a]);
    await syncOk(svc, [b]);
    const [ia, ib] = [await onlyInvitation(a.name as string), await onlyInvitation(b.name as string)];
    expect(ia.contact.id).toBe(ib.contact.id);
    // The latest invitation's names are written onto the shared contact.
    expect(ia.contact).toMatchObject({ firstName: 'New', lastName: 'Surname', companyName: 'NewCo' });
    expect(count(svc, 'SELECT count(*) FROM contacts WHERE lower(email) = ?', `${local}@example.test`)).toBe(1);
  });

  it('invitations in one request with the same email (any case) share one contact', async () => {
    const local = uid('same-request');
    const a = eventItem({ invitations: [invitationItem({ email: `${local}@example.test` })] });
    const b = eventItem({ invitations: [invitationItem({ email: `${local.toUpperCase()}@EXAMPLE.test` })] });
    await syncOk(svc, [a, b]);
    const [ia, ib] = [await onlyInvitation(a.name as string), await onlyInvitation(b.name as string)];
    expect(ia.contact.id).toBe(ib.contact.id);
  });

  it('contacts are not shared between companies', async () => {
    const email = `${uid('tenant')}@example.test`;
    const a = eventItem({ invitations: [invitationItem({ email, firstName: 'Acme' })] });
    const b = eventItem({ locationId: 20, invitations: [invitationItem({ email, firstName: 'Globex' })] });
    await syncOk(svc, [a]);
    await syncOk(svc, [b], OTHER_TOKEN);
    const ia = await onlyInvitation(a.name as string);
    const ib = (await invitationsOfEvent(svc, b.name as string, 20, WIDE, OTHER_TOKEN))[0]!;
    expect(ia.contact.id).not.toBe(ib.contact.id);
    expect(ia.contact.firstName).toBe('Acme');
  });
});

describe('deletion', () => {
  it('deletedAt on an event removes all its invitations from the list', async () => {
    const item = eventItem({ invitations: [invitationItem(), invitationItem()] });
    await syncOk(svc, [item]);
    expect(await invitationsOfEvent(svc, item.name as string)).toHaveLength(2);
    await syncOk(svc, [{ sourceId: item.sourceId, deletedAt: fromNow(0) }]);
    expect(await invitationsOfEvent(svc, item.name as string)).toHaveLength(0);
    expect(storedEvent(item.sourceId as string).deleted_at).toBeTruthy();
  });

  it('a deleted event sent again with deletedAt is SUCCESS; sent without it is CONFLICT', async () => {
    const item = eventItem({ invitations: [invitationItem()] });
    await syncOk(svc, [item]);
    await syncOk(svc, [{ sourceId: item.sourceId, deletedAt: fromNow(0) }]);
    await syncOk(svc, [{ sourceId: item.sourceId, deletedAt: fromNow(0) }]);
    const [revived] = await syncEvents(svc, [{ ...item, name: uid('Revived') }]);
    expectRejected(revived, 'CONFLICT');
    expect(await invitationsOfEvent(svc, item.name as string)).toHaveLength(0);
  });

  it('deletedAt on an invitation removes only that invitation', async () => {
    const gone = invitationItem();
    const stays = invitationItem();
    const item = eventItem({ invitations: [gone, stays] });
    await syncOk(svc, [item]);
    await syncOk(svc, [{ sourceId: item.sourceId, invitations: [{ sourceId: gone.sourceId, deletedAt: fromNow(0) }] }]);
    const listed = await invitationsOfEvent(svc, item.name as string);
    expect(listed.map((i) => i.contact.email)).toEqual([stays.email]);
  });
});

describe('updatedAt of invitations', () => {
  /** Two events with one invitation each; returns a moment after both were stored. */
  async function twoEvents() {
    const a = eventItem({ invitations: [invitationItem()] });
    const b = eventItem({ invitations: [invitationItem()] });
    await syncOk(svc, [a, b]);
    const ia = await onlyInvitation(a.name as string);
    const ib = await onlyInvitation(b.name as string);
    const since = [
      ia.updatedAt,
      ib.updatedAt,
      ia.event.updatedAt,
      ib.event.updatedAt,
      ia.contact.updatedAt,
      ib.contact.updatedAt,
    ]
      .sort()
      .at(-1)!;
    clock.advance(1);
    return { a, b, since, before: ia };
  }

  async function changedSince(since: string) {
    return (await listInvitations(svc, 10, { ...WIDE, updatedSince: since, limit: 50 })).invitations;
  }

  it.each([
    ['the event changes', (a: Item) => [{ sourceId: a.sourceId, description: uid('new description') }]],
    [
      'the invitation changes',
      (a: Item) => [
        {
          sourceId: a.sourceId,
          invitations: [{ sourceId: (a.invitations as Item[])[0]!.sourceId, customFields: { seat: uid('seat') } }],
        },
      ],
    ],
    [
      'its contact changes through another event',
      (a: Item) => [
        eventItem({
          invitations: [invitationItem({ email: (a.invitations as Item[])[0]!.email, lastName: uid('Renamed') })],
        }),
      ],
    ],
  ])('when %s, the invitation’s updatedAt moves and updatedSince reports it', async (_, change) => {
    const { a, b, since, before } = await twoEvents();
    await syncOk(svc, change(a));
    const changed = await changedSince(since);
    const names = changed.map((i) => i.event.name);
    expect(names).toContain(a.name);
    expect(names).not.toContain(b.name);
    const after = changed.find((i) => i.event.name === a.name)!;
    expect(after.id).toBe(before.id);
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(since));
  });
});

describe('access profile references', () => {
  it('resolved references are stored; unresolved ones are ignored and the event is still SUCCESS', async () => {
    const upload = await svc.call('PUT', '/access-control/access-profile-groups/hamburg-doors/access-profiles', {
      body: { accessProfiles: [{ sourceId: 'hh-main', name: 'Main door' }] },
    });
    expect(upload.status, upload.text).toBe(204);
    const item = eventItem({
      accessProfiles: [
        { accessProfileGroupSourceId: 'hamburg-doors', sourceId: 'hh-main' },
        { accessProfileGroupSourceId: 'hamburg-doors', sourceId: 'no-such-profile' },
        { accessProfileGroupSourceId: 'unmapped-doors', sourceId: 'hh-main' },
        { accessProfileGroupSourceId: 'globex-doors', sourceId: 'hh-main' },
        { accessProfileGroupSourceId: 'no-such-group', sourceId: 'x' },
      ],
    });
    const [result] = await syncEvents(svc, [item]);
    expect(result).toMatchObject({ sourceId: item.sourceId, status: 'SUCCESS' });
    const stored = svc.db
      .prepare(
        `SELECT g.source_id AS groupSourceId, p.profile_source_id AS sourceId FROM event_access_profiles p
         JOIN access_profile_groups g ON g.id = p.group_id JOIN events e ON e.id = p.event_id WHERE e.source_id = ?`,
      )
      .all(item.sourceId);
    expect(stored).toEqual([{ groupSourceId: 'hamburg-doors', sourceId: 'hh-main' }]);
  });
});

describe('implementation decisions', () => {
  it('an event item without sourceId is a 400', async () => {
    const { sourceId: _, ...noSource } = eventItem();
    expectError(await svc.call('PUT', '/events', { body: { events: [noSource] } }), 400, 'VALIDATION_ERROR');
  });

  it('an invitation item without sourceId is a 400', async () => {
    const { sourceId: _, ...noSource } = invitationItem();
    const res = await svc.call('PUT', '/events', { body: { events: [eventItem({ invitations: [noSource] })] } });
    expectError(res, 400, 'VALIDATION_ERROR');
  });
});
