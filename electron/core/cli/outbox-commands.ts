/** foyer check-in|check-out|undo ID, foyer push ..., foyer outbox ... */
import { writeFileSync } from 'node:fs';
import type { ImportResult } from '../imports/issues.ts';
import { formatIssue } from '../imports/issues.ts';
import { importEvents, importIdentities, importProfiles } from '../imports/importers.ts';
import { TransitionRefused, type TransitionAction } from '../outbox/transitions.ts';
import { describeDiff, diffProfiles, needsConfirmation } from '../outbox/profile-diff.ts';
import { countByStatus, exportResults, itemResults } from '../outbox/report.ts';
import { openRuntime, type Runtime } from '../runtime.ts';
import { localTime, type Output, parseCommand, table, UsageError } from './args.ts';
import { openLocal } from './local.ts';

export const TRANSITION_USAGE = 'Usage: foyer check-in|check-out|undo ID [--data-dir DIR]\n';
export const PUSH_USAGE = `Usage: foyer push identities FILE [--dry-run] [--allow-partial]
       foyer push profiles GROUP FILE [--dry-run] [--yes]
       foyer push events FILE [--dry-run] [--allow-partial]

FILE: .csv (UTF-8 or UTF-16 with BOM, "," or ";"), .xlsx (identities), or .json.
The file is validated row by row at once; valid work is queued and delivered
when the service can be reached. Exit 0: delivered or queued; 1: errors; 2: usage.
  --dry-run        validate only, queue nothing
  --allow-partial  queue the valid rows of a file that has errors
  --yes            confirm an upload that removes profiles (or replaces an unknown set)
`;
export const OUTBOX_USAGE = `Usage: foyer outbox [--json] [--limit N]
       foyer outbox retry ID
       foyer outbox export ID [--out FILE]     per-item results of an item's batch, as CSV
`;

/** Sends what is queued once, without waiting for a service that is down. */
async function tryDeliver(runtime: Runtime, out: Output): Promise<void> {
  const summary = await runtime.engine.deliver();
  if (!summary) return;
  if (summary.unauthorized)
    out.write('The service rejected the token: nothing was sent. Set it with "foyer config set token <TOKEN>".\n');
  else if (summary.pending > 0)
    out.write(
      `${summary.pending} item(s) waiting in the outbox: they are sent when the service can be reached ("foyer sync").\n`,
    );
}

export function transitionCommand(action: TransitionAction) {
  return async (argv: string[], out: Output): Promise<number> => {
    const { values, positionals, dataDir } = parseCommand(argv, {}, { min: 1, max: 1 });
    if (values.help) return (out.write(TRANSITION_USAGE), 0);
    const id = Number(positionals[0]);
    if (!Number.isInteger(id) || id <= 0) throw new UsageError(`"${positionals[0]}" is not an invitation id`);
    const runtime = await openRuntime({ dataDir });
    try {
      let queued;
      try {
        queued = runtime.outbox.queueTransition(id, action, 'desk');
      } catch (error) {
        if (error instanceof TransitionRefused || /no guest/.test((error as Error).message)) {
          out.write(`${(error as Error).message}\n`);
          return 1;
        }
        throw error;
      }
      out.write(`${queued.guest.state} (pending): ${runtime.mirror.outbox.get.get(queued.outboxId)!.label}\n`);
      await tryDeliver(runtime, out);
      const row = runtime.mirror.outbox.get.get(queued.outboxId)!;
      const guest = runtime.mirror.guests.byId(id, runtime.config.flow)!;
      if (row.state === 'delivered') {
        const { pin } = runtime.mirror.guests.details(id);
        out.write(`delivered: ${guest.state}${pin ? `, PIN ${pin}` : ''}\n`);
      } else if (row.state === 'failed') {
        out.write(`refused by the service: ${row.lastError}\nThe guest is back to ${guest.state}.\n`);
        return 1;
      }
      return 0;
    } finally {
      await runtime.close();
    }
  };
}

function printImport<T>(out: Output, result: ImportResult<T>, what: string): void {
  out.write(
    `${result.file}: ${result.rows} row(s) read, ${result.items.length} valid ${what}, ${result.invalidRows} row(s) with errors\n`,
  );
  const shown = result.issues.slice(0, 25);
  for (const issue of shown) out.write(`  ${formatIssue(issue)}\n`);
  if (result.issues.length > shown.length) out.write(`  ... and ${result.issues.length - shown.length} more\n`);
}

function progress(out: Output, file: string) {
  let last = -1;
  return (done: number, total: number) => {
    if (!out.isTTY) return;
    const percent = Math.floor((100 * done) / Math.max(1, total));
    if (percent !== last) out.write(`\rreading ${file} ${percent}%\u001b[K`);
    last = percent;
    if (done >= total) out.write('\r\u001b[K');
  };
}

export async function pushCommand(argv: string[], out: Output): Promise<number> {
  const { values, positionals, dataDir } = parseCommand(
    argv,
    { 'dry-run': { type: 'boolean' }, 'allow-partial': { type: 'boolean' }, yes: { type: 'boolean' } },
    { min: 2, max: 3 },
  );
  if (values.help) return (out.write(PUSH_USAGE), 0);
  const [kind, ...args] = positionals;
  if (kind !== 'identities' && kind !== 'profiles' && kind !== 'events')
    throw new UsageError(`unknown push "${kind}"; use identities, profiles or events`);
  if (kind === 'profiles' ? args.length !== 2 : args.length !== 1)
    throw new UsageError(kind === 'profiles' ? 'push profiles needs GROUP and FILE' : `push ${kind} needs FILE`);
  if (kind === 'profiles' && values['allow-partial'])
    throw new UsageError('--allow-partial does not apply to profiles: an upload replaces the whole set');
  const file = args.at(-1)!;
  const group = kind === 'profiles' ? args[0]! : undefined;

  const onProgress = progress(out, file);
  const result =
    kind === 'identities'
      ? await importIdentities(file, onProgress)
      : kind === 'events'
        ? await importEvents(file, onProgress)
        : await importProfiles(file, onProgress);
  printImport(out, result, kind);
  const hasErrors = result.issues.length > 0;
  if (hasErrors && !values['allow-partial']) {
    out.write(
      values['dry-run']
        ? 'Fix these rows before pushing.\n'
        : 'Nothing was queued. Fix these rows, or queue the valid ones with --allow-partial.\n',
    );
    return 1;
  }
  if (result.items.length === 0 && kind !== 'profiles') {
    out.write('Nothing to push.\n');
    return 1;
  }
  if (values['dry-run']) {
    if (kind === 'profiles') {
      const local = openLocal(dataDir);
      try {
        const last = local.mirror.outbox.lastProfileSet.get(group!);
        for (const line of describeDiff(
          diffProfiles(last ? JSON.parse(last) : undefined, result.items as never),
          group!,
        ))
          out.write(`${line}\n`);
      } finally {
        local.close();
      }
    }
    out.write('Dry run: nothing was queued.\n');
    return hasErrors ? 1 : 0;
  }

  const runtime = await openRuntime({ dataDir });
  try {
    const meta = { source: file, label: `${kind} from ${result.file}`, lines: result.lines };
    let batchId: number;
    if (kind === 'profiles') {
      const diff = diffProfiles(runtime.outbox.lastProfileSet(group!), result.items as never);
      for (const line of describeDiff(diff, group!)) out.write(`${line}\n`);
      if (needsConfirmation(diff) && !values.yes) {
        out.write(
          'Not queued: this upload removes profiles or replaces a set not known here. Run again with --yes to confirm.\n',
        );
        return 1;
      }
      batchId = runtime.outbox.queueProfiles(group!, result.items as never, {
        ...meta,
        label: `profiles of ${group} from ${result.file}`,
      }).batchId;
    } else if (kind === 'identities') batchId = runtime.outbox.queueIdentities(result.items as never, meta).batchId;
    else batchId = runtime.outbox.queueEvents(result.items as never, meta).batchId;
    out.write(`queued as batch ${batchId}\n`);
    await tryDeliver(runtime, out);
    const rows = runtime.mirror.outbox.byBatch.all(batchId);
    const results = rows.flatMap(itemResults);
    if (kind !== 'profiles') {
      const counts = countByStatus(results);
      out.write(
        `results: ${Object.entries(counts)
          .map(([s, n]) => `${n} ${s}`)
          .join(', ')}\n`,
      );
      const notable = results.filter((r) => r.status !== 'SUCCESS' && r.status !== 'PENDING').slice(0, 20);
      for (const r of notable)
        out.write(
          `  line ${r.line ?? '?'} ${r.sourceId ?? r.email ?? ''}: ${r.status}${r.message ? ` (${r.message})` : ''}\n`,
        );
      const unknown = results.filter((r) => r.unknownAccessProfiles).length;
      if (unknown > 0)
        out.write(
          `  ${unknown} item(s) name access profiles the service does not know (see "foyer outbox export ${rows[0]!.id}")\n`,
        );
    } else out.write(`upload ${rows[0]!.state}\n`);
    return rows.some((r) => r.state === 'failed') ? 1 : 0;
  } finally {
    await runtime.close();
  }
}

export async function outboxCommand(argv: string[], out: Output): Promise<number> {
  const { values, positionals, dataDir } = parseCommand(
    argv,
    { json: { type: 'boolean' }, limit: { type: 'string' }, out: { type: 'string' } },
    { min: 0, max: 2 },
  );
  if (values.help) return (out.write(OUTBOX_USAGE), 0);
  const [action, idText] = positionals;
  if (action === undefined) {
    const local = openLocal(dataDir);
    try {
      const limit = values.limit === undefined ? 50 : Number(values.limit);
      if (!Number.isInteger(limit) || limit <= 0) throw new UsageError('--limit must be a positive whole number');
      const rows = local.mirror.outbox.list.all(limit);
      const conflicts = local.mirror.outbox.openConflicts.all();
      if (values.json) {
        out.write(
          `${JSON.stringify({ items: rows.map((r) => ({ ...r, payload: JSON.parse(r.payload), result: r.result ? JSON.parse(r.result) : null, itemLines: undefined, results: itemResults(r).length ? countByStatus(itemResults(r)) : undefined })), conflicts }, null, 2)}\n`,
        );
        return 0;
      }
      out.write(
        `${table(
          ['id', 'state', 'tries', 'created', 'what', 'result / reason'],
          rows.map((r) => {
            const counts = itemResults(r).length > 0 ? countByStatus(itemResults(r)) : null;
            const summary =
              r.state === 'delivered'
                ? counts
                  ? Object.entries(counts)
                      .map(([s, n]) => `${n} ${s}`)
                      .join(', ')
                  : 'ok'
                : (r.lastError ?? '');
            return [r.id, r.state, r.attempts, localTime(r.createdAt), r.label, summary.slice(0, 100)];
          }),
        )}\n`,
      );
      if (conflicts.length > 0) {
        out.write(`\n${conflicts.length} conflict(s) for the desk:\n`);
        for (const c of conflicts) out.write(`  ${localTime(c.createdAt)} ${c.label}: ${c.message}\n`);
      }
      return 0;
    } finally {
      local.close();
    }
  }
  const id = Number(idText);
  if (!Number.isInteger(id) || id <= 0) throw new UsageError(`outbox ${action} needs an item ID`);
  if (action === 'retry') {
    const runtime = await openRuntime({ dataDir });
    try {
      const row = runtime.outbox.retry(id);
      out.write(`queued again as item ${row.id}: ${row.label}\n`);
      await tryDeliver(runtime, out);
      return 0;
    } catch (error) {
      out.write(`${(error as Error).message}\n`);
      return 1;
    } finally {
      await runtime.close();
    }
  }
  if (action === 'export') {
    const local = openLocal(dataDir);
    try {
      const exported = exportResults(local.mirror.outbox, id);
      if (!exported) throw new UsageError(`no outbox item ${id}`);
      const { csv } = exported;
      if (values.out) {
        writeFileSync(values.out, csv);
        out.write(`wrote ${values.out}\n`);
      } else out.write(csv);
      return 0;
    } finally {
      local.close();
    }
  }
  throw new UsageError(`unknown outbox action "${action}"`);
}
