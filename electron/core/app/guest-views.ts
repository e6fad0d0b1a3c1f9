/** Guest views for the desk's doors, with the host's name (the kiosk's own, which shows less, is kiosk/guest-view.ts). */
import type { DeskGuest } from '../../../shared/contract/guests.ts';
import { employeeName } from '../../../shared/domain/person-name.ts';
import type { Guest } from '../db/repos/guests.ts';
import type { HandlerContext } from './handler.ts';

type Site = Pick<HandlerContext, 'runtime'>;

/** The host's name of a host id, each read from the mirror once per call. */
export function hostNames({ runtime }: Site) {
  const names = new Map<number, string | null>();
  return (hostId: number | null): string | null => {
    if (hostId === null) return null;
    if (!names.has(hostId)) {
      const host = runtime.mirror.employees.byId(hostId);
      names.set(hostId, host ? employeeName(host) : null);
    }
    return names.get(hostId) ?? null;
  };
}

/** The desk's guest views, with their hosts' names (the guests' list, a bulk check-out, a retried conflict). */
export function deskViews(site: Site) {
  const hostName = hostNames(site);
  return (guest: Guest): DeskGuest => ({ ...guest, hostName: hostName(guest.hostId) });
}
