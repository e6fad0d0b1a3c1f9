/** The outbox table and its companions: SQL in one place. */
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { AccessProfileItem } from '../../../../shared/api/index.ts';

export type OutboxKind = 'transition' | 'identities' | 'events' | 'profiles';
export type OutboxState = 'pending' | 'sending' | 'delivered' | 'failed';

export interface OutboxRow {
  id: number;
  kind: OutboxKind;
  target: string;
  payload: string;
  label: string;
  batchId: number | null;
  itemLines: string | null;
  state: OutboxState;
  uncertain: number;
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  result: string | null;
  createdAt: string;
  updatedAt: string;
  deliveredAt: string | null;
}

const COLUMNS = `id, kind, target, payload, label, batch_id AS batchId, item_lines AS itemLines, state, uncertain, attempts,
  next_attempt_at AS nextAttemptAt, last_error AS lastError, result, created_at AS createdAt,
  updated_at AS updatedAt, delivered_at AS deliveredAt`;

export interface OutboxBatch {
  id: number;
  kind: OutboxKind;
  source: string | null;
  label: string;
  items: number;
  createdAt: string;
}

export interface OutboxConflict {
  id: number;
  outboxId: number;
  checkInId: number | null;
  message: string;
  createdAt: string;
  label: string;
  action: string | null;
}

/** The optimistic state a queued transition shows on its guest until it is settled. */
export interface PendingTransition {
  checkInId: number;
  outboxId: number;
  state: string;
  arrivedAt: string | null;
  leftAt: string | null;
  undoUntil: string | null;
}

export type OutboxCounts = Record<OutboxState, number>;

/**
 * A group's set as stored (a profiles row's payload, or the last set queued): parsed, since rows outlive
 * upgrades. A set that cannot be read counts as unknown, as if none had been queued from here.
 */
const ProfileSet = z.array(AccessProfileItem);
const ProfilesPayload = z.object({ accessProfiles: ProfileSet });

function parsedJson<T>(schema: z.ZodType<T>, text: string): T | undefined {
  try {
    return schema.safeParse(JSON.parse(text)).data;
  } catch {
    return undefined;
  }
}

export function createOutboxRepo(db: Database.Database) {
  const insert = db.prepare(`
    INSERT INTO outbox (kind, target, payload, label, batch_id, item_lines, created_at, updated_at)
    VALUES (@kind, @target, @payload, @label, @batchId, @itemLines, @now, @now)`);
  const insertBatch = db.prepare(
    `INSERT INTO outbox_batches (kind, source, label, items, independent, created_at)
     VALUES (@kind, @source, @label, @items, @independent, @now)`,
  );
  const byId = db.prepare(`SELECT ${COLUMNS} FROM outbox WHERE id = ?`) as Database.Statement<[number], OutboxRow>;
  const due = db.prepare(`
    WITH heads AS (
      SELECT target, min(id) AS id FROM outbox WHERE state IN ('pending', 'sending') GROUP BY target
    )
    SELECT o.id, o.target
    FROM heads h JOIN outbox head ON head.id = h.id
    JOIN outbox o ON o.target = h.target AND o.state IN ('pending', 'sending')
    WHERE (o.next_attempt_at IS NULL OR o.next_attempt_at <= @now)
      -- The rows of a batch are written together, so none of another batch lies between two of them.
      AND (o.id = h.id OR (o.batch_id = head.batch_id
        AND (SELECT b.independent FROM outbox_batches b WHERE b.id = o.batch_id) = 1))
    ORDER BY o.id`) as Database.Statement<[{ now: string }], Pick<OutboxRow, 'id' | 'target'>>;
  const laterOpen = db.prepare(
    `SELECT ${COLUMNS} FROM outbox WHERE target = ? AND id > ? AND state IN ('pending', 'sending') ORDER BY id`,
  ) as Database.Statement<[string, number], OutboxRow>;
  const markSending = db.prepare(
    "UPDATE outbox SET state = 'sending', attempts = attempts + 1, updated_at = @now WHERE id = @id",
  );
  const markDelivered = db.prepare(`
    UPDATE outbox SET state = 'delivered', uncertain = 0, result = @result, last_error = NULL, next_attempt_at = NULL,
      delivered_at = @now, updated_at = @now WHERE id = @id`);
  const markFailed = db.prepare(`
    UPDATE outbox SET state = 'failed', last_error = @error, next_attempt_at = NULL, updated_at = @now WHERE id = @id`);
  const markRetry = db.prepare(`
    UPDATE outbox SET state = 'pending', uncertain = max(uncertain, @uncertain), last_error = @error,
      next_attempt_at = @nextAttemptAt, updated_at = @now WHERE id = @id`);
  // Only rows that were tried: a check-out held for its undo window (attempts 0) keeps its hold.
  const retryNow = db.prepare(`
    UPDATE outbox SET next_attempt_at = NULL, updated_at = @now
    WHERE state = 'pending' AND attempts > 0 AND next_attempt_at > @now`);
  const requeue = db.prepare(`
    UPDATE outbox SET state = 'pending', attempts = 0, uncertain = 0, last_error = NULL, next_attempt_at = NULL,
      updated_at = @now WHERE id = @id AND state = 'failed'`);
  const newest = db.prepare(`SELECT ${COLUMNS} FROM outbox ORDER BY id DESC LIMIT ?`) as Database.Statement<
    [number],
    OutboxRow
  >;
  const batchById = db.prepare(
    'SELECT id, kind, source, label, items, created_at AS createdAt FROM outbox_batches WHERE id = ?',
  ) as Database.Statement<[number], OutboxBatch>;
  const inBatch = db.prepare(`SELECT ${COLUMNS} FROM outbox WHERE batch_id = ? ORDER BY id`) as Database.Statement<
    [number],
    OutboxRow
  >;
  const latestFor = db.prepare(
    `SELECT ${COLUMNS} FROM outbox WHERE target = ? ORDER BY id DESC LIMIT 1`,
  ) as Database.Statement<[string], OutboxRow>;
  const retryableIds = db
    .prepare(
      `SELECT id FROM outbox o WHERE state = 'failed'
         AND (kind <> 'transition' OR NOT EXISTS (SELECT 1 FROM outbox n WHERE n.target = o.target AND n.id > o.id))
       ORDER BY id`,
    )
    .pluck() as Database.Statement<[], number>;
  const deliveredProfileSets = db.prepare(`
    SELECT o.target, o.payload, o.delivered_at AS deliveredAt FROM outbox o
    WHERE o.kind = 'profiles' AND o.state = 'delivered'
      AND o.id = (SELECT max(id) FROM outbox n WHERE n.target = o.target AND n.kind = 'profiles' AND n.state = 'delivered')`) as Database.Statement<
    [],
    { target: string; payload: string; deliveredAt: string }
  >;
  const counts = db.prepare('SELECT state, count(*) AS n FROM outbox GROUP BY state') as Database.Statement<
    [],
    { state: OutboxState; n: number }
  >;
  const setPendingTransition = db.prepare(`
    INSERT INTO pending_transitions (check_in_id, outbox_id, state, arrived_at, left_at, undo_until)
    VALUES (@checkInId, @outboxId, @state, @arrivedAt, @leftAt, @undoUntil)
    ON CONFLICT(check_in_id) DO UPDATE SET outbox_id = excluded.outbox_id, state = excluded.state,
      arrived_at = excluded.arrived_at, left_at = excluded.left_at, undo_until = excluded.undo_until`);
  const holdUntil = db.prepare('UPDATE outbox SET next_attempt_at = @until WHERE id = @id');
  const heldCheckOut = db.prepare(`
    SELECT p.outbox_id AS outboxId, p.undo_until AS undoUntil FROM pending_transitions p
    JOIN outbox o ON o.id = p.outbox_id
    WHERE p.check_in_id = ? AND p.undo_until IS NOT NULL AND o.state = 'pending' AND o.attempts = 0`) as Database.Statement<
    [number],
    { outboxId: number; undoUntil: string }
  >;
  const lastOpen = db.prepare(
    `SELECT ${COLUMNS} FROM outbox WHERE target = ? AND state IN ('pending', 'sending') ORDER BY id DESC LIMIT 1`,
  ) as Database.Statement<[string], OutboxRow>;
  const remove = db.prepare("DELETE FROM outbox WHERE id = ? AND state = 'pending' AND attempts = 0");
  const setResult = db.prepare('UPDATE outbox SET result = @result, updated_at = @now WHERE id = @id');
  const clearPendingTransition = db.prepare('DELETE FROM pending_transitions WHERE check_in_id = ? AND outbox_id = ?');
  const addConflict = db.prepare(
    'INSERT INTO conflicts (outbox_id, check_in_id, message, created_at) VALUES (@outboxId, @checkInId, @message, @now)',
  );
  const openConflicts = db.prepare(
    `SELECT c.id, c.outbox_id AS outboxId, c.check_in_id AS checkInId, c.message, c.created_at AS createdAt, o.label,
       CASE WHEN json_valid(o.payload) THEN json_extract(o.payload, '$.action') END AS action
     FROM conflicts c JOIN outbox o ON o.id = c.outbox_id WHERE c.dismissed_at IS NULL ORDER BY c.id DESC`,
  ) as Database.Statement<[], OutboxConflict>;
  const dismissConflict = db.prepare('UPDATE conflicts SET dismissed_at = @now WHERE id = @id');
  const lastProfileSet = db
    .prepare('SELECT profiles FROM profile_sets WHERE group_source_id = ?')
    .pluck() as Database.Statement<[string], string>;
  const forgetProfileSet = db.prepare('DELETE FROM profile_sets WHERE outbox_id = ?');
  const saveProfileSet = db.prepare(`
    INSERT INTO profile_sets (group_source_id, profiles, outbox_id, queued_at) VALUES (@group, @profiles, @outboxId, @now)
    ON CONFLICT(group_source_id) DO UPDATE SET profiles = excluded.profiles, outbox_id = excluded.outbox_id,
      queued_at = excluded.queued_at`);

  return {
    add(row: {
      kind: OutboxKind;
      target: string;
      payload: unknown;
      label: string;
      batchId?: number | null;
      itemLines?: (number | null)[] | undefined;
      now: string;
    }): number {
      return insert.run({
        ...row,
        payload: JSON.stringify(row.payload),
        batchId: row.batchId ?? null,
        itemLines: row.itemLines ? JSON.stringify(row.itemLines) : null,
      }).lastInsertRowid as number;
    },
    addBatch(batch: {
      kind: OutboxKind;
      source: string | null;
      label: string;
      items: number;
      independent?: boolean;
      now: string;
    }): number {
      return insertBatch.run({ ...batch, independent: batch.independent ? 1 : 0 }).lastInsertRowid as number;
    },
    byId: (id: number): OutboxRow | undefined => byId.get(id),
    /**
     * The open rows whose turn it is, without their payloads, read lazily:
     * nothing earlier of their target is still open, and their backoff has
     * passed. The rows of an independent batch (distinct identities: each
     * sourceId and each email once) do not wait for each other, only for what
     * was queued before.
     */
    due: (now: string): IterableIterator<Pick<OutboxRow, 'id' | 'target'>> => due.iterate({ now }),
    /** Open rows after the given one of the same target (they depend on it). */
    laterOpen: (target: string, afterId: number): OutboxRow[] => laterOpen.all(target, afterId),
    /** The newest open row of a target: what a guest's overlay shows when a later row is taken back. */
    lastOpen: (target: string): OutboxRow | undefined => lastOpen.get(target),
    /** The newest row of a target (a guest's last transition). */
    latestFor: (target: string): OutboxRow | undefined => latestFor.get(target),
    /** The newest rows first. */
    newest: (limit: number): OutboxRow[] => newest.all(limit),
    batchById: (id: number): OutboxBatch | undefined => batchById.get(id),
    inBatch: (batchId: number): OutboxRow[] => inBatch.all(batchId),
    /**
     * Failed rows worth retrying: a failed transition followed by any later row of its guest
     * (its retry, or a newer action) is history, not work.
     */
    retryableIds: (): number[] => retryableIds.all(),
    /** Rows per state, every state named. */
    counts(): OutboxCounts {
      const result: OutboxCounts = { pending: 0, sending: 0, delivered: 0, failed: 0 };
      for (const c of counts.all()) result[c.state] = c.n;
      return result;
    },

    markSending(id: number, now: string): void {
      markSending.run({ id, now });
    },
    markDelivered(id: number, result: string, now: string): void {
      markDelivered.run({ id, result, now });
    },
    markFailed(id: number, error: string, now: string): void {
      markFailed.run({ id, error, now });
    },
    /** Back to pending until `nextAttemptAt` (null: at the next round); `uncertain` only ever goes up. */
    markRetry(row: { id: number; uncertain: 0 | 1; error: string; nextAttemptAt: string | null; now: string }): void {
      markRetry.run(row);
    },
    /**
     * The service answers again: every row waiting out its backoff after a failed attempt may go at once (a row
     * held for its undo window stays held). Returns how many.
     */
    retryNow(now: string): number {
      return retryNow.run({ now }).changes;
    },
    /** A failed row queued again by a person. */
    requeue(id: number, now: string): void {
      requeue.run({ id, now });
    },
    setResult(id: number, result: string, now: string): void {
      setResult.run({ id, result, now });
    },
    /** Holds a row back until the given time (a check-out that can still be undone). */
    holdUntil(id: number, until: string): void {
      holdUntil.run({ id, until });
    },
    /** A row taken back before it was sent (an undone check-out): as if it had never been queued. */
    remove(id: number): void {
      remove.run(id);
    },

    setPendingTransition(pending: PendingTransition): void {
      setPendingTransition.run(pending);
    },
    /** Removes the overlay only when it is this row's (a later transition's overlay stays). */
    clearPendingTransition(checkInId: number, outboxId: number): void {
      clearPendingTransition.run(checkInId, outboxId);
    },
    /** The guest's check-out that is held back and was never sent. */
    heldCheckOut: (checkInId: number): { outboxId: number; undoUntil: string } | undefined =>
      heldCheckOut.get(checkInId),

    addConflict(conflict: { outboxId: number; checkInId: number; message: string; now: string }): void {
      addConflict.run(conflict);
    },
    /** Conflicts nobody dismissed yet, newest first. */
    openConflicts: (): OutboxConflict[] => openConflicts.all(),
    dismissConflict(id: number, now: string): void {
      dismissConflict.run({ id, now });
    },

    /** The last set queued for a group (delivered or not): the baseline an upload's difference is shown against. */
    lastProfileSet(groupSourceId: string): AccessProfileItem[] | undefined {
      const text = lastProfileSet.get(groupSourceId);
      return text === undefined ? undefined : parsedJson(ProfileSet, text);
    },
    saveProfileSet(set: {
      group: string;
      profiles: readonly AccessProfileItem[];
      outboxId: number;
      now: string;
    }): void {
      saveProfileSet.run({ ...set, profiles: JSON.stringify(set.profiles) });
    },
    /** A set the service never received is no baseline for the next upload's difference. */
    forgetProfileSet(outboxId: number): void {
      forgetProfileSet.run(outboxId);
    },
    /** Per group, the newest profile upload the service accepted: what the group holds as far as this machine knows. */
    deliveredProfileSets(): { groupSourceId: string; deliveredAt: string; profiles: AccessProfileItem[] }[] {
      return deliveredProfileSets.all().flatMap((u) => {
        const payload = parsedJson(ProfilesPayload, u.payload);
        return payload
          ? [
              {
                groupSourceId: u.target.slice('profiles:'.length),
                deliveredAt: u.deliveredAt,
                profiles: payload.accessProfiles,
              },
            ]
          : [];
      });
    },
  };
}
export type OutboxRepo = ReturnType<typeof createOutboxRepo>;
