/**
 * Times in the files people open in a spreadsheet (the visitor log, a roll
 * call's report, the audit log): the site's wall clock, with the zone named,
 * instead of the UTC stamps the mirror stores and compares.
 */
import { wallClock, wallStamp } from '../../../shared/time.ts';

/** The site's zone: the kiosk's (whose local day is the kiosk day), else this machine's. */
export function siteZone(config: { kiosk: { timeZone: string | null } }): string {
  return config.kiosk.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** "2026-11-29 04:44:09" on the zone's wall clock; '' for no time. */
export function localStamp(stamp: string | null | undefined, zone: string): string {
  return stamp ? wallStamp(Date.parse(stamp), zone) : '';
}

/** The zone's wall-clock time as a spreadsheet's date cell holds it (a date with no zone); null for no time. */
export function localDate(stamp: string | null | undefined, zone: string): Date | null {
  return stamp ? new Date(wallClock(Date.parse(stamp), zone)) : null;
}
