/**
 * What a domain asks before a guest checks in at a kiosk (an agreement still
 * to sign): each guard throws the contract's error to refuse, and the kiosk's
 * check-in (handlers/kiosk.ts) runs every one before anything is queued.
 * A domain registers its guard from its own module; the kiosk names none.
 */
import type { Guest } from '../db/repos/guests.ts';
import type { HandlerContext } from './handler.ts';

export type CheckInGuard = (ctx: HandlerContext, guest: Guest, ticket: string) => void;

const guards = new Map<string, CheckInGuard>();

/** Registers a domain's guard by name (a second of the same name replaces the first: modules may load twice in tests). */
export function registerCheckInGuard(name: string, guard: CheckInGuard): void {
  guards.set(name, guard);
}

/** Runs every guard: the first refusal is thrown. */
export function guardCheckIn(ctx: HandlerContext, guest: Guest, ticket: string): void {
  for (const guard of guards.values()) guard(ctx, guest, ticket);
}
