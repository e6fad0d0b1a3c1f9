/** Per-item results of delivered pushes, for people: summaries and CSV. */
import { z } from 'zod';
import { csvText } from '../../../shared/csv.ts';
import type { OutboxRepo, OutboxRow } from '../db/repos/outbox.ts';
import { jsonOf, parsePayload } from './payloads.ts';

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

/** The service's answer per item, as stored with the row (unknown statuses and fields kept). */
const Answer = z.looseObject({
  sourceId: z.string().nullish(),
  email: z.string().nullish(),
  status: z.string().optional(),
  message: z.string().nullish(),
  unknownAccessProfiles: z
    .array(z.looseObject({ accessProfileGroupSourceId: z.string(), sourceId: z.string() }))
    .nullish(),
});
const Answers = z.looseObject({
  permanentIdentities: z.array(Answer).optional(),
  events: z.array(Answer).optional(),
});
/** The file line of each item, as queued (null: an item without one). */
const ItemLines = z.array(z.number().int().nullable());

/** What was sent in a row, item by item: identities and events rows have items; a row that cannot be read has none. */
function sentItems(row: OutboxRow): { sourceId?: string | null | undefined; email?: string | null | undefined }[] {
  const parsed = parsePayload(row);
  if (!parsed.ok) return [];
  if (parsed.kind === 'identities') return parsed.payload.permanentIdentities;
  if (parsed.kind === 'events') return parsed.payload.events;
  return [];
}

export function itemResults(row: OutboxRow): ItemResult[] {
  const sent = sentItems(row);
  const lines = ItemLines.safeParse(jsonOf(row.itemLines)).data ?? [];
  const result = Answers.safeParse(jsonOf(row.result)).data;
  const answered = result?.permanentIdentities ?? result?.events;
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
