/**
 * The desk's search finds a name whatever category the desk shows: with
 * text and no category, the matches of every category and every day, the
 * counts per category counting the matches; a category narrows them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../electron/core/app/core.ts';
import { createSession } from '../../../electron/core/access/session.ts';
import type { Runtime } from '../../../electron/core/runtime.ts';
import { openApp, today } from '../../support/app.ts';
import {
  cleanup,
  fromNow,
  HOUR,
  putUntilOk,
  seedGuests,
  startServiceOn,
  tempDir,
  uid,
  type SeededGuest,
} from '../outbox/helpers.ts';

let service: Awaited<ReturnType<typeof startServiceOn>>;
let runtime: Runtime;
let core: AppCore;
let guests: SeededGuest[];
const desk = createSession('desk-1', 'desk', 'desk');

beforeAll(async () => {
  service = await startServiceOn(tempDir('foyer-desk-search-svc-'));
  ({ guests } = await seedGuests({ baseUrl: service.baseUrl, db: service.db }, 3, { prefix: 'Mueller' }));
  // A Mueller invited for tomorrow: a search finds them too, on their own day.
  const res = await putUntilOk(service.baseUrl, '/events', {
    events: [
      {
        sourceId: uid('tomorrow'),
        name: 'Tomorrow',
        startsAt: fromNow(26 * HOUR),
        endsAt: fromNow(28 * HOUR),
        locationId: 10,
        invitations: [{ sourceId: uid('inv'), email: 'later@example.test', firstName: 'Maria', lastName: 'Mueller' }],
      },
    ],
  });
  expect(res.status).toBe(200);
  ({ runtime, core } = await openApp(tempDir('foyer-desk-search-data-'), {
    service,
    config: { locationId: 10, companyId: 1 },
  }));
  await core.call(desk, 'sync.now', { full: true });
  await core.call(desk, 'guests.transition', { invitationId: guests[0]!.id, action: 'checkIn' });
}, 30_000);

afterAll(async () => {
  await runtime?.close();
  await cleanup();
});

describe('the desk’s search across categories', () => {
  it('lists the matches of every category and day, counted per category', async () => {
    const all = await core.call(desk, 'guests.list', { ...today(), text: 'mueller', limit: 100 });
    expect(all.counts).toEqual({ expected: 3, onsite: 1, left: 0, other: 0 });
    expect(all.total).toBe(4);
    expect(all.guests.map((g) => g.invitationId)).toContain(guests[0]!.id);
    expect(all.guests.some((g) => g.firstName === 'Maria' && Date.parse(g.startsAt!) > Date.parse(today().to))).toBe(
      true,
    );
  });

  it('finds a guest on site while the search is narrowed to nothing else, and a category narrows it', async () => {
    const name = guests[0]!.lastName;
    const onSite = await core.call(desk, 'guests.list', { ...today(), text: name, category: 'onsite' });
    expect(onSite.guests.map((g) => g.invitationId)).toEqual([guests[0]!.id]);
    const expected = await core.call(desk, 'guests.list', { ...today(), text: name, category: 'expected' });
    // The tabs still count the matches of every category: the desk shows "On site 1" beside an empty Expected.
    expect(expected.total).toBe(0);
    expect(expected.counts.onsite).toBe(1);
    const anywhere = await core.call(desk, 'guests.list', { ...today(), text: name });
    expect(anywhere.guests.map((g) => [g.invitationId, g.category])).toEqual([[guests[0]!.id, 'onsite']]);
  });

  it('keeps the changes of a search across categories in step', async () => {
    const view = { ...today(), text: 'mueller' };
    const { version } = await core.call(desk, 'guests.list', view);
    await core.call(desk, 'guests.transition', { invitationId: guests[1]!.id, action: 'checkIn' });
    const delta = await core.call(desk, 'guests.changes', { ...view, since: version });
    expect(delta.counts).toMatchObject({ expected: 2, onsite: 2 });
    expect(delta.total).toBe(4);
    expect(delta.changed.map((g) => g.invitationId)).toContain(guests[1]!.id);
  });
});
