/**
 * What a code scanned or typed at the kiosk stands for.
 */
import { matchServicePattern, readPassCode } from '../codes/pass-codes.ts';
import { createSiteKeyStore } from '../codes/site-key.ts';
import { walkInRecords } from '../db/repos/walk-in-records.ts';
import type { Runtime } from '../runtime.ts';

/**
 * The invitation id a scanned or typed code stands for: a signed Foyer code
 * (a walk-in's, once the mirror holds their invitation), or the service's own QR content.
 */
export function invitationOfCode(runtime: Runtime, code: string): number | undefined {
  const pass = readPassCode(createSiteKeyStore(runtime.dataDir).get(), code);
  if (pass?.kind === 'walkIn') return walkInRecords(runtime.mirror).byId(pass.id)?.invitationId ?? undefined;
  return pass?.id ?? matchServicePattern(runtime.config.kiosk.codes.servicePattern, code);
}
