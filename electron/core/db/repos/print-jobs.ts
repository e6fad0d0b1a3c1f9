/**
 * Print jobs (migration 0015): the badges the host prints, SQL in one
 * place, rows parsed as they leave the database.
 */
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { PRINT_JOB_STATES } from '../../../../shared/contract/printing.ts';

const Row = z.object({
  id: z.number().int(),
  invitationId: z.number().int().nullable(),
  kind: z.enum(['badge', 'reprint', 'test']),
  printer: z.string(),
  state: z.enum(PRINT_JOB_STATES),
  attempts: z.number().int(),
  onFallback: z
    .number()
    .int()
    .transform((n) => n === 1),
  createdAt: z.string(),
  nextAt: z.string(),
  pinUntil: z.string().nullable(),
  sentAt: z.string().nullable(),
  sentTo: z.string().nullable(),
  ippJobId: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type PrintJobRow = z.infer<typeof Row>;

const COLUMNS = `id, invitation_id AS invitationId, kind, printer, state, attempts, on_fallback AS onFallback,
  created_at AS createdAt, next_at AS nextAt, pin_until AS pinUntil, sent_at AS sentAt, sent_to AS sentTo,
  ipp_job_id AS ippJobId, error`;

export interface NewPrintJob {
  invitationId: number | null;
  kind: PrintJobRow['kind'];
  printer: string;
  createdAt: string;
  pinUntil: string | null;
}

export function createPrintJobsRepo(db: Database.Database) {
  const insert =
    db.prepare(`INSERT INTO print_jobs (invitation_id, kind, printer, state, created_at, next_at, pin_until)
    VALUES (@invitationId, @kind, @printer, 'queued', @createdAt, @createdAt, @pinUntil)`);
  const byId = db.prepare(`SELECT ${COLUMNS} FROM print_jobs WHERE id = ?`);
  const due = db.prepare(`SELECT ${COLUMNS} FROM print_jobs WHERE state = 'queued' ORDER BY next_at, id`);
  const ofGuest = db.prepare(`SELECT ${COLUMNS} FROM print_jobs WHERE invitation_id = ? ORDER BY id DESC LIMIT 50`);
  const failed = db.prepare(
    `SELECT ${COLUMNS} FROM print_jobs WHERE state = 'failed' AND created_at >= ? ORDER BY id DESC LIMIT 50`,
  );
  const onFallback =
    db.prepare(`SELECT ${COLUMNS} FROM print_jobs WHERE on_fallback = 1 AND state IN ('sent', 'printed')
    AND created_at >= ? ORDER BY id DESC LIMIT 20`);
  const waiting = db.prepare(`SELECT count(*) FROM print_jobs WHERE state IN ('queued', 'sending')`).pluck();
  const unfinished = db.prepare(`SELECT ${COLUMNS} FROM print_jobs WHERE state = 'sent' AND ipp_job_id IS NOT NULL
    AND sent_at >= ? ORDER BY id`);
  const claim = db.prepare(`UPDATE print_jobs SET state = 'sending' WHERE id = ? AND state = 'queued'`);
  const update = db.prepare(`UPDATE print_jobs SET state = @state, attempts = @attempts, on_fallback = @onFallback,
    next_at = @nextAt, sent_at = @sentAt, sent_to = @sentTo, ipp_job_id = @ippJobId, error = @error WHERE id = @id`);
  // A job a stopped process was sending when it stopped: sent again (a badge twice is better than none).
  const requeue = db.prepare(`UPDATE print_jobs SET state = 'queued' WHERE state = 'sending'`);
  const purge = db.prepare(`DELETE FROM print_jobs WHERE created_at < ? AND state <> 'queued'`);
  const parse = (row: unknown) => Row.parse(row);
  return {
    add(job: NewPrintJob): PrintJobRow {
      const id = Number(insert.run(job).lastInsertRowid);
      return parse(byId.get(id));
    },
    byId(id: number): PrintJobRow | undefined {
      const row = byId.get(id);
      return row ? parse(row) : undefined;
    },
    /** Queued jobs, the earliest due first. */
    queued(): PrintJobRow[] {
      return due.all().map(parse);
    },
    /** Takes a queued job to send it; false when another took it first. */
    claim(id: number): boolean {
      return claim.run(id).changes === 1;
    },
    save(job: PrintJobRow): void {
      update.run({ ...job, onFallback: job.onFallback ? 1 : 0 });
    },
    ofGuest(invitationId: number): PrintJobRow[] {
      return ofGuest.all(invitationId).map(parse);
    },
    failedSince(at: string): PrintJobRow[] {
      return failed.all(at).map(parse);
    },
    /** Taken by the fallback printer since `at`, newest first. */
    onFallbackSince(at: string): PrintJobRow[] {
      return onFallback.all(at).map(parse);
    },
    /** Sent to a printer since `at`, and not yet known as printed. */
    sentSince(at: string): PrintJobRow[] {
      return unfinished.all(at).map(parse);
    },
    waiting(): number {
      return z.number().int().parse(waiting.get());
    },
    requeueInterrupted(): number {
      return requeue.run().changes;
    },
    purgeBefore(at: string): number {
      return purge.run(at).changes;
    },
  };
}
export type PrintJobsRepo = ReturnType<typeof createPrintJobsRepo>;
