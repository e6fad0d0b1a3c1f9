/**
 * How often a screen follows the one event stream, however fast it goes
 * (session.ts); the rush benchmark's screens (test/bench/rush-actors.ts)
 * follow it at the same pace.
 */

/** A new sync status on screen at most this often. */
export const STATUS_EVERY_MS = 250;
/** Lists read again after the mirror moved (a pull, a reconnect) at most this often. */
export const RELOAD_EVERY_MS = 1000;
/**
 * The guests' changes taken at most this often: a burst (a sync applying pages, a rush of check-ins) is one
 * request per half second, and a guest who checks in is on every desk's list within about half a second
 * (the core's streams coalesce their own events to the same 500 ms).
 */
export const GUESTS_EVERY_MS = 500;
