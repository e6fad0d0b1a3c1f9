/** Per-item results of delivered pushes, for people: summaries and CSV. */
import { csvText } from '../../../shared/csv.ts';
import type { OutboxRepo, OutboxRow } from '../db/repos/outbox.ts';

export interface ItemResult {
  outboxId: number;
  line: number | null;
  sourceId: string | null;
  email: string | null;
  /** As the service said it (unknown values kept), or the row's state when it has no per-item results. */
  status: string;
  message: string | null;
  unknownAccessProfiles: string | null;
}

interface ResultItem {
  sourceId?: string | null;
  email?: string | null;
  status?: string;
  message?: string | null;
  unknownAccessProfiles?: { accessProfileGroupSourceId: string; sourceId: string }[] | null;
}

export function itemResults(row: OutboxRow): ItemResult[] {
  const payload = JSON.parse(row.payload) as Record<string, unknown>;
  const sent = (payload.permanentIdentities ?? payload.events ?? []) as { sourceId?: string; email?: string }[];
  const lines = row.itemLines ? (JSON.parse(row.itemLines) as (number | null)[]) : [];
  const result = row.result ? (JSON.parse(row.result) as Record<string, unknown> | null) : null;
  const answered = (result?.permanentIdentities ?? result?.events) as ResultItem[] | undefined;
  return sent.map((item, index) => {
    const answer = answered?.[index];
    return {
      outboxId: row.id,
      line: lines[index] ?? null,
      sourceId: answer?.sourceId ?? item.sourceId ?? null,
      email: answer?.email ?? item.email ?? null,
      status: answer?.status ?? row.state.toUpperCase(),
      message: answer?.message ?? (row.state === 'failed' ? row.lastError : null),
      unknownAccessProfiles:
        answer?.unknownAccessProfiles?.map((r) => `${r.accessProfileGroupSourceId}:${r.sourceId}`).join(';') || null,
    };
  });
}

/** Counts by status, e.g. { SUCCESS: 180, INVALID: 2, PENDING: 18 }. */
export function countByStatus(results: readonly ItemResult[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of results) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}

/** The per-item results as CSV; every text cell neutralised against formulas (shared/csv.ts). */
export function resultsCsv(results: readonly ItemResult[]): string {
  return csvText(
    ['line', 'sourceId', 'email', 'status', 'message', 'unknownAccessProfiles', 'outboxItem'],
    results.map((r) => [r.line, r.sourceId, r.email, r.status, r.message, r.unknownAccessProfiles, r.outboxId]),
  );
}

/** The results of an outbox item's whole batch as a CSV file (the CLI's and the admin's export), or undefined if there is no such item. */
export function exportResults(
  outbox: Pick<OutboxRepo, 'byId' | 'inBatch'>,
  id: number,
): { fileName: string; csv: string } | undefined {
  const row = outbox.byId(id);
  if (!row) return undefined;
  const rows = row.batchId ? outbox.inBatch(row.batchId) : [row];
  return { fileName: `foyer-results-${row.batchId ?? row.id}.csv`, csv: resultsCsv(rows.flatMap(itemResults)) };
}
