/**
 * Pushing a file to the service, once for every door: the admin console (through
 * the contract's handlers) and the CLI call these, so that both check a file the
 * same way, count the same things and refuse the same uploads.
 */
import type { AccessProfileItem, EventSyncItem, PermanentIdentityItem } from '../../../shared/api/index.ts';
import type { PUSH_KINDS } from '../../../shared/contract/imports.ts';
import { AppError } from '../errors.ts';
import { importEvents } from '../imports/events.ts';
import { importIdentities } from '../imports/identities.ts';
import { importProfiles } from '../imports/profiles.ts';
import { importWatchlist, type WatchlistItem } from '../imports/watchlist.ts';
import { ImportError, type ImportResult, type Progress } from '../imports/issues.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { diffProfiles, needsConfirmation, type ProfileDiff } from '../outbox/profile-diff.ts';

export type PushKind = (typeof PUSH_KINDS)[number];

export interface FileToPush {
  kind: PushKind;
  /** Where the file is on disk. */
  path: string;
  /** The access profile group whose whole set a profiles file replaces. */
  group?: string | undefined;
}

export interface CheckedFile {
  kind: PushKind;
  group: string | undefined;
  result: ImportResult<unknown>;
  /**
   * The file could not be read as this kind of file at all (not a table, an
   * unknown column, not JSON): its one issue says why, and there are no rows
   * to count.
   */
  unreadable: boolean;
  /** What the valid rows hold, counted as people think of them (an events file: events and invitations). */
  summary: { label: string; count: number }[];
  /** For profiles: what the upload changes against the set last queued from here. */
  diff: ProfileDiff | null;
}

/** Why an upload is not queued; each door words it for its people. */
export type PushRefusal = 'no-group' | 'unreadable' | 'errors' | 'partial-profiles' | 'empty' | 'confirm';

/**
 * An upload not queued. A missing group is the input's fault (INVALID_INPUT, shown at the group field);
 * every other reason refuses the file as it is (REFUSED). The same at every door and every step.
 */
export class PushRefused extends AppError {
  override name = 'PushRefused';
  constructor(
    readonly reason: PushRefusal,
    message: string,
  ) {
    const ofInput = reason === 'no-group';
    super(ofInput ? 'INVALID_INPUT' : 'REFUSED', message, ofInput ? [{ path: 'group', message }] : undefined);
  }
}

/** The last set queued for a group (from the outbox), or undefined when none is known here. */
export type LastProfileSet = (group: string) => AccessProfileItem[] | undefined;

const IMPORTERS = {
  identities: importIdentities,
  profiles: importProfiles,
  events: importEvents,
  watchlist: importWatchlist,
} as const;

function summarise(kind: PushKind, items: readonly unknown[]): CheckedFile['summary'] {
  if (kind === 'watchlist') {
    const deny = (items as WatchlistItem[]).filter((item) => item.action === 'deny').length;
    return [
      { label: 'watchlist entries', count: items.length },
      { label: 'deny', count: deny },
      { label: 'alert', count: items.length - deny },
    ];
  }
  if (kind !== 'events') return [{ label: kind, count: items.length }];
  const invitations = (items as EventSyncItem[]).reduce((sum, e) => sum + (e.invitations?.length ?? 0), 0);
  return [
    { label: 'events', count: items.length },
    { label: 'invitations', count: invitations },
  ];
}

/** Reads and checks every row of a file; nothing is queued. */
export async function checkFile(
  file: FileToPush,
  lastProfileSet: LastProfileSet,
  onProgress?: Progress,
): Promise<CheckedFile> {
  if (file.kind === 'profiles' && !file.group)
    throw new PushRefused('no-group', 'choose the access profile group the file replaces');
  let result: ImportResult<unknown>;
  let unreadable = false;
  try {
    result = await IMPORTERS[file.kind](file.path, onProgress);
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    unreadable = true;
    result = {
      file: error.issue.file,
      format: 'csv',
      rows: 0,
      items: [],
      lines: [],
      invalidRows: 0,
      issues: [error.issue],
    };
  }
  const diff =
    file.kind === 'profiles' && !unreadable
      ? diffProfiles(lastProfileSet(file.group!), result.items as AccessProfileItem[])
      : null;
  return { kind: file.kind, group: file.group, result, unreadable, summary: summarise(file.kind, result.items), diff };
}

/** The one rule of what may be queued: every door refuses the same uploads. */
export function refusalOf(
  checked: CheckedFile,
  options: { allowPartial: boolean; confirmed: boolean },
): PushRefused | undefined {
  const { result } = checked;
  if (checked.unreadable) return new PushRefused('unreadable', result.issues[0]?.message ?? 'the file cannot be read');
  if (result.issues.length > 0 && checked.kind === 'profiles')
    return new PushRefused(
      'partial-profiles',
      'an access profile upload replaces the whole set: fix the rows with errors first (leaving them out would remove those profiles)',
    );
  if (result.issues.length > 0 && !options.allowPartial)
    return new PushRefused(
      'errors',
      `${result.invalidRows || result.issues.length} row(s) have errors: fix them, or push the valid rows only`,
    );
  if (result.items.length === 0 && checked.kind !== 'profiles')
    return new PushRefused('empty', 'the file has no valid rows');
  if (checked.diff && needsConfirmation(checked.diff) && !options.confirmed)
    return new PushRefused(
      'confirm',
      'this upload removes profiles or replaces a set not known here: confirm it first',
    );
  return undefined;
}

/** What a door may offer for a checked file: the same rule as the queueing, so it never offers what is then refused. */
export interface PushChoices {
  /** The whole file may be queued as it is (it has no errors). */
  queue: boolean;
  /** The file has errors, and its valid rows may be queued without them. */
  queueValidOnly: boolean;
  /** Why nothing may be queued, when neither may. */
  refusal: string | null;
}

/**
 * The choices for a checked file. A confirmation (profiles that removes or replaces a set not known
 * here) is no refusal: the door asks for it (the preview's profile difference says so) before queueing.
 */
export function choicesOf(checked: CheckedFile): PushChoices {
  const asIs = refusalOf(checked, { allowPartial: false, confirmed: true });
  const partial = refusalOf(checked, { allowPartial: true, confirmed: true });
  const queue = asIs === undefined;
  const queueValidOnly = !queue && checked.result.issues.length > 0 && partial === undefined;
  return { queue, queueValidOnly, refusal: queue || queueValidOnly ? null : (partial ?? asIs)!.message };
}

export interface QueuedFile {
  batchId: number;
  items: number;
  outboxItems: number;
}

/** Queues the valid items of a checked file, or throws PushRefused saying why not. */
export function queueCheckedFile(
  outbox: Pick<Outbox, 'queueIdentities' | 'queueEvents' | 'queueProfiles'>,
  checked: CheckedFile,
  options: { allowPartial: boolean; confirmed: boolean; source: string },
): QueuedFile {
  // A bug if it came here: the watchlist never leaves the site (app/handlers/watchlist.ts keeps it).
  if (checked.kind === 'watchlist') throw new Error('a watchlist is kept on this site, never queued for the service');
  const refusal = refusalOf(checked, options);
  if (refusal) throw refusal;
  const { result } = checked;
  const meta = { source: options.source, label: `${checked.kind} from ${result.file}`, lines: result.lines };
  const queued =
    checked.kind === 'profiles'
      ? outbox.queueProfiles(checked.group!, result.items as AccessProfileItem[], {
          ...meta,
          label: `profiles of ${checked.group} from ${result.file}`,
        })
      : checked.kind === 'identities'
        ? outbox.queueIdentities(result.items as PermanentIdentityItem[], meta)
        : outbox.queueEvents(result.items as EventSyncItem[], meta);
  return { batchId: queued.batchId, items: result.items.length, outboxItems: queued.outboxIds.length };
}

/**
 * The first valid items as a small table, for a person to see that the file was read as
 * meant: nested fields as dotted columns, lists by their length or their values.
 */
export function sampleOf(
  items: readonly unknown[],
  limit = 5,
  maxColumns = 8,
): { columns: string[]; rows: string[][] } {
  const flat = items.slice(0, limit).map((item) => {
    const cells = new Map<string, string>();
    const walk = (value: unknown, path: string) => {
      if (value === null || value === undefined) return;
      if (Array.isArray(value)) {
        // Small records (a group and a profile) read as their values joined; big ones (invitations) by their number.
        const small = (v: unknown) =>
          typeof v !== 'object' ||
          v === null ||
          Object.values(v).every((x) => typeof x !== 'object' && Object.keys(v).length <= 3);
        const text = (v: unknown) => (typeof v === 'object' && v !== null ? Object.values(v).join(':') : String(v));
        cells.set(path, value.every(small) ? value.map(text).join('; ') : `${value.length} ${path.split('.').at(-1)}`);
      } else if (typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key);
      } else cells.set(path, String(value));
    };
    walk(item, '');
    return cells;
  });
  const columns: string[] = [];
  for (const cells of flat) for (const key of cells.keys()) if (!columns.includes(key)) columns.push(key);
  const shown = columns.slice(0, maxColumns);
  return { columns: shown, rows: flat.map((cells) => shown.map((c) => cells.get(c) ?? '')) };
}
