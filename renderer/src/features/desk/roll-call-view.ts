/** The roll call as a desk shows it: counts, and the people a search and "hide accounted" leave. Pure: tested in Node. */
import type { RollCall, RollCallEntry } from '../../../../shared/contract/evacuation.ts';

export function countsOf(entries: readonly RollCallEntry[]): RollCall['counts'] {
  const accounted = entries.filter((e) => e.accounted).length;
  return {
    total: entries.length,
    accounted,
    missing: entries.length - accounted,
    arrivedDuring: entries.filter((e) => e.arrivedDuring).length,
  };
}

const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** Every typed word the start of a word of the name, company, host or where they checked in. */
export function matches(entry: RollCallEntry, search: string): boolean {
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fold(
    [entry.firstName, entry.lastName, entry.companyName, entry.hostName, entry.checkedInAt].filter(Boolean).join(' '),
  )
    .split(/[\s,.()-]+/)
    .filter(Boolean);
  return words.every((word) => haystack.some((part) => part.startsWith(word)));
}

export function visibleEntries(entries: readonly RollCallEntry[], search: string, hideAccounted: boolean) {
  return entries.filter((e) => (!hideAccounted || !e.accounted) && matches(e, search));
}

/** A mark the hub answered: the entry as it is now, and the roll call's new version. */
export function withMark(rollCall: RollCall, entry: RollCallEntry, version?: number): RollCall {
  const entries = rollCall.entries.map((e) => (e.invitationId === entry.invitationId ? entry : e));
  return { ...rollCall, version: version ?? rollCall.version, entries, counts: countsOf(entries) };
}

const indexes = new WeakMap<RollCall, Map<number, RollCallEntry>>();

/** One person of the roll call, by invitation (each row of a long list asks: an index made once per roll call shown). */
export function entryOf(rollCall: RollCall, invitationId: number): RollCallEntry | undefined {
  let index = indexes.get(rollCall);
  if (!index) indexes.set(rollCall, (index = new Map(rollCall.entries.map((e) => [e.invitationId, e]))));
  return index.get(invitationId);
}
