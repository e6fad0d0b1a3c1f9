/**
 * The roll call of an evacuation (shared/contract/roll-call.ts): started and
 * ended at any desk of the site, the hub being the one writer (its marks are
 * evacuation-marks/); each change goes out on the event stream as
 * evacuation-changed, so that every desk shows it within a second and every
 * kiosk shows its evacuation screen. Nothing of it goes to the service.
 */
import type { AppEvent } from '../../../shared/contract/operations.ts';
import type { AuditPolicy } from '../app/audit.ts';
import type { Handlers } from '../app/handler.ts';
import { placeOf } from '../app/where.ts';
import { AppError } from '../errors.ts';
import type { Runtime } from '../runtime.ts';
import { siteZone } from '../usecases/local-times.ts';
import { updateConfig } from '../usecases/settings.ts';
import { rollCallCsv, rollCallFileName } from './report.ts';
import { endRollCall, evacuationActive, startRollCall, storedRollCalls, viewOf } from './roll-call.ts';

type RollCallOperation =
  | 'evacuation.state'
  | 'evacuation.start'
  | 'evacuation.get'
  | 'evacuation.end'
  | 'evacuation.report'
  | 'evacuation.setAssemblyPoint';

/** A roll call started, changed or ended: every screen hears it (a kiosk only whether one is under way). */
export const changed = (
  ctx: { emit: (event: AppEvent) => void; runtime: Pick<Runtime, 'config'> },
  active: boolean,
  version: number,
) =>
  ctx.emit({ type: 'evacuation-changed', active, version, assemblyPoint: ctx.runtime.config.evacuation.assemblyPoint });

export const rollCallHandlers: Handlers<RollCallOperation> = {
  'evacuation.state': (_, { runtime }) => ({
    active: evacuationActive(runtime),
    assemblyPoint: runtime.config.evacuation.assemblyPoint,
  }),
  'evacuation.start': (_, ctx) => {
    const { rollCall, started } = startRollCall(ctx.runtime, placeOf(ctx), ctx.now());
    if (started) {
      ctx.log?.(
        `evacuation: roll call ${rollCall.id} started by ${rollCall.startedBy}, ${rollCall.counts.total} on site`,
      );
      changed(ctx, true, rollCall.version);
    }
    return rollCall;
  },
  'evacuation.get': (_, { runtime }) => {
    const stored = storedRollCalls(runtime);
    const row = stored.active() ?? stored.latest();
    return row ? viewOf(runtime, row) : null;
  },
  'evacuation.end': ({ rollCallId }, ctx) => {
    const { rollCall, ended } = endRollCall(ctx.runtime, rollCallId, placeOf(ctx), ctx.now());
    if (ended) {
      const { accounted, missing } = rollCall.counts;
      ctx.log?.(
        `evacuation: roll call ${rollCall.id} ended by ${rollCall.endedBy}: ${accounted} accounted, ${missing} missing`,
      );
      changed(ctx, false, rollCall.version);
    }
    return rollCall;
  },
  'evacuation.report': ({ rollCallId }, { runtime }) => {
    const row = storedRollCalls(runtime).byId(rollCallId);
    if (!row) throw new AppError('NOT_FOUND', `no roll call ${rollCallId}`);
    const rollCall = viewOf(runtime, row);
    const zone = siteZone(runtime.config);
    return { fileName: rollCallFileName(zone, rollCall), csv: rollCallCsv(zone, rollCall), rollCall };
  },
  'evacuation.setAssemblyPoint': ({ assemblyPoint }, ctx) => {
    const { evacuation } = updateConfig(ctx.runtime, (c) => ({ ...c, evacuation: { ...c.evacuation, assemblyPoint } }));
    // A kiosk showing the evacuation screen shows the new place at once.
    const running = storedRollCalls(ctx.runtime).active();
    if (running) changed(ctx, true, running.version);
    return evacuation;
  },
};

/** Which of them the audit log keeps (app/audit.ts): starting and ending a roll call, and the setting. */
export const rollCallAudit = {
  'evacuation.state': 'reads',
  'evacuation.get': 'reads',
  'evacuation.report': 'reads',
  'evacuation.setAssemblyPoint': { entry: () => ({ action: 'settings', subject: 'assembly point' }) },
  'evacuation.start': { entry: (_, out) => ({ action: 'roll-call-start', subject: `roll call ${out.id}` }) },
  'evacuation.end': { entry: ({ rollCallId }) => ({ action: 'roll-call-end', subject: `roll call ${rollCallId}` }) },
} satisfies AuditPolicy<RollCallOperation>;
