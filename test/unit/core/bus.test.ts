/**
 * The core's domain event bus (electron/core/bus.ts): typed by the event's
 * name, every subscriber of a name hears each publish in the order they
 * subscribed, an unsubscribed one no longer, and one that throws is logged
 * without keeping the others (or the publisher) from going on.
 */
import { describe, expect, it } from 'vitest';
import { createBus } from '../../../electron/core/bus.ts';

describe('the domain event bus', () => {
  it('gives each publish to the subscribers of its name, in order, until they unsubscribe', () => {
    const bus = createBus();
    const heard: string[] = [];
    const stopFirst = bus.on('guestsMoved', ({ version }) => heard.push(`first ${version}`));
    bus.on('guestsMoved', ({ version }) => heard.push(`second ${version}`));
    bus.on('invitationsPulled', ({ full }) => heard.push(`pulled ${full}`));
    bus.publish('guestsMoved', { version: 1 });
    stopFirst();
    bus.publish('guestsMoved', { version: 2 });
    bus.publish('invitationsPulled', { full: true });
    expect(heard).toEqual(['first 1', 'second 1', 'second 2', 'pulled true']);
  });

  it('logs a subscriber that throws; the others still hear, and publish returns', () => {
    const log: string[] = [];
    const bus = createBus({ log: (line) => log.push(line) });
    const heard: number[] = [];
    bus.on('checkedIn', () => {
      throw new Error('disk full');
    });
    bus.on('checkedIn', ({ invitationId }) => heard.push(invitationId));
    expect(() =>
      bus.publish('checkedIn', { invitationId: 7, door: 'kiosk', device: null, automatic: false }),
    ).not.toThrow();
    expect(heard).toEqual([7]);
    expect(log).toEqual([expect.stringContaining('a subscriber of checkedIn failed: Error: disk full')]);
  });

  it('publishes to nobody without subscribers, and a log that throws breaks nothing', () => {
    const bus = createBus({
      log: () => {
        throw new Error('no space');
      },
    });
    expect(() => bus.publish('settled', { at: 1 })).not.toThrow();
    bus.on('settled', () => {
      throw new Error('bug');
    });
    expect(() => bus.publish('settled', { at: 2 })).not.toThrow();
  });

  it('runs this publish with the subscribers it had when it began', () => {
    const bus = createBus();
    const heard: string[] = [];
    bus.on('guestsMoved', () => {
      heard.push('a');
      bus.on('guestsMoved', () => heard.push('late'));
    });
    bus.publish('guestsMoved', { version: 1 });
    expect(heard).toEqual(['a']);
  });

  it('is typed by the event name', () => {
    const bus = createBus();
    // @ts-expect-error guestsMoved carries a version, not a flag
    bus.publish('guestsMoved', { full: true });
    // @ts-expect-error no such event
    bus.on('nothing', () => {});
    expect(true).toBe(true);
  });
});
