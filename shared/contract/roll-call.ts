/**
 * The roll call of an evacuation (evacuation.ts: what it is, and the shapes
 * it returns): started at any desk with the list of who is on site, read by
 * every desk and, as whether one is under way and where to gather, by every
 * kiosk; ended, and reported. Its operations kept the names the screens call,
 * `evacuation.*`: this domain is the file's name, `roll-call`, not the prefix
 * (test/unit/contract/domains.test.ts). Marking people is the marks' domain
 * (evacuation-marks.ts): without it, a roll call still runs, with nobody
 * marked.
 */
import { z } from 'zod';
import { ADMIN, ALL, op, STAFF, PASSIVE } from './op.ts';
import { RollCall } from './evacuation.ts';
import { EvacuationSettings } from './settings.ts';

const rollCallId = z.object({ rollCallId: z.number().int().positive() }).strict();

export const rollCallOperations = {
  'evacuation.state': op(
    ALL,
    z.object({}).strict(),
    z.object({ active: z.boolean(), assemblyPoint: z.string() }),
    'Whether an evacuation is under way, and where to gather: what a kiosk shows (nothing of who is on site)',
    PASSIVE,
  ),
  'evacuation.start': op(
    STAFF,
    z.object({}).strict(),
    RollCall,
    'Start a roll call: the list of who is on site now is fixed (one already under way is returned as it is)',
  ),
  'evacuation.get': op(
    STAFF,
    z.object({}).strict(),
    RollCall.nullable(),
    'The roll call under way, else the last one that ended; null when there never was one',
    PASSIVE,
  ),
  'evacuation.end': op(STAFF, rollCallId, RollCall, 'End the roll call (one already ended is returned as it is)'),
  'evacuation.report': op(
    STAFF,
    rollCallId,
    z.object({ fileName: z.string(), csv: z.string(), rollCall: RollCall }),
    'A roll call as a report: start and end, each person accounted for or missing, by which device and when',
  ),
  'evacuation.setAssemblyPoint': op(
    ADMIN,
    z.object({ assemblyPoint: z.string().max(200, 'the assembly point: at most 200 characters') }).strict(),
    EvacuationSettings,
    "Set the site's assembly point, as the kiosks show it during an evacuation",
  ),
} as const;
