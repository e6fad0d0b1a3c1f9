/** foyer check-in|check-out|undo ID, foyer push ..., foyer outbox ... */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { z } from 'zod';
import { type FileUpload, MAX_UPLOAD_BYTES } from '../../../shared/contract/imports.ts';
import type { OperationInput } from '../../../shared/contract/operations.ts';
import type { StoredOutboxItem } from '../../../shared/contract/outbox.ts';
import type { PushCheck, PUSH_REFUSALS } from '../../../shared/contract/pushes.ts';
import { AppError } from '../errors.ts';
import { formatIssue, ImportError } from '../imports/issues.ts';
import type { TransitionAction } from '../outbox/transitions.ts';
import { describeDiff } from '../outbox/profile-diff.ts';
import { countByStatus, itemResults } from '../outbox/report.ts';
import type { Runtime } from '../runtime.ts';
import { localTime, type Output, parseCommand, table, UsageError } from './args.ts';
import { type CliDoor, openDoor } from './door.ts';

export const TRANSITION_USAGE = 'Usage: foyer check-in|check-out|undo ID [--data-dir DIR]\n';
export const PUSH_USAGE = `Usage: foyer push identities FILE [--dry-run] [--allow-partial]
       foyer push profiles GROUP FILE [--dry-run] [--yes]
       foyer push events FILE [--dry-run] [--allow-partial]
       foyer push watchlist FILE [--dry-run] [--allow-partial]

FILE: .csv (UTF-8 or UTF-16 with BOM, "," or ";"), .xlsx (identities), or .json.
The file is validated row by row at once; valid work is queued and delivered
when the service can be reached. A watchlist (firstName, lastName, companyName,
email, note, action: alert or deny) replaces this site's list at once and is
never sent to the service. Exit 0: delivered, queued or kept; 1: errors; 2: usage.
  --dry-run        validate only, queue nothing
  --allow-partial  queue the valid rows of a file that has errors
  --yes            confirm an upload that removes profiles (or replaces an unknown set)
`;
export const OUTBOX_USAGE = `Usage: foyer outbox [--json] [--limit N]
       foyer outbox retry ID
       foyer outbox retry-all                  every failed item again (those that cannot go say why)
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

/** One stored item (outbox.items), which a command has just seen. */
async function storedItem(door: CliDoor, which: { id: number } | { checkInOf: number }): Promise<StoredOutboxItem> {
  const [item] = await door.call('outbox.items', which);
  if (!item) throw new Error(`no outbox item for ${JSON.stringify(which)}`);
  return item;
}

/** The door PIN in a delivered check-in: the service's record, as the item keeps it (and the mirror took it). */
const DeliveredCheckIn = z.object({
  accessControl: z.object({ pin: z.union([z.string(), z.number()]).nullish() }).nullish(),
});
function pinOf(item: StoredOutboxItem): string | number | null {
  if (item.result === null) return null;
  try {
    return DeliveredCheckIn.safeParse(JSON.parse(item.result)).data?.accessControl?.pin ?? null;
  } catch {
    return null;
  }
}

/** A refusal or an unknown item, in the contract's words: said plainly, exit 1 (anything else is "foyer: ..."). */
const isRefusal = (error: unknown): error is AppError =>
  error instanceof AppError && (error.code === 'REFUSED' || error.code === 'NOT_FOUND');

export function transitionCommand(action: TransitionAction) {
  return async (argv: string[], out: Output): Promise<number> => {
    const { values, positionals, dataDir } = parseCommand(argv, {}, { min: 1, max: 1 });
    if (values.help) return (out.write(TRANSITION_USAGE), 0);
    const id = Number(positionals[0]);
    if (!Number.isInteger(id) || id <= 0) throw new UsageError(`"${positionals[0]}" is not an invitation id`);
    const door = await openDoor(dataDir);
    try {
      let shown;
      try {
        // As the desk does it (the desk's rules, in the audit log), sent at once: no Undo to wait for at a terminal.
        shown = await door.call('guests.transition', { invitationId: id, action, undoable: false });
      } catch (error) {
        if (!isRefusal(error)) throw error;
        out.write(`${error.message}\n`);
        return 1;
      }
      const queued = await storedItem(door, { checkInOf: id });
      out.write(`${shown.state} (pending): ${queued.label}\n`);
      await tryDeliver(door.runtime, out);
      const row = await storedItem(door, { id: queued.id });
      if (row.state !== 'delivered' && row.state !== 'failed') return 0;
      const guest = await door.call('guests.get', { invitationId: id });
      if (row.state === 'delivered') {
        const pin = pinOf(row);
        out.write(`delivered: ${guest?.state}${pin ? `, PIN ${pin}` : ''}\n`);
      } else {
        out.write(`refused by the service: ${row.lastError}\nThe guest is now shown as ${guest?.state}.\n`);
        return 1;
      }
      return 0;
    } finally {
      await door.close();
    }
  };
}

function printCheck(out: Output, checked: PushCheck): void {
  const [first, ...more] = checked.summary;
  const held = more.length ? ` (${more.map((m) => `${m.count} ${m.label}`).join(', ')})` : '';
  out.write(
    `${checked.file}: ${checked.rows} row(s) read, ${first!.count} valid ${first!.label}${held}, ${checked.invalidRows} row(s) with errors\n`,
  );
  const shown = checked.issues.slice(0, 25);
  for (const issue of shown) out.write(`  ${formatIssue(issue)}\n`);
  if (checked.issueCount > shown.length) out.write(`  ... and ${checked.issueCount - shown.length} more\n`);
}

/** How the CLI words a refusal of the shared rule (pushes.check, the same as pushes.queue's). */
const REFUSAL_HINTS: Record<(typeof PUSH_REFUSALS)[number], string> = {
  'no-group': '',
  unreadable: '',
  errors: 'Nothing was queued. Fix these rows, or queue the valid ones with --allow-partial.',
  'partial-profiles': 'Nothing was queued: an access profile upload replaces the whole set, so fix these rows first.',
  empty: 'Nothing to push.',
  confirm:
    'Not queued: this upload removes profiles or replaces a set not known here. Run again with --yes to confirm.',
};

function progress(out: Output, file: string) {
  let last = -1;
  return (done: number, total: number) => {
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
  if (kind !== 'identities' && kind !== 'profiles' && kind !== 'events' && kind !== 'watchlist')
    throw new UsageError(`unknown push "${kind}"; use identities, profiles, events or watchlist`);
  if (kind === 'profiles' ? args.length !== 2 : args.length !== 1)
    throw new UsageError(kind === 'profiles' ? 'push profiles needs GROUP and FILE' : `push ${kind} needs FILE`);
  if (kind === 'profiles' && values['allow-partial'])
    throw new UsageError('--allow-partial does not apply to profiles: an upload replaces the whole set');
  const file = args.at(-1)!;
  const group = kind === 'profiles' ? args[0]! : undefined;

  // Pushed through the contract as the console pushes: a file of its size at most.
  if (existsSync(file) && statSync(file).size > MAX_UPLOAD_BYTES)
    throw new UsageError(`${file} is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB: split it into smaller files`);
  const upload: FileUpload = {
    kind,
    ...(group === undefined ? {} : { group }),
    fileName: basename(file),
    contentBase64: readFileSync(file).toString('base64'),
  };
  const options = { allowPartial: Boolean(values['allow-partial']), confirmed: Boolean(values.yes) };
  // Checked first through the offline door (no service, no token needed), by the same rule as the console's:
  // a dry run asks no confirmation.
  const checked = await checkPush(
    dataDir,
    { ...upload, ...options, ...(values['dry-run'] ? { confirmed: true } : {}) },
    out,
  );
  // A file that is not this kind of file at all: its one problem, as for any bad input.
  if (checked.unreadable) throw new ImportError(checked.issues[0]!);
  printCheck(out, checked);
  if (checked.profileDiff) for (const line of describeDiff(checked.profileDiff, group!)) out.write(`${line}\n`);
  const refusal = checked.refusal;
  if (refusal) {
    const rowsToFix = refusal.reason === 'errors' || refusal.reason === 'partial-profiles';
    out.write(
      `${values['dry-run'] && rowsToFix ? 'Fix these rows before pushing.' : REFUSAL_HINTS[refusal.reason] || refusal.message}\n`,
    );
    return 1;
  }
  if (values['dry-run']) {
    out.write('Dry run: nothing was queued.\n');
    return checked.issueCount > 0 ? 1 : 0;
  }

  if (kind === 'watchlist') return keepWatchlistFile(dataDir, file, options, out);
  const door = await openDoor(dataDir);
  try {
    // Through the contract, as the console pushes (checked there again, in the audit log): the file's bytes.
    const { batchId } = await door.call('pushes.queue', { ...upload, ...options });
    out.write(`queued as batch ${batchId}\n`);
    await tryDeliver(door.runtime, out);
    const rows = await door.call('outbox.items', { batchId });
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
    await door.close();
  }
}

/** A file checked as pushes.queue would check it, with the reading's progress on a terminal. */
async function checkPush(dataDir: string, upload: OperationInput<'pushes.check'>, out: Output): Promise<PushCheck> {
  const door = await openDoor(dataDir, undefined, { offline: true });
  const uploadId = 'cli';
  const show = progress(out, upload.fileName);
  const stop = out.isTTY
    ? door.on((event) => {
        if (event.type === 'import-progress' && event.uploadId === uploadId) show(event.done, event.total);
      })
    : undefined;
  try {
    return await door.call('pushes.check', { ...upload, ...(stop ? { uploadId } : {}) });
  } finally {
    stop?.();
    await door.close();
  }
}

/** A watchlist through the door (pushes.queue), as the console pushes it: kept here, on-site guests checked. */
async function keepWatchlistFile(
  dataDir: string,
  file: string,
  options: { allowPartial: boolean },
  out: Output,
): Promise<number> {
  const door = await openDoor(dataDir);
  try {
    const kept = await door.call('pushes.queue', {
      kind: 'watchlist',
      fileName: basename(file),
      contentBase64: readFileSync(file).toString('base64'),
      allowPartial: options.allowPartial,
    });
    out.write(`kept as this site's watchlist: ${kept.items} entries (never sent to the service)\n`);
    const alerts = await door.call('watchlist.alerts', {});
    const onSite = alerts.filter((a) => a.point === 'on site when the list came');
    if (onSite.length > 0) out.write(`${onSite.length} guest(s) on site match it: the desks are told\n`);
    return 0;
  } finally {
    await door.close();
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
    const limit = values.limit === undefined ? 50 : Number(values.limit);
    if (!Number.isInteger(limit) || limit <= 0) throw new UsageError('--limit must be a positive whole number');
    const door = await openDoor(dataDir, undefined, { offline: true });
    try {
      const rows = await door.call('outbox.items', { newest: limit });
      const conflicts = await door.call('conflicts.list', {});
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
      await door.close();
    }
  }
  if (action === 'retry-all') {
    if (idText !== undefined) throw new UsageError('outbox retry-all takes no ID');
    const door = await openDoor(dataDir);
    try {
      const { retried, refused } = await door.call('outbox.retryAll', {});
      out.write(`${retried} failed item(s) queued again\n`);
      for (const r of refused) out.write(`  #${r.id} ${r.label}: ${r.reason}\n`);
      await tryDeliver(door.runtime, out);
      return refused.length > 0 ? 1 : 0;
    } finally {
      await door.close();
    }
  }
  const id = Number(idText);
  if (!Number.isInteger(id) || id <= 0) throw new UsageError(`outbox ${action} needs an item ID`);
  if (action === 'retry') {
    const door = await openDoor(dataDir);
    try {
      const row = await door.call('outbox.retry', { id });
      out.write(`queued again as item ${row.id}: ${row.label}\n`);
      await tryDeliver(door.runtime, out);
      return 0;
    } catch (error) {
      if (!isRefusal(error)) throw error;
      out.write(`${error.message}\n`);
      return 1;
    } finally {
      await door.close();
    }
  }
  if (action === 'export') {
    const door = await openDoor(dataDir, undefined, { offline: true });
    try {
      let exported;
      try {
        exported = await door.call('outbox.exportCsv', { id });
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_FOUND') throw new UsageError(error.message);
        throw error;
      }
      if (values.out) {
        writeFileSync(values.out, exported.csv);
        out.write(`wrote ${values.out}\n`);
      } else out.write(exported.csv);
      return 0;
    } finally {
      await door.close();
    }
  }
  throw new UsageError(`unknown outbox action "${action}"`);
}
