/**
 * The desk's view of a day as the mirror is asked for it (desk-guests.ts):
 * the day it asked for, with whoever is on site when that day is today; a
 * search runs over every day the mirror holds.
 */
import type { GuestViewInput } from '../../../shared/contract/guests.ts';
import type { Config } from '../config/config.ts';
import type { GuestViewQuery } from '../db/repos/desk-guests.ts';
import { syncWindow } from '../sync/pulls.ts';

/** More changed guests than this since the desk's version: it loads its view again instead. */
export const MAX_CHANGES = 500;

export type ParsedView = Omit<GuestViewInput, 'sort'> & { sort: GuestViewQuery['sort'] };

export function viewQuery(view: ParsedView, config: Config, now: number): GuestViewQuery {
  const { locationId, flow } = config;
  const text = view.text?.trim() || undefined;
  const today = Date.parse(view.from) <= now && now < Date.parse(view.to);
  return {
    locationId,
    flow,
    ...(text ? { ...syncWindow(config, now), withOnSite: true } : { from: view.from, to: view.to, withOnSite: today }),
    category: view.category,
    hostId: view.hostId,
    eventId: view.eventId,
    text,
    sort: view.sort,
    now,
  };
}

/** The guests the view holds: of its category, or all of them. */
export const totalOf = (counts: Record<string, number>, category: string | undefined) =>
  category ? (counts[category] ?? 0) : Object.values(counts).reduce((sum, n) => sum + n, 0);
