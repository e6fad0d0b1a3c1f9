/**
 * Where an arrival was made, as people read it: in the desk's feed of
 * arrivals (handlers/arrivals.ts) and in the visitor log.
 */
import type { Arrival } from '../../../shared/contract/arrivals.ts';
import type { FlowConfig } from '../../../shared/domain/flow.ts';
import type { ArrivalRow } from '../db/repos/arrivals.ts';

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
