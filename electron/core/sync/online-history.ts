/**
 * When the service became reachable or unreachable: a bounded ring of
 * changes, kept in memory and in the mirror's sync_state (one row), so that
 * the admin sees today's history after a restart too.
 */
import type { SyncStateRepo } from '../db/repos/sync-state.ts';

export interface OnlineChange {
  at: string;
  online: boolean;
}

const ROW = 'mirror:online-history';
/** Enough for a bad day (a change every few minutes), small enough to rewrite on each change. */
export const HISTORY_LIMIT = 288;

export function createOnlineHistory(deps: {
  now: () => number;
  store: () => SyncStateRepo;
  limit?: number;
  /** A change that could not be saved (a full disk): kept in memory, saved with the next change. */
  onWriteError?: (error: unknown) => void;
}) {
  const limit = deps.limit ?? HISTORY_LIMIT;
  let changes: OnlineChange[] = [];
  return {
    /** Reads the persisted ring (of the mirror open now). */
    load(): void {
      const text = deps.store().get(ROW)?.watermark;
      try {
        const parsed: unknown = text ? JSON.parse(text) : [];
        changes = Array.isArray(parsed) ? (parsed as OnlineChange[]).slice(-limit) : [];
      } catch {
        changes = []; // a damaged row is history lost, not an error
      }
    },
    /** Records a change of the online flag (null: not known yet, not a change). */
    observe(online: boolean | null): void {
      if (online === null || changes.at(-1)?.online === online) return;
      changes.push({ at: new Date(deps.now()).toISOString(), online });
      if (changes.length > limit) changes = changes.slice(-limit);
      // Called from status listeners: a write that fails must not stop the status reaching the screens.
      try {
        deps.store().recordSuccess(ROW, changes.at(-1)!.at, { watermark: JSON.stringify(changes) });
      } catch (error) {
        deps.onWriteError?.(error);
      }
    },
    /** The changes since a moment (e.g. local midnight), oldest first, with the state before it as the first entry. */
    since(fromMs: number): OnlineChange[] {
      const index = changes.findIndex((c) => Date.parse(c.at) >= fromMs);
      if (index === -1) return changes.length ? [changes.at(-1)!] : [];
      return index > 0 ? changes.slice(index - 1) : changes.slice(index);
    },
  };
}
export type OnlineHistory = ReturnType<typeof createOnlineHistory>;
