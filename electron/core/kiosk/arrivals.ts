/**
 * The check-ins a kiosk session made in the last minutes: the only ones whose
 * success screen (host, door PIN) it may read. Kept in memory by session id:
 * a kiosk must never become a way to read other guests' door PINs, and a
 * session that ended (or a restarted process) has nothing to show.
 */
import type { Session } from '../access/session.ts';

/** How long after the tap the success screen may still ask. */
export const ARRIVAL_MS = 5 * 60_000;

interface Tap {
  sessionId: string;
  invitationId: number;
  tappedAt: string;
  at: number;
}

export function createArrivals() {
  // Few entries: the check-ins of the last minutes, all kiosks of this process together.
  let taps: Tap[] = [];
  return {
    remember(session: Session, invitationId: number, tappedAt: string, now: number): void {
      taps = taps.filter(
        (t) => now - t.at <= ARRIVAL_MS && !(t.sessionId === session.id && t.invitationId === invitationId),
      );
      taps.push({ sessionId: session.id, invitationId, tappedAt, at: now });
    },
    /** The tap time of this session's recent check-in of the invitation, or undefined. */
    recent(session: Session, invitationId: number, now: number): string | undefined {
      const tap = taps.find((t) => t.sessionId === session.id && t.invitationId === invitationId);
      return tap && now - tap.at <= ARRIVAL_MS ? tap.tappedAt : undefined;
    },
  };
}
export type Arrivals = ReturnType<typeof createArrivals>;
