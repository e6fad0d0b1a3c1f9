/** What an access-profile upload would change, compared with the last set queued for the group. */
import type { AccessProfileItem } from '../../../shared/api/index.ts';

export interface ProfileDiff {
  /** No set was queued from this machine before: the service's current set is unknown. */
  firstUpload: boolean;
  added: AccessProfileItem[];
  removed: AccessProfileItem[];
  renamed: { sourceId: string; from: string; to: string }[];
  /** Same sourceId and name, other description. */
  changed: AccessProfileItem[];
  unchanged: number;
}

export function diffProfiles(
  previous: readonly AccessProfileItem[] | undefined,
  next: readonly AccessProfileItem[],
): ProfileDiff {
  const before = new Map((previous ?? []).map((p) => [p.sourceId, p]));
  const after = new Map(next.map((p) => [p.sourceId, p]));
  const diff: ProfileDiff = {
    firstUpload: previous === undefined,
    added: [],
    removed: [],
    renamed: [],
    changed: [],
    unchanged: 0,
  };
  for (const profile of next) {
    const old = before.get(profile.sourceId);
    if (!old) diff.added.push(profile);
    else if (old.name !== profile.name)
      diff.renamed.push({ sourceId: profile.sourceId, from: old.name, to: profile.name });
    else if ((old.description ?? null) !== (profile.description ?? null)) diff.changed.push(profile);
    else diff.unchanged++;
  }
  for (const profile of previous ?? []) if (!after.has(profile.sourceId)) diff.removed.push(profile);
  return diff;
}

/** Removing profiles takes away people's access: a person must confirm it. So must a first upload, which replaces an unknown set. */
export const needsConfirmation = (diff: ProfileDiff) => diff.removed.length > 0 || diff.firstUpload;

export function describeDiff(diff: ProfileDiff, group: string): string[] {
  const lines: string[] = [];
  if (diff.firstUpload)
    lines.push(
      `First upload to "${group}" from this machine: the group's current profiles are not known here, and every profile not in this file will be removed by the service.`,
    );
  for (const p of diff.added) lines.push(`  + ${p.sourceId}  ${p.name}`);
  for (const p of diff.removed) lines.push(`  - ${p.sourceId}  ${p.name}  (removed: people lose this access)`);
  for (const r of diff.renamed) lines.push(`  ~ ${r.sourceId}  "${r.from}" -> "${r.to}"`);
  for (const p of diff.changed) lines.push(`  ~ ${p.sourceId}  description changed`);
  lines.push(
    `${diff.added.length} added, ${diff.removed.length} removed, ${diff.renamed.length} renamed, ${diff.changed.length} changed, ${diff.unchanged} unchanged`,
  );
  return lines;
}
