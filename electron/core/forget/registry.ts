/**
 * What this site holds about one person, domain by domain. Each domain that
 * keeps something about visitors registers a holder here (from its own
 * folder, once, when its module loads): how to find what it holds about a
 * person, export it, and erase it. The erasure (forget.ts) and the export
 * (export.ts) go through every holder, so a new domain (photos, signed
 * agreements) plugs in with one `registerPersonData` call and no change here.
 *
 * A holder's `erase` runs inside the mirror's one transaction (synchronous:
 * no await); a holder of files deletes them there too (unlinkSync) and names
 * them in its count, and the scan afterwards (scan.ts) proves that no file of
 * the data directory still holds the name or the email.
 */
import type { Mirror } from '../db/mirror.ts';

/** A person as the search found them: the rows that are theirs, and the texts that name them. */
export interface Person {
  invitationIds: number[];
  /** Check-in records (the same ids as the invitations, and records whose invitation is gone). */
  checkInIds: number[];
  walkInIds: number[];
  contactIds: number[];
  /** Their names as written in the rows found ("Jürgen Müller", and "Müller Jürgen"). */
  names: string[];
  emails: string[];
  companies: string[];
}

export interface HolderContext {
  mirror: Mirror;
  dataDir: string;
  /** Stands in for the person wherever a text named them ("Visitor 7f3a9c"). */
  pseudonym: string;
  /** The same person's email, where an email must stay well formed (an outbox payload). */
  pseudonymEmail: string;
}

export interface PersonDataHolder {
  /** What it holds, for people: "check-ins", "photos". */
  name: string;
  /** What it holds about the person, as plain JSON values for the export (an empty list: nothing). */
  export(person: Person, ctx: Omit<HolderContext, 'pseudonym' | 'pseudonymEmail'>): unknown[];
  /** Erases it (inside the mirror's transaction, synchronously); returns how many rows or files. */
  erase(person: Person, ctx: HolderContext): number;
  /**
   * Changes of this person still waiting to be delivered to the service (their outbox rows): the erasure asks
   * for a confirmation before it touches them.
   */
  queued?(person: Person, ctx: Omit<HolderContext, 'pseudonym' | 'pseudonymEmail'>): string[];
}

const holders = new Map<string, PersonDataHolder>();

/** Registers a domain's holder (a second one of the same name replaces the first: modules may load twice in tests). */
export function registerPersonData(holder: PersonDataHolder): void {
  holders.set(holder.name, holder);
}

export function personDataHolders(): PersonDataHolder[] {
  return [...holders.values()];
}
