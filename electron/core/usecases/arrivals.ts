/**
 * The desk's feed of arrivals (shared/contract/arrivals.ts): the newest
 * arrivals of the mirror, each with where it was made, as people read it.
 */
import type Database from 'better-sqlite3';
import type { Arrival } from '../../../shared/contract/arrivals.ts';
import { iso } from '../../../shared/time.ts';
import type { FlowConfig } from '../../../shared/domain/flow.ts';
import { type ArrivalRow, type ArrivalsRepo, createArrivalsRepo } from '../db/repos/arrivals.ts';
import type { Runtime } from '../runtime.ts';

const repos = new WeakMap<Database.Database, ArrivalsRepo>();
/** The repository of the mirror open now (a new connection brings a new mirror). */
function arrivalsOf(site: Pick<Runtime, 'mirror'>): ArrivalsRepo {
  let repo = repos.get(site.mirror.db);
  if (!repo) repos.set(site.mirror.db, (repo = createArrivalsRepo(site.mirror.db)));
  return repo;
}

/**
 * Where: the device the hub noted ("kiosk" and "desk" are the screens that
 * are not paired devices, see app/where.ts placeOf), a walk-in, the door the outbox row
 * names, else the service had it from elsewhere.
 */
export function whereOf(row: Pick<ArrivalRow, 'device' | 'walkIn' | 'eventName'>, flow: FlowConfig): Arrival['where'] {
  if (row.device === 'kiosk' || row.device === 'desk') return { kind: row.device, name: null };
  if (row.device) return { kind: 'device', name: row.device };
  if (row.walkIn) return { kind: 'walk-in', name: null };
  if (row.eventName === null) return { kind: 'elsewhere', name: null };
  const { kioskCheckIn, deskCheckIn } = flow.transitions;
  // The default flow names both doors' check-in alike: then only a noted device tells them apart.
  if (kioskCheckIn === deskCheckIn) return { kind: 'here', name: null };
  return { kind: row.eventName === kioskCheckIn ? 'kiosk' : 'desk', name: null };
}

export function recentArrivals(site: Pick<Runtime, 'mirror' | 'config'>, since: number, limit: number): Arrival[] {
  const { locationId, flow } = site.config;
  return arrivalsOf(site)
    .since(locationId, iso(since), limit)
    .map(({ device, walkIn, eventName, ...row }) => ({ ...row, where: whereOf({ device, walkIn, eventName }, flow) }));
}
