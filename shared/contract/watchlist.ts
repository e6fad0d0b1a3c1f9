/**
 * The watchlist: people reception must be warned about, or must not let in.
 * The admin pushes it as a file (imports.ts, pushes.ts: kind "watchlist");
 * it stays on the site (the hub's mirror), never sent to the service. Each
 * place a person is let in checks them; a match is an alert every desk hears
 * (`watchlist-changed`, carrying it) and decides. A guest is never told why.
 */
import { z } from 'zod';
import { ADMIN, op, PASSIVE, STAFF } from './op.ts';

const THRESHOLD = 'a score from 0.5 (more alerts, more false ones) to 1 (the name exactly as on the list)';

/** The site's watchlist settings (the configuration's `watchlist` section). */
export const WatchlistSettings = z.strictObject({
  /** How alike a name must be to an entry's for an alert: 1 the same, 0.97 spelled otherwise, 0.85 one typo in each. */
  threshold: z.number({ error: THRESHOLD }).min(0.5, THRESHOLD).max(1, THRESHOLD).default(0.85),
});
export type WatchlistSettings = z.output<typeof WatchlistSettings>;

export const WATCHLIST_DECISIONS = ['letIn', 'turnAway', 'notThisPerson'] as const;
export type WatchlistDecision = (typeof WATCHLIST_DECISIONS)[number];

/** How a part of the names matched: the same, spelled otherwise, in another script, one or two typos; or the email. */
export const MatchedPart = z.object({
  entry: z.string(),
  person: z.string(),
  how: z.enum(['exact', 'spelling', 'script', 'typo', 'email', 'company']),
});
export type MatchedPart = z.infer<typeof MatchedPart>;

/** One alert as the desk shows it. */
export const WatchlistAlert = z.object({
  id: z.number().int(),
  raisedAt: z.string(),
  /** Where the person was being let in ("kiosk check-in", "walk-in request", "Add visitor", "on site"). */
  point: z.string(),
  device: z.string(),
  /** The person, as they were given. */
  name: z.string(),
  companyName: z.string().nullable(),
  email: z.string().nullable(),
  invitationId: z.number().int().nullable(),
  walkInId: z.number().int().nullable(),
  /** The entry as the list said it when the alert came. */
  entryName: z.string(),
  note: z.string().nullable(),
  action: z.enum(['alert', 'deny']),
  /** 0 to 1. */
  score: z.number(),
  matches: z.array(MatchedPart),
  decision: z.enum(WATCHLIST_DECISIONS).nullable(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export type WatchlistAlert = z.infer<typeof WatchlistAlert>;

/** Every desk hears an alert as it comes (with it), and that one was decided (without). */
export type WatchlistEvent = { type: 'watchlist-changed'; alert?: WatchlistAlert };

export const watchlistOperations = {
  'watchlist.status': op(
    ADMIN,
    z.object({}).strict(),
    z.object({
      /** The list in force: its file, when it was pushed, its entries (deny and alert); null before the first push. */
      list: z
        .object({ file: z.string(), pushedAt: z.string(), entries: z.number().int(), deny: z.number().int() })
        .nullable(),
      threshold: z.number(),
      openAlerts: z.number().int(),
    }),
    'The watchlist in force, its threshold and the alerts no desk has decided',
  ),
  'watchlist.setSettings': op(
    ADMIN,
    WatchlistSettings.required(),
    WatchlistSettings,
    'How alike a name must be to a watchlist entry for an alert',
  ),
  'watchlist.alerts': op(
    STAFF,
    z.object({}).strict(),
    z.array(WatchlistAlert),
    'Watchlist alerts no desk has decided yet, newest first',
    PASSIVE,
  ),
  'watchlist.decide': op(
    STAFF,
    z.object({ id: z.number().int().positive(), decision: z.enum(WATCHLIST_DECISIONS) }).strict(),
    WatchlistAlert,
    'Decide an alert: let the person in, turn them away, or "not this person" (remembered for this visitor)',
  ),
} as const;
