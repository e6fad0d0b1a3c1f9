/**
 * Kiosk tickets: what lets a kiosk act on a guest it found. Invitation ids are
 * sequential, so an operation that took a bare id would let any kiosk session
 * check in, check out or read the door PIN of every guest of the day by
 * counting. A ticket is handed out with each guest a lookup or a valid code
 * found, and names that guest for that kiosk session alone, for a few
 * minutes: an AES-256-GCM box (under a key of this process, never written
 * down) holding the invitation id and the expiry, bound to the session id.
 * It cannot be made, read, altered or carried to another session; a
 * restarted process, or a session that ended, has none that still open.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { MINUTE } from '../../../shared/time.ts';

/** How long a guest found stays actionable: longer than the kiosk's longest idle time (10 minutes) before it resets. */
export const TICKET_MS = 15 * MINUTE;

const NONCE = 12;
const TAG = 16;
const BODY = 16;
const PURPOSE = 'foyer-kiosk-ticket-v1:';

export interface Tickets {
  /** A ticket for this session to act on this invitation until now + TICKET_MS. */
  issue(sessionId: string, invitationId: number, now: number): string;
  /** The invitation a ticket of this session names, or undefined: not this session's, altered or expired. */
  open(sessionId: string, ticket: string, now: number): number | undefined;
  /**
   * As open, once: a ticket spent opens nothing again (a walk-in request's host
   * ticket). It is spent only if `act` returns: an action refused on the way
   * (a full disk, a limit) saved nothing, and the guest may try again with it.
   */
  spend<T>(sessionId: string, ticket: string, now: number, act: (id: number) => T): T | undefined;
}

export function createTickets(key: Buffer = randomBytes(32)): Tickets {
  /** Tickets spent, until they expire anyway: as many as the spending operation's own limit lets through. */
  const spent = new Map<string, number>();
  const tickets: Tickets = {
    issue(sessionId, invitationId, now) {
      const nonce = randomBytes(NONCE);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(Buffer.from(PURPOSE + sessionId));
      const body = Buffer.alloc(BODY);
      body.writeDoubleBE(invitationId, 0);
      body.writeDoubleBE(now + TICKET_MS, 8);
      return Buffer.concat([nonce, cipher.update(body), cipher.final(), cipher.getAuthTag()]).toString('base64url');
    },
    open(sessionId, ticket, now) {
      const bytes = Buffer.from(ticket, 'base64url');
      if (bytes.length !== NONCE + BODY + TAG || bytes.toString('base64url') !== ticket) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE));
        decipher.setAAD(Buffer.from(PURPOSE + sessionId));
        decipher.setAuthTag(bytes.subarray(NONCE + BODY));
        const body = Buffer.concat([decipher.update(bytes.subarray(NONCE, NONCE + BODY)), decipher.final()]);
        const invitationId = body.readDoubleBE(0);
        return now <= body.readDoubleBE(8) && Number.isSafeInteger(invitationId) ? invitationId : undefined;
      } catch {
        return undefined; // altered, or sealed for another session or by another process
      }
    },
    spend(sessionId, ticket, now, act) {
      for (const [old, expires] of spent) if (expires < now) spent.delete(old);
      if (spent.has(ticket)) return undefined;
      const id = tickets.open(sessionId, ticket, now);
      if (id === undefined) return undefined;
      // Marked before acting, so that the action cannot spend it twice from within.
      spent.set(ticket, now + TICKET_MS);
      try {
        return act(id);
      } catch (error) {
        spent.delete(ticket);
        throw error;
      }
    },
  };
  return tickets;
}
