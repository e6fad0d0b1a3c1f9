/**
 * The roll call of an evacuation, at the hub (shared/contract/roll-call.ts):
 * start it with the list of who is on site, add who arrives while it runs,
 * end it, and report it; marking people is the marks' (evacuation-marks/).
 * Each change and the roll call's new version are written in one
 * transaction; nothing of it goes to the service.
 */
import type { RollCall, RollCallEntry } from '../../../shared/contract/evacuation.ts';
import { employeeName } from '../../../shared/domain/person-name.ts';
import { iso } from '../../../shared/time.ts';
import { AppError } from '../errors.ts';
import type { Guest } from '../db/repos/guests.ts';
import { type NewEntry, rollCallRecords, type RollCallRow } from '../db/repos/roll-call-records.ts';
import { rollCallsOf, type RollCallsRepo } from './repo.ts';
import type { Runtime } from '../runtime.ts';
import { walkInRecords } from '../db/repos/walk-in-records.ts';
import { walkInIdOf } from '../../../shared/domain/guest-key.ts';

type Site = Pick<Runtime, 'mirror' | 'config'>;

/** The stored roll calls of the mirror open now, with their entries and marks (a new connection brings a new mirror). */
export const storedRollCalls = (site: Pick<Runtime, 'mirror'>) => rollCallRecords(site.mirror);

/** Refused with the reason: there is no such roll call. */
export class RollCallRefused extends AppError {
  override name = 'RollCallRefused';
}

function hostNameOf(site: Site, hostId: number | null): string | null {
  if (hostId === null) return null;
  const host = site.mirror.employees.byId(hostId);
  return host ? employeeName(host) : null;
}

/**
 * Where a guest checked in: the device its facts name, else the door its event name says, else the service;
 * a walk-in on its way to the service (guest -id), where it was let in.
 */
function placeOf(site: Site, invitationId: number): string {
  const walkInId = walkInIdOf(invitationId);
  if (walkInId !== undefined) return walkInRecords(site.mirror).byId(walkInId)?.device ?? 'desk';
  const fact = site.mirror.checkInFacts.last(invitationId, 'checkIn');
  if (fact?.device) return fact.device;
  const event = fact?.eventName ?? undefined;
  if (event === undefined) return 'service';
  // The default flow names both doors' check-in alike: then only a noted door tells them apart.
  const { kioskCheckIn, deskCheckIn } = site.config.flow.transitions;
  if (kioskCheckIn === deskCheckIn) return 'kiosk or desk';
  return event === kioskCheckIn ? 'kiosk' : 'desk';
}

/**
 * Says where a check-in was made (a paired device's name, or the kind of
 * door: its facts hold it since it was queued) on the roll call under way,
 * which it may have reached a moment before (its arrival is added as soon as
 * the guests move). Returns the roll call's new version when an entry changed.
 */
export function noteCheckInPlace(site: Site, invitationId: number, place: string): number | undefined {
  const repo = rollCallsOf(site);
  const stored = storedRollCalls(site);
  return site.mirror.transaction(() => {
    const running = stored.active();
    if (!running || !repo.place(running.id, invitationId, place)) return undefined;
    return stored.bump(running.id);
  });
}

function toEntry(site: Site, guest: Guest): NewEntry {
  return {
    invitationId: guest.invitationId,
    firstName: guest.firstName,
    lastName: guest.lastName,
    companyName: guest.companyName,
    hostName: hostNameOf(site, guest.hostId),
    arrivedAt: site.mirror.guests.details(guest.invitationId).tappedAt ?? guest.arrivedAt,
    checkedInAt: placeOf(site, guest.invitationId),
  };
}

/** Who is on site: the evacuation list's own query, walk-ins on their way to the service included. */
const onSite = (site: Site) => site.mirror.onSite.everyone(site.config.locationId, site.config.flow);

/** The invitation of a walk-in (guest -id) once its visit is in the mirror: linked, or about to be (its event is there). */
function visitOf(site: Site, walkInId: number): number | undefined {
  const row = walkInRecords(site.mirror).byId(walkInId);
  if (!row) return undefined;
  return row.invitationId ?? walkInRecords(site.mirror).invitationOf(row.marker);
}

/**
 * Walk-ins on the roll call as guest -id whose visit has come from the
 * service: linked, their entry (and its mark) goes by the invitation's id
 * from now on; about to be linked (the pull's transaction under way), their
 * invitation is the same person, not an arrival. Returns whether an entry
 * moved, and the invitations that are such walk-ins.
 */
function followWalkIns(site: Site, repo: RollCallsRepo, rollCallId: number, listed: Set<number>) {
  let moved = false;
  const walkingIn = new Set<number>();
  for (const id of [...listed]) {
    const walkInId = walkInIdOf(id);
    if (walkInId === undefined) continue;
    const invitationId = visitOf(site, walkInId);
    if (invitationId === undefined || listed.has(invitationId)) continue;
    const linked = walkInRecords(site.mirror).byId(walkInId)?.invitationId === invitationId;
    if (linked && repo.rekey(rollCallId, id, invitationId)) {
      listed.delete(id);
      listed.add(invitationId);
      moved = true;
    } else walkingIn.add(invitationId);
  }
  return { moved, walkingIn };
}

export function viewOf(site: Site, row: RollCallRow): RollCall {
  const entries: RollCallEntry[] = storedRollCalls(site).entries(row.id);
  const accounted = entries.filter((e) => e.accounted).length;
  return {
    id: row.id,
    version: row.version,
    startedAt: row.startedAt,
    startedBy: row.startedBy,
    endedAt: row.endedAt,
    endedBy: row.endedBy,
    location: { id: row.locationId, name: row.locationName },
    assemblyPoint: site.config.evacuation.assemblyPoint,
    counts: {
      total: entries.length,
      accounted,
      missing: entries.length - accounted,
      arrivedDuring: entries.filter((e) => e.arrivedDuring).length,
    },
    entries,
  };
}

/** Starts a roll call with everyone on site now; the one under way, if any, is returned as it is. */
export function startRollCall(site: Site, by: string, now: number): { rollCall: RollCall; started: boolean } {
  const repo = rollCallsOf(site);
  const stored = storedRollCalls(site);
  return site.mirror.transaction(() => {
    const running = stored.active();
    if (running) return { rollCall: viewOf(site, running), started: false };
    const { locationId } = site.config;
    const id = repo.start({
      locationId,
      locationName: site.mirror.groups.locationName(locationId) ?? null,
      startedAt: iso(now),
      startedBy: by,
    });
    repo.addEntries(
      id,
      onSite(site).map((guest) => toEntry(site, guest)),
      false,
    );
    return { rollCall: viewOf(site, stored.byId(id)!), started: true };
  });
}

/**
 * Adds whoever is on site and not yet on the roll call under way (checked in
 * since it started, at any door, pulled from the service, or a walk-in let
 * in), marked as arrived during it; a walk-in whose visit came from the
 * service meanwhile keeps its entry. Returns the new version, or undefined
 * when nothing changed.
 */
export function addArrivals(site: Site): number | undefined {
  const repo = rollCallsOf(site);
  const stored = storedRollCalls(site);
  if (!stored.active()) return undefined;
  return site.mirror.transaction(() => {
    const running = stored.active();
    if (!running) return undefined;
    const listed = repo.entryIds(running.id);
    const { moved, walkingIn } = followWalkIns(site, repo, running.id, listed);
    const arrivals = onSite(site).filter((g) => !listed.has(g.invitationId) && !walkingIn.has(g.invitationId));
    if (arrivals.length === 0 && !moved) return undefined;
    repo.addEntries(
      running.id,
      arrivals.map((guest) => toEntry(site, guest)),
      true,
    );
    return stored.bump(running.id);
  });
}

function rollCallOrThrow(site: Site, id: number): RollCallRow {
  const row = storedRollCalls(site).byId(id);
  if (!row) throw new RollCallRefused('NOT_FOUND', `no roll call ${id}: start one, or load the one under way`);
  return row;
}

/** Ends the roll call; one that already ended is returned as it is. */
export function endRollCall(site: Site, id: number, by: string, now: number): { rollCall: RollCall; ended: boolean } {
  const repo = rollCallsOf(site);
  return site.mirror.transaction(() => {
    const row = rollCallOrThrow(site, id);
    const ended = repo.end(row.id, iso(now), by);
    return { rollCall: viewOf(site, storedRollCalls(site).byId(row.id)!), ended };
  });
}

/** Whether a roll call is under way now. */
export const evacuationActive = (site: Pick<Runtime, 'mirror'>): boolean =>
  storedRollCalls(site).active() !== undefined;
