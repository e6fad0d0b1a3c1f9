/**
 * What the desk and the admin console say of a damaged mirror whose queued
 * changes could not all be read (salvage.ts): how many were read, what was
 * not, and where the damaged file is kept. Kept in the new mirror's
 * sync_state (the kept file's path, and the sentence), so that a restart
 * says it again; it is said until the kept file is moved away.
 */
import { existsSync } from 'node:fs';
import type { SyncStateRepo } from './repos/sync-state.ts';
import type { SalvageReport } from './salvage.ts';

const DAMAGE_ROW = 'mirror:damage';

export interface DamageNotice {
  message: string;
  at: string;
}

/** The sentence for a salvage that could not read everything; undefined when everything was read. */
export function damageSentence(keptAt: string, report: SalvageReport): string | undefined {
  if (!report.problem) return undefined;
  const kept = `The mirror was damaged and is kept as ${keptAt}`;
  if (report.queued + report.failed === 0)
    return (
      `${kept}: its queued changes could not be read (${report.problem}), so how many there were is not known. ` +
      'Check the service for check-ins and changes made here before the damage; what the file holds stays in it.'
    );
  return (
    `${kept}: ${report.copied} of its ${report.queued + report.failed} queued changes were read and are sent again; ` +
    `${report.problem}. What could not be read stays in that file.`
  );
}

export function noteDamage(syncState: SyncStateRepo, keptAt: string, message: string, at: string): void {
  syncState.recordSuccess(DAMAGE_ROW, at, { watermark: keptAt });
  syncState.recordFailure(DAMAGE_ROW, at, message);
}

/** The notice to show, while the kept file is where the notice says. */
export function damageNotice(syncState: SyncStateRepo): DamageNotice | null {
  const row = syncState.get(DAMAGE_ROW);
  if (!row?.watermark || !row.lastError || !row.lastErrorAt || !existsSync(row.watermark)) return null;
  return { message: row.lastError, at: row.lastErrorAt };
}
