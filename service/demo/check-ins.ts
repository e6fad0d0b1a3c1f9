/**
 * The check-ins history: what happened at the door by `now` for each
 * invitation. Guests of past events mostly came and left (some forgot to
 * check out), guests of events under way are partly in, nobody came to an
 * event ahead; a guest on site has their access control (PIN, cards) and
 * sometimes a verified identity.
 */
import type Database from 'better-sqlite3';
import { issueAccessControl } from '../store/access-control.ts';
import { iso } from './fast-iso.ts';
import type { Random } from './random.ts';
import { DOCUMENT_ALPHABET } from './templates.ts';
import { MINUTE } from '../../shared/time.ts';

export interface DoorEvent {
  startsAt: number;
  endsAt: number;
  startsIso: string;
  endsIso: string;
  draft: boolean;
}

export interface DoorInvitation {
  id: number;
  createdAt: number;
  /** Set when the invitation was deleted: its check-in is CANCELLED. */
  deletedAt: number | null;
}

/** Writes the check-in of each invitation (an invitation and its check-in share an id). */
export function createCheckInWriter(
  db: Database.Database,
  r: Random,
  now: number,
): (invitation: DoorInvitation, event: DoorEvent) => void {
  const insert = db.prepare(
    `INSERT INTO check_ins (id, state, arrived_at, left_at, trusted_id, access_control, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const accessRandom = (max: number) => r.int(0, max - 1);
  // Visits under way that have a guest still to come, and one on site.
  const awaited = new WeakSet<DoorEvent>();
  const arrived = new WeakSet<DoorEvent>();
  return (invitation, event) => {
    let { state, arrivedAt, leftAt } =
      invitation.deletedAt !== null ? { state: 'CANCELLED', arrivedAt: null, leftAt: null } : atTheDoor(r, event, now);
    const underWay = !event.draft && event.startsAt <= now && now < event.endsAt;
    if (underWay && invitation.deletedAt === null && !awaited.has(event)) {
      // At every visit under way the first guest is still to come, whatever the draw: the demo's kiosk always
      // has someone to check in.
      ({ state, arrivedAt, leftAt } = NOT_HERE_YET);
      awaited.add(event);
    } else if (underWay && invitation.deletedAt === null && !arrived.has(event)) {
      // And the second is on site (the desk and the evacuation list always have someone to show).
      if (state !== 'CHECKED_IN')
        ({ state, arrivedAt, leftAt } = { state: 'CHECKED_IN', arrivedAt: halfway(event.startsAt, now), leftAt: null });
      arrived.add(event);
    }
    const onSite = arrivedAt !== null;
    insert.run(
      invitation.id,
      state,
      arrivedAt === null ? null : iso(arrivedAt),
      leftAt === null ? null : iso(leftAt),
      onSite && r.chance(0.3) ? trustedIdentity(r, invitation.id) : null,
      onSite
        ? JSON.stringify(issueAccessControl({ startsAt: event.startsIso, endsAt: event.endsIso }, accessRandom))
        : null,
      iso(leftAt ?? arrivedAt ?? invitation.deletedAt ?? invitation.createdAt),
    );
  };
}

interface DoorHistory {
  state: 'EXPECTED' | 'CHECKED_IN' | 'CHECKED_OUT';
  arrivedAt: number | null;
  leftAt: number | null;
}

const NOT_HERE_YET = { state: 'EXPECTED', arrivedAt: null, leftAt: null } as const;
/** A moment between two, to the minute. */
const halfway = (from: number, to: number) => from + Math.floor((to - from) / 2 / MINUTE) * MINUTE;

/** The state of a guest of a listed invitation at `now`. */
function atTheDoor(r: Random, event: DoorEvent, now: number): DoorHistory {
  const expected: DoorHistory = { state: 'EXPECTED', arrivedAt: null, leftAt: null };
  if (event.draft) return expected;
  if (event.endsAt <= now) {
    const x = r.float();
    if (x >= 0.85) return expected; // did not come
    const arrivedAt = Math.min(event.startsAt + r.int(-20 * MINUTE, 25 * MINUTE), event.endsAt - MINUTE);
    if (x >= 0.82) return { state: 'CHECKED_IN', arrivedAt, leftAt: null }; // forgot to check out
    const leftAt = Math.min(now, Math.max(arrivedAt + 15 * MINUTE, event.endsAt + r.int(-40 * MINUTE, 20 * MINUTE)));
    return { state: 'CHECKED_OUT', arrivedAt, leftAt };
  }
  if (event.startsAt <= now) {
    const x = r.float();
    if (x >= 0.45) return expected; // not here yet
    const arrivedAt = event.startsAt + Math.floor(r.float() * (now - event.startsAt));
    if (x >= 0.05) return { state: 'CHECKED_IN', arrivedAt, leftAt: null };
    const leftAt = arrivedAt + Math.floor(r.float() * (now - arrivedAt)); // left early
    return { state: 'CHECKED_OUT', arrivedAt, leftAt };
  }
  return expected;
}

/** A verified identity as an ID-check service reports it. */
function trustedIdentity(r: Random, id: number): string {
  return JSON.stringify({
    documentNumber: Array.from({ length: 9 }, () => r.pick(DOCUMENT_ALPHABET)).join(''),
    document: 'EXISTED',
    selfie: 'MATCHED',
    liveness: 'PASSED',
    invitationMatch: {
      wasManuallyReviewed: r.chance(0.1),
      firstName: 'EXACT',
      lastName: 'EXACT',
      birthdate: 'EXACT',
    },
    images: {
      faceImageUrl: `https://images.example.test/faces/${id}.jpg`,
      identityDocumentImageUrl: `https://images.example.test/docs/${id}.jpg`,
    },
  });
}
