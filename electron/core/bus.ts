/**
 * The core's domain events: what happened (a guest checked in, the guests
 * moved, the invitations were pulled), published by the dispatcher
 * (app/core.ts), the sync engine and the domains, and heard by the domains
 * that act on it from their own modules (see domains.ts). A publisher names
 * no subscriber, so adding a domain changes neither the dispatcher nor the
 * engine.
 *
 * `publish` is synchronous: every subscriber has run when it returns. A
 * subscriber that throws is logged and the others still run; the publisher
 * never sees it. So no subscriber may be a part of the publisher's work that
 * must stand or fall with it: none runs inside a publisher's transaction.
 * Publishers publish after their writes are committed (the dispatcher keeps a
 * call's events until the call succeeded, see HandlerContext.publish). What
 * must be written with an action (its audit entry, a walk-in's check-in with
 * its link) is written in the action's own transaction, not here.
 */
import type { AppEvent } from '../../shared/contract/events.ts';

export interface DomainEvents {
  /**
   * A guest was checked in at a door (kiosk.checkIn, a desk's guests.transition): where, by the session's role,
   * and the paired device's name when a hub's device did it. `automatic`: queued by Foyer itself (a walk-in's
   * check-in when its invitation came), not at a door.
   */
  checkedIn: { invitationId: number; door: 'kiosk' | 'desk'; device: string | null; automatic: boolean };
  /** The guests' version moved (a call, a pull, a delivery): looked at after each call and each sync status. */
  guestsMoved: { version: number };
  /** A pull of the invitations was applied (`full`: the listing in full). */
  invitationsPulled: { full: boolean };
  /** A call ended or the sync status changed: due work may be looked at (`at`: the dispatcher's clock). */
  settled: { at: number };
  /** An event for the screens: the dispatcher sends it to every session's stream, as its role may hear it. */
  broadcast: AppEvent;
}

export type DomainEventName = keyof DomainEvents;

export type Publish<E = DomainEvents> = <K extends keyof E>(name: K, payload: E[K]) => void;

export interface Bus<E = DomainEvents> {
  publish: Publish<E>;
  /** Subscribes; returns the unsubscribe. */
  on<K extends keyof E>(name: K, handler: (payload: E[K]) => void): () => void;
}

export interface BusOptions {
  /** Where a subscriber's failure is told (the host's log). */
  log?: (line: string) => void;
}

export function createBus<E = DomainEvents>(options: BusOptions = {}): Bus<E> {
  const handlers = new Map<keyof E, Set<(payload: never) => void>>();
  return {
    publish(name, payload) {
      // A copy: a subscriber that subscribes or unsubscribes while it runs changes the next publish, not this one.
      for (const handler of [...(handlers.get(name) ?? [])])
        try {
          (handler as (payload: E[typeof name]) => void)(payload);
        } catch (error) {
          try {
            options.log?.(`a subscriber of ${String(name)} failed: ${(error as Error)?.stack ?? String(error)}`);
          } catch {
            // a log that cannot be written (a full disk) does not break the publisher either
          }
        }
    },
    on(name, handler) {
      let set = handlers.get(name);
      if (!set) handlers.set(name, (set = new Set()));
      const own = (payload: never) => handler(payload);
      set.add(own);
      return () => void set.delete(own);
    },
  };
}
