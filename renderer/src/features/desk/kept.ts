/**
 * What a desk device keeps for when its hub cannot be reached: the last
 * evacuation list and the last roll call it saw, each with the time it was
 * true, in the browser's localStorage (updated on every change). Read back
 * through the contract's schemas: storage is outside the app's control, and
 * a kept copy of another version or a damaged one is simply not offered.
 * Pure apart from the storage passed in: tested in Node.
 */
import { z } from 'zod';
import { RollCall } from '../../../../shared/contract/evacuation.ts';
import { EvacuationGuest } from '../../../../shared/contract/guests.ts';

export const KEPT_KEYS = { list: 'foyer.kept.evacuationList', rollCall: 'foyer.kept.rollCall' } as const;

const EvacuationList = z.object({
  generatedAt: z.string(),
  lastSyncAt: z.string().nullable(),
  location: z.object({ id: z.number().int(), name: z.string().nullable() }),
  // A copy kept before lists carried visitEndedAt reads as no ended visit.
  guests: z.array(EvacuationGuest.extend({ visitEndedAt: z.string().nullable().default(null) })),
});
export type KeptEvacuationList = z.infer<typeof EvacuationList>;

const Kept = <T extends z.ZodType>(value: T) => z.object({ keptAt: z.string(), value });
const KeptList = Kept(EvacuationList);
const KeptRollCall = Kept(RollCall);

export interface Kept<T> {
  /** When this was what the hub said. */
  keptAt: string;
  value: T;
}

/** What of localStorage is used (declared here: Node-side tests type-check this module without the DOM). */
interface Storage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The page's localStorage, when there is one and it may be used (a private window may refuse it). */
export function pageStorage(): Storage | undefined {
  try {
    return (globalThis as { localStorage?: Storage }).localStorage;
  } catch {
    return undefined;
  }
}

function write(storage: Storage | undefined, key: string, kept: Kept<unknown>): void {
  try {
    storage?.setItem(key, JSON.stringify(kept));
  } catch {
    // Full or refused: the device keeps what it kept before; the hub holds the truth.
  }
}

function read<T>(storage: Storage | undefined, key: string, schema: z.ZodType<Kept<T>>): Kept<T> | undefined {
  try {
    const text = storage?.getItem(key);
    if (!text) return undefined;
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export const keepList = (list: KeptEvacuationList, at: Date, storage = pageStorage()) =>
  write(storage, KEPT_KEYS.list, { keptAt: at.toISOString(), value: list });
export const keptList = (storage = pageStorage()): Kept<KeptEvacuationList> | undefined =>
  read(storage, KEPT_KEYS.list, KeptList);

export const keepRollCall = (rollCall: RollCall, at: Date, storage = pageStorage()) =>
  write(storage, KEPT_KEYS.rollCall, { keptAt: at.toISOString(), value: rollCall });
export const keptRollCall = (storage = pageStorage()): Kept<RollCall> | undefined =>
  read(storage, KEPT_KEYS.rollCall, KeptRollCall);

/** "as of 14:32" (the day too when it is not today), in the desk's 24-hour clock. */
export function asOf(keptAt: string, now: Date = new Date(), locale = 'en-GB'): string {
  const at = new Date(keptAt);
  const time = at.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  return at.toDateString() === now.toDateString()
    ? `as of ${time}`
    : `as of ${at.toLocaleDateString(locale, { day: 'numeric', month: 'short' })} ${time}`;
}
