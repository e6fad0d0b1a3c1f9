/** What an outbox row holds, read per kind: a typed value, or a reason naming the kind and what is wrong. */
import { describe, expect, it } from 'vitest';
import type { OutboxKind } from '../../../electron/core/db/repos/outbox.ts';
import { parsePayload } from '../../../electron/core/outbox/payloads.ts';

const row = (kind: string, payload: unknown) => ({
  // A kind read from disk may be one this version does not know.
  kind: kind as OutboxKind,
  payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
});

const TRANSITION = {
  checkInId: 7,
  locationId: 10,
  action: 'checkIn',
  eventName: 'CHECK_IN',
  fromState: 'EXPECTED',
  toState: 'CHECKED_IN',
};

describe('parsePayload', () => {
  it('reads each kind as its own type', () => {
    expect(parsePayload(row('transition', TRANSITION))).toEqual({ ok: true, kind: 'transition', payload: TRANSITION });
    const identities = { permanentIdentities: [{ sourceId: 'a', email: 'a@example.test', firstName: 'A' }] };
    expect(parsePayload(row('identities', identities))).toEqual({ ok: true, kind: 'identities', payload: identities });
    const events = { events: [{ sourceId: 'e1', name: 'Open day', invitations: [{ sourceId: 'i1' }] }] };
    expect(parsePayload(row('events', events))).toEqual({ ok: true, kind: 'events', payload: events });
    const profiles = { groupSourceId: 'g', accessProfiles: [{ sourceId: 'p', name: 'Door' }] };
    expect(parsePayload(row('profiles', profiles))).toEqual({ ok: true, kind: 'profiles', payload: profiles });
    expect(parsePayload(row('profiles', { groupSourceId: 'g', accessProfiles: [] }))).toMatchObject({ ok: true });
  });

  it('an older shape: the reason names the kind and each field that is wrong', () => {
    const older = parsePayload(row('transition', { checkIn: { id: 7 }, eventName: 'CHECK_IN', action: 'arrive' }));
    expect(older.ok).toBe(false);
    const reason = older.ok ? '' : older.reason;
    expect(reason).toMatch(/^transition outbox item of a shape this version of Foyer cannot send \(/);
    expect(reason).toContain('checkInId:');
    expect(reason).toContain('action:');
    expect(reason).toMatch(/and \d+ more\)$/);
    expect(parsePayload(row('identities', { identities: [{ sourceId: 'a' }] }))).toEqual({
      ok: false,
      reason: expect.stringMatching(/^identities outbox item .*\(permanentIdentities: /),
    });
    expect(parsePayload(row('profiles', { groupSourceId: 'g', accessProfiles: [{ sourceId: 'p' }] }))).toEqual({
      ok: false,
      reason: expect.stringContaining('accessProfiles.0.name'),
    });
    expect(parsePayload(row('events', { events: [] }))).toMatchObject({ ok: false });
  });

  it('a payload that is no JSON, or no object, or a kind this version does not know', () => {
    expect(parsePayload(row('events', '{"events": [{"sourceId"'))).toEqual({
      ok: false,
      reason: 'events outbox item: its payload is not JSON',
    });
    expect(parsePayload(row('transition', 'null'))).toEqual({
      ok: false,
      reason: expect.stringContaining('(the whole payload): '),
    });
    expect(parsePayload(row('walk-in', { name: 'Ada' }))).toEqual({
      ok: false,
      reason: 'outbox item of unknown kind "walk-in": this version of Foyer cannot send it',
    });
  });
});
