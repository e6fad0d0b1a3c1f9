/**
 * The roll call of an evacuation (shared/contract/evacuation.ts): started,
 * marked and ended at any desk of the site, the hub being the one writer;
 * each change goes out on the event stream as evacuation-changed, so that
 * every desk shows it within a second and every kiosk shows its evacuation
 * screen. Nothing of it goes to the service.
 */
import type { AppEvent, OperationName } from '../../../../shared/contract/operations.ts';
import type { Runtime } from '../../runtime.ts';
import { siteZone } from '../../usecases/local-times.ts';
import { rollCallCsv, rollCallFileName } from '../../usecases/roll-call-report.ts';
import {
  addArrivals,
  endRollCall,
  evacuationActive,
  markPerson,
  noteCheckInPlace,
  rollCallsOf,
  startRollCall,
  viewOf,
} from '../../usecases/roll-call.ts';
import { updateConfig } from '../../usecases/settings.ts';
import { pairedDeviceOf } from '../../access/device.ts';
import type { Session } from '../../access/session.ts';
import { AppError } from '../../errors.ts';
import type { HandlerContext, Handlers } from '../handler.ts';

/**
 * Who acts, as the roll call records it: the paired device's name at a hub,
 * else the kind of door ("desk", or "kiosk" for a kiosk's check-in).
 */
export function actorOf(ctx: {
  session: Pick<Session, 'client' | 'role'>;
  hub?: Parameters<typeof pairedDeviceOf>[1];
}): string {
  return pairedDeviceOf(ctx.session, ctx.hub)?.name ?? (ctx.session.role === 'kiosk' ? 'kiosk' : 'desk');
}

const changed = (ctx: Pick<HandlerContext, 'emit' | 'runtime'>, active: boolean, version: number) =>
  ctx.emit({ type: 'evacuation-changed', active, version, assemblyPoint: ctx.runtime.config.evacuation.assemblyPoint });

export const evacuationHandlers: Handlers<
  | 'evacuation.state'
  | 'evacuation.start'
  | 'evacuation.get'
  | 'evacuation.tick'
  | 'evacuation.end'
  | 'evacuation.report'
  | 'evacuation.setAssemblyPoint'
> = {
  'evacuation.state': (_, { runtime }) => ({
    active: evacuationActive(runtime),
    assemblyPoint: runtime.config.evacuation.assemblyPoint,
  }),
  'evacuation.start': (_, ctx) => {
    const { rollCall, started } = startRollCall(ctx.runtime, actorOf(ctx), ctx.now());
    if (started) {
      ctx.log?.(
        `evacuation: roll call ${rollCall.id} started by ${rollCall.startedBy}, ${rollCall.counts.total} on site`,
      );
      changed(ctx, true, rollCall.version);
    }
    return rollCall;
  },
  'evacuation.get': (_, { runtime }) => {
    const repo = rollCallsOf(runtime);
    const row = repo.active() ?? repo.latest();
    return row ? viewOf(runtime, row) : null;
  },
  'evacuation.tick': (input, ctx) => {
    const result = markPerson(ctx.runtime, input, actorOf(ctx), ctx.now());
    changed(ctx, true, result.version);
    return result;
  },
  'evacuation.end': ({ rollCallId }, ctx) => {
    const { rollCall, ended } = endRollCall(ctx.runtime, rollCallId, actorOf(ctx), ctx.now());
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
    const row = rollCallsOf(runtime).byId(rollCallId);
    if (!row) throw new AppError('NOT_FOUND', `no roll call ${rollCallId}`);
    const rollCall = viewOf(runtime, row);
    const zone = siteZone(runtime.config);
    return { fileName: rollCallFileName(zone, rollCall), csv: rollCallCsv(zone, rollCall), rollCall };
  },
  'evacuation.setAssemblyPoint': ({ assemblyPoint }, ctx) => {
    const { evacuation } = updateConfig(ctx.runtime, (c) => ({ ...c, evacuation: { ...c.evacuation, assemblyPoint } }));
    // A kiosk showing the evacuation screen shows the new place at once.
    const running = rollCallsOf(ctx.runtime).active();
    if (running) changed(ctx, true, running.version);
    return evacuation;
  },
};

/**
 * After each successful call: the roll call under way says where a check-in
 * was made (a paired device's name, else the kind of door). Its facts hold
 * that since it was queued (check-in-facts.ts), so an entry added after it
 * already says so; this only mends one added before.
 */
export function noteCheckInDevice(ctx: HandlerContext, name: OperationName, input: unknown, output: unknown): void {
  const checkIn =
    name === 'kiosk.checkIn' ||
    (name === 'guests.transition' && (input as { action?: unknown } | null)?.action === 'checkIn');
  if (!checkIn) return;
  const invitationId = (output as { invitationId?: unknown } | null)?.invitationId;
  if (typeof invitationId !== 'number') return;
  try {
    const version = noteCheckInPlace(ctx.runtime, invitationId, actorOf(ctx));
    if (version !== undefined) changed(ctx, true, version);
  } catch (error) {
    // The check-in stands; the roll call then says "kiosk" or "desk" instead of the device's name.
    ctx.log?.(`evacuation: the device of check-in ${invitationId} was not noted: ${String(error)}`);
  }
}

/**
 * The guests moved (a check-in at any door, a pull): whoever is on site and
 * not yet on the roll call under way is added, marked as arrived during it.
 */
export function rollCallArrivals(
  runtime: Runtime,
  emit: (event: AppEvent) => void,
  log?: (line: string) => void,
): void {
  try {
    const version = addArrivals(runtime);
    if (version !== undefined) changed({ emit, runtime }, true, version);
  } catch (error) {
    // Told after a check-in that stands: the arrivals are looked for again at the next change of the guests.
    log?.(`evacuation: arrivals not added to the roll call: ${String(error)}`);
  }
}
