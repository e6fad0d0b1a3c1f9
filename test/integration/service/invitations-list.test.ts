/**
 * GET /locations/{locationId}/invitations: docs/interface.md "Invitations
 * list", "Paging" and "Timestamps". Each test works in a
 * far-future week of its own, so its window query sees only its own events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvitationsPage, LIMITS } from '../../../shared/api/index.ts';
import { clockFrom } from '../../support/clock.ts';
import { startTestService, type TestService } from '../../support/service.ts';
import { eventItem, freshWeek, HOUR, invitationItem, ISO_MS, iso, listInvitations, syncOk, uid } from './helpers.ts';

let svc: TestService;
/** The service's clock: moved on, instead of waited for, where a change must get a later timestamp. */
const clock = clockFrom(Date.now());
beforeAll(async () => {
  svc = await startTestService({ now: clock });
});
afterAll(async () => {
  await svc?.close();
});

/** A final event from `start` to `end` (ms) with `n` invitations. */
function event(start: number, end: number, n = 1, overrides: Record<string, unknown> = {}) {
  return eventItem({
    startsAt: iso(start),
    endsAt: iso(end),
    invitations: Array.from({ length: n }, () => invitationItem()),
    ...overrides,
  });
}

/** The event names of a window query, in listed order. */
async function names(query: Record<string, string | number>, locationId = 10): Promise<string[]> {
  const body = await listInvitations(svc, locationId, { limit: 50, ...query });
  return body.invitations.map((i) => i.event.name);
}

describe('window', () => {
  it('lists events with endsAt > endsAfter and startsAt < beginsBefore; equal boundaries are excluded', async () => {
    const w = freshWeek();
    const before = event(w, w + HOUR); // ends exactly at endsAfter
    const inside = event(w + 2 * HOUR, w + 3 * HOUR);
    const spanning = event(w + 0.5 * HOUR, w + 10 * HOUR); // starts before, ends after the window
    const after = event(w + 4 * HOUR, w + 5 * HOUR); // starts exactly at beginsBefore
    await syncOk(svc, [before, inside, spanning, after]);
    const listed = await names({ endsAfter: iso(w + HOUR), beginsBefore: iso(w + 4 * HOUR) });
    expect(listed.sort()).toEqual([inside.name, spanning.name].sort());
    const wider = await names({ endsAfter: iso(w + HOUR - 1), beginsBefore: iso(w + 4 * HOUR + 1) });
    expect(wider.sort()).toEqual([before.name, inside.name, spanning.name, after.name].sort());
  });

  it('lists only the invitations of the asked location', async () => {
    const w = freshWeek();
    const berlin = event(w, w + HOUR);
    const hamburg = event(w, w + HOUR, 1, { locationId: 11 });
    await syncOk(svc, [berlin, hamburg]);
    const window = { endsAfter: iso(w), beginsBefore: iso(w + HOUR) };
    expect(await names(window, 10)).toEqual([berlin.name]);
    expect(await names(window, 11)).toEqual([hamburg.name]);
  });

  it('accepts window timestamps with offsets, properly encoded in the query string', async () => {
    const w = freshWeek();
    const e = event(w + 10 * HOUR, w + 11 * HOUR);
    await syncOk(svc, [e]);
    const day = iso(w).slice(0, 10);
    // w+10h UTC is 11:00+01:00 and 05:00-05:00; the event must be inside, then outside.
    const inside = await names({ endsAfter: `${day}T11:30:00+01:00`, beginsBefore: `${day}T05:30:00-05:00` });
    expect(inside).toEqual([e.name]);
    const outside = await names({ endsAfter: `${day}T12:00:00+01:00`, beginsBefore: `${day}T12:00:00+01:00` });
    expect(outside).toEqual([]);
    const exact = await names({ endsAfter: `${day}T11:59:59.999+01:00`, beginsBefore: `${day}T12:00:00.000+01:00` });
    expect(exact).toEqual([e.name]);
  });

  it('does not list invitations of draft or deleted events, nor deleted invitations', async () => {
    const w = freshWeek();
    const draft = event(w, w + HOUR, 1, { draft: true });
    const deleted = event(w, w + HOUR);
    const partly = event(w, w + HOUR, 2);
    await syncOk(svc, [draft, deleted, partly]);
    const gone = (partly.invitations as { sourceId: string }[])[0]!.sourceId;
    await syncOk(svc, [
      { sourceId: deleted.sourceId, deletedAt: iso(Date.now()) },
      { sourceId: partly.sourceId, invitations: [{ sourceId: gone, deletedAt: iso(Date.now()) }] },
    ]);
    const body = await listInvitations(svc, 10, { endsAfter: iso(w), beginsBefore: iso(w + HOUR) });
    expect(body.invitations.map((i) => i.event.name)).toEqual([partly.name]);
    expect(body.pageInfo.totalCount).toBe(1);
  });
});

describe('updatedSince', () => {
  it('lists only invitations updated later than updatedSince', async () => {
    const w = freshWeek();
    const a = event(w, w + HOUR);
    const b = event(w, w + HOUR);
    await syncOk(svc, [a, b]);
    const window = { endsAfter: iso(w), beginsBefore: iso(w + HOUR) };
    const all = (await listInvitations(svc, 10, window)).invitations;
    const since = all
      .map((i) => i.updatedAt)
      .sort()
      .at(-1)!;
    expect((await listInvitations(svc, 10, { ...window, updatedSince: since })).invitations).toEqual([]);
    clock.advance(1);
    await syncOk(svc, [{ sourceId: b.sourceId, name: uid('b-renamed') }]);
    const changed = await listInvitations(svc, 10, { ...window, updatedSince: since });
    expect(changed.invitations).toHaveLength(1);
    expect(changed.pageInfo.totalCount).toBe(1);
    const updatedAt = changed.invitations[0]!.updatedAt;
    expect(Date.parse(updatedAt)).toBeGreaterThan(Date.parse(since));
    // "later" is strict: the invitation's own updatedAt as updatedSince excludes it.
    expect((await listInvitations(svc, 10, { ...window, updatedSince: updatedAt })).invitations).toEqual([]);
  });

  it('invitations of a draft event that is finalized are reported by updatedSince', async () => {
    const w = freshWeek();
    const draft = event(w, w + HOUR, 2, { draft: true });
    await syncOk(svc, [draft]);
    const window = { endsAfter: iso(w), beginsBefore: iso(w + HOUR) };
    expect((await listInvitations(svc, 10, window)).invitations).toEqual([]);
    const since = iso(clock());
    clock.advance(1);
    await syncOk(svc, [{ sourceId: draft.sourceId, draft: false }]);
    const body = await listInvitations(svc, 10, { ...window, updatedSince: since });
    expect(body.invitations.map((i) => i.event.name)).toEqual([draft.name, draft.name]);
  });

  it('accepts updatedSince with an offset', async () => {
    const w = freshWeek();
    await syncOk(svc, [event(w, w + HOUR)]);
    const window = { endsAfter: iso(w), beginsBefore: iso(w + HOUR) };
    const longAgo = await listInvitations(svc, 10, { ...window, updatedSince: '2001-01-01T01:00:00+01:00' });
    expect(longAgo.invitations).toHaveLength(1);
    const future = await listInvitations(svc, 10, { ...window, updatedSince: '2099-01-01T00:00:00-08:00' });
    expect(future.invitations).toHaveLength(0);
  });
});

describe('order and paging', () => {
  it('orders by event.startsAt (as instants, whatever the input offset), then id', async () => {
    const w = freshWeek();
    const day = iso(w).slice(0, 10);
    const late = event(w + 5 * HOUR, w + 6 * HOUR, 2);
    const offset = eventItem({
      startsAt: `${day}T03:00:00+02:00`,
      endsAt: `${day}T09:00:00+02:00`,
      invitations: [invitationItem()],
    }); // 01:00Z
    const mid = event(w + 2 * HOUR, w + 7 * HOUR, 2);
    const early = event(w, w + 8 * HOUR, 1);
    await syncOk(svc, [late, offset]);
    await syncOk(svc, [mid, early]);
    const body = await listInvitations(svc, 10, { endsAfter: iso(w), beginsBefore: iso(w + 8 * HOUR), limit: 50 });
    const listed = body.invitations;
    expect(listed.map((i) => i.event.name)).toEqual([
      early.name,
      offset.name,
      mid.name,
      mid.name,
      late.name,
      late.name,
    ]);
    for (let i = 1; i < listed.length; i++) {
      const [p, c] = [listed[i - 1]!, listed[i]!];
      const byStart = Date.parse(p.event.startsAt) - Date.parse(c.event.startsAt);
      expect(byStart < 0 || (byStart === 0 && p.id < c.id), `order at ${i}`).toBe(true);
    }
  });

  it('pages with limit and offset; totalCount is the whole match', async () => {
    const w = freshWeek();
    await syncOk(svc, [event(w, w + HOUR, 4), event(w + HOUR, w + 2 * HOUR, 3)]);
    const window = { endsAfter: iso(w), beginsBefore: iso(w + 2 * HOUR) };
    const full = (await listInvitations(svc, 10, { ...window, limit: 50 })).invitations;
    expect(full).toHaveLength(7);
    const pages = [];
    for (const offset of [0, 3, 6]) {
      const page = await listInvitations(svc, 10, { ...window, limit: 3, offset });
      expect(page.pageInfo.totalCount).toBe(7);
      pages.push(...page.invitations);
    }
    expect(pages.map((i) => i.id)).toEqual(full.map((i) => i.id));
    const beyond = await listInvitations(svc, 10, { ...window, limit: 3, offset: 7 });
    expect(beyond).toMatchObject({ invitations: [], pageInfo: { totalCount: 7 } });
  });

  it(`default limit ${LIMITS.invitations.defaultLimit}, maximum ${LIMITS.invitations.maxLimit}`, async () => {
    const w = freshWeek();
    await syncOk(svc, [event(w, w + HOUR, 55)]);
    const window = { endsAfter: iso(w), beginsBefore: iso(w + HOUR) };
    const byDefault = await listInvitations(svc, 10, window);
    expect(byDefault.invitations).toHaveLength(20);
    expect(byDefault.pageInfo.totalCount).toBe(55);
    const max = await listInvitations(svc, 10, { ...window, limit: 50 });
    expect(max.invitations).toHaveLength(50);
    expect(max.invitations.slice(0, 20).map((i) => i.id)).toEqual(byDefault.invitations.map((i) => i.id));
    const rest = await listInvitations(svc, 10, { ...window, limit: 50, offset: 50 });
    expect(rest.invitations).toHaveLength(5);
  });
});

describe('response shape', () => {
  it('matches the wire schema; every timestamp is UTC with milliseconds', async () => {
    const w = freshWeek();
    const day = iso(w).slice(0, 10);
    const e = eventItem({
      startsAt: `${day}T10:00:00+02:00`,
      endsAt: `${day}T10:30:00.5Z`,
      invitations: [invitationItem({ companyName: 'Shape Inc' })],
    });
    await syncOk(svc, [e]);
    const body = await listInvitations(svc, 10, { endsAfter: iso(w), beginsBefore: iso(w + 24 * HOUR) });
    expect(InvitationsPage.safeParse(body).success, JSON.stringify(body)).toBe(true);
    const [inv] = body.invitations;
    expect(inv!.event.startsAt).toBe(`${day}T08:00:00.000Z`);
    expect(inv!.event.endsAt).toBe(`${day}T10:30:00.500Z`);
    const times = [
      inv!.createdAt,
      inv!.updatedAt,
      inv!.event.createdAt,
      inv!.event.updatedAt,
      inv!.contact.createdAt,
      inv!.contact.updatedAt,
    ];
    for (const t of times) expect(t).toMatch(ISO_MS);
    expect(Object.keys(body).sort()).toEqual(['invitations', 'pageInfo']);
  });

  it('an empty match is an empty list with totalCount 0', async () => {
    const w = freshWeek();
    const body = await listInvitations(svc, 11, { endsAfter: iso(w), beginsBefore: iso(w + HOUR) });
    expect(body).toEqual({ invitations: [], pageInfo: expect.objectContaining({ totalCount: 0 }) });
  });
});
