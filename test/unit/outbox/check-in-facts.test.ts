/**
 * A check-in's local facts (migration 0021, db/repos/check-in-facts.ts): written with its outbox row, in the same
 * transaction, and kept after it; a transition whose delivery failed for good counts as not made (its fact is
 * marked failed); one taken back before it was sent (an undone check-out) leaves nothing.
 */
import { describe, expect, it } from 'vitest';
import '../../../electron/core/forget/mirror-holders.ts';
import { personDataHolders, type Person } from '../../../electron/core/forget/registry.ts';
import { enforceRetention } from '../../../electron/core/retention/kinds.ts';
import { DAY, iso } from '../../../shared/time.ts';
import { apiError, clock, config, mirror, outbox, service, START, useMirror } from './fixture.ts';

useMirror();

const facts = () => mirror.db.prepare('SELECT * FROM check_in_facts ORDER BY id').all();
const lobby = { device: 'Lobby kiosk', staff: { id: 4, name: 'Rita Reception' } };

describe('the facts of a check-in', () => {
  it('are written with its outbox row: when, which door and device, by whom, whether automatic', () => {
    const { outbox: box } = outbox(service);
    const { outboxId } = box.queueTransition(1, 'checkIn', 'kiosk', { made: lobby });
    clock.now += 60_000;
    const out = box.queueTransition(1, 'checkOut', 'desk', { automatic: true });
    expect(facts()).toEqual([
      {
        id: 1,
        check_in_id: 1,
        action: 'checkIn',
        at: iso(START),
        event_name: 'CHECK_IN',
        door: 'kiosk',
        device: 'Lobby kiosk',
        automatic: 0,
        by_staff_id: 4,
        by_person: 'Rita Reception',
        outbox_id: outboxId,
        failed: 0,
      },
      {
        id: 2,
        check_in_id: 1,
        action: 'checkOut',
        at: iso(START + 60_000),
        event_name: 'CHECK_OUT',
        door: 'desk',
        device: null,
        automatic: 1,
        by_staff_id: null,
        by_person: null,
        outbox_id: out.outboxId,
        failed: 0,
      },
    ]);
  });

  it('are not written when the row is not (a refusal queues neither)', () => {
    const { outbox: box } = outbox(service);
    box.queueTransition(1, 'checkIn', 'kiosk', { made: lobby });
    expect(() => box.queueTransition(1, 'checkIn', 'kiosk', { made: lobby })).toThrow(/cannot be checked in/);
    expect(facts()).toHaveLength(1);
  });

  it('outlive their outbox row once delivered: the tap time, the device and the door stay', async () => {
    const { outbox: box } = outbox(service);
    const { outboxId } = box.queueTransition(1, 'checkIn', 'kiosk', { made: lobby });
    await box.deliver();
    mirror.db.prepare('DELETE FROM outbox WHERE id = ?').run(outboxId);
    expect(mirror.outbox.byId(outboxId)).toBeUndefined();
    expect(mirror.guests.details(1).tappedAt).toBe(iso(START));
    expect(mirror.checkInFacts.last(1, 'checkIn')).toMatchObject({
      at: iso(START),
      device: 'Lobby kiosk',
      door: 'kiosk',
      eventName: 'CHECK_IN',
      // Its row is gone: a later row that takes the same id is not taken for it.
      outboxId: null,
    });
  });

  it('of a transition refused for good count as not made, and a retry carries the device over', async () => {
    let refuse = true;
    const { outbox: box } = outbox((call) => {
      if (refuse && call.endpoint === 'transitionCheckIn') throw apiError('validation', 400);
      return service(call);
    });
    const first = box.queueTransition(1, 'checkIn', 'kiosk', { made: lobby });
    await box.deliver();
    expect(mirror.checkInFacts.ofRow(first.outboxId)).toMatchObject({ failed: true, device: 'Lobby kiosk' });
    expect(mirror.checkInFacts.last(1, 'checkIn')).toBeUndefined();
    expect(mirror.guests.details(1).tappedAt).toBeNull();
    refuse = false;
    clock.now += 60_000;
    const again = box.retry(first.outboxId);
    expect(mirror.checkInFacts.last(1, 'checkIn')).toMatchObject({
      outboxId: again.id,
      at: iso(START + 60_000),
      device: 'Lobby kiosk',
      byPerson: 'Rita Reception',
      // Planned again at the desk, as every retry is.
      door: 'desk',
      failed: false,
    });
  });

  it('of a transition not sent because one before it failed count as not made either', async () => {
    const { outbox: box } = outbox((call) => {
      if (call.endpoint === 'transitionCheckIn') throw apiError('validation', 400);
      return service(call);
    });
    box.queueTransition(1, 'checkIn', 'desk', { made: lobby });
    const out = box.queueTransition(1, 'checkOut', 'desk', { made: lobby });
    await box.deliver();
    expect(mirror.checkInFacts.ofRow(out.outboxId)).toMatchObject({ failed: true });
    expect(mirror.checkInFacts.last(1, 'checkOut')).toBeUndefined();
  });

  it('of a check-out taken back before it was sent go with its row', () => {
    const { outbox: box } = outbox(service);
    box.queueTransition(1, 'checkIn', 'desk', { made: lobby });
    const out = box.queueTransition(1, 'checkOut', 'desk', { holdMs: 8_000, made: lobby });
    box.queueTransition(1, 'undo', 'desk', { made: lobby });
    expect(mirror.outbox.byId(out.outboxId)).toBeUndefined();
    expect(mirror.checkInFacts.ofRow(out.outboxId)).toBeUndefined();
    expect(facts().map((f) => (f as { action: string }).action)).toEqual(['checkIn']);
    expect(mirror.guests.byId(1, config.flow)).toMatchObject({ category: 'onsite' });
  });

  it("go with the visit: purged with its record and invitation, erased with the person's check-ins", async () => {
    // The service's record of a check-out says when the guest left.
    const { outbox: box } = outbox((call) => {
      const answer = service(call) as { state?: string };
      return answer?.state === 'CHECKED_OUT' ? { ...answer, leftAt: iso(clock.now) } : answer;
    });
    box.queueTransition(1, 'checkIn', 'kiosk', { made: lobby });
    box.queueTransition(2, 'checkIn', 'kiosk', { made: lobby });
    box.queueTransition(3, 'checkIn', 'kiosk', { made: lobby });
    await box.deliver();
    clock.now += 60_000;
    box.queueTransition(1, 'checkOut', 'desk', { made: lobby });
    await box.deliver();
    // Long after: guest 1 left (purged), guest 2 is still on site (kept: the evacuation list must not lose them).
    enforceRetention({ mirror, dataDir: '/nowhere', config, now: START + 40 * DAY });
    expect(mirror.checkInFacts.last(1, 'checkIn')).toBeUndefined();
    expect(mirror.checkInFacts.last(2, 'checkIn')).toMatchObject({ device: 'Lobby kiosk' });

    const person: Person = {
      invitationIds: [2],
      checkInIds: [2],
      walkInIds: [],
      contactIds: [],
      names: ['Bea Guest'],
      emails: [],
      companies: [],
    };
    const holder = personDataHolders().find((h) => h.name === 'invitations and check-ins')!;
    expect(holder.export(person, { mirror, dataDir: '/nowhere' })).toContainEqual(
      expect.objectContaining({
        kind: 'check-in fact',
        checkInId: 2,
        device: 'Lobby kiosk',
        byPerson: 'Rita Reception',
      }),
    );
    mirror.transaction(() =>
      holder.erase(person, { mirror, dataDir: '/nowhere', pseudonym: 'Visitor 1', pseudonymEmail: 'v1@invalid' }),
    );
    expect(mirror.checkInFacts.last(2, 'checkIn')).toBeUndefined();
    expect(mirror.checkInFacts.last(3, 'checkIn')).toMatchObject({ device: 'Lobby kiosk' });
  });
});
