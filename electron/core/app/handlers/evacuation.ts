/**
 * The roll call of an evacuation (shared/contract/evacuation.ts): started,
 * marked and ended at any desk of the site, the hub being the one writer;
 * each change goes out on the event stream as evacuation-changed, so that
 * every desk shows it within a second and every kiosk shows its evacuation
 * screen. Nothing of it goes to the service.
 */
import type { AppEvent } from '../../../../shared/contract/operations.ts';
import type { DomainModule } from '../../domain.ts';
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
import { AppError } from '../../errors.ts';
import type { Handlers } from '../handler.ts';
import { placeOf } from '../where.ts';

const changed = (
  ctx: { emit: (event: AppEvent) => void; runtime: Pick<Runtime, 'config'> },
  active: boolean,
  version: number,
) =>
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
    const repo = rollCallsOf(runtime);
    const row = repo.active() ?? repo.latest();
    return row ? viewOf(runtime, row) : null;
  },
  'evacuation.tick': (input, ctx) => {
    const result = markPerson(ctx.runtime, input, placeOf(ctx), ctx.now());
    changed(ctx, true, result.version);
    return result;
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
 * The roll call's part in the core (domains.ts): each check-in at a door is
 * noted with where it was made (a paired device's name, else the kind of
 * door), so that the roll call can say where a person checked in; each time
 * the guests move (a check-in at any door, a pull), whoever is on site and
 * not yet on the roll call under way is added, marked as arrived during it.
 * Each change goes to the screens as evacuation-changed.
 */
export const evacuationDomain: DomainModule = {
  name: 'evacuation',
  subscribe(bus, { runtime, log }) {
    const emit = (event: AppEvent) => bus.publish('broadcast', event);
    bus.on('checkedIn', ({ invitationId, door, device, automatic }) => {
      // Foyer's own check-ins (a walk-in's, when its invitation came) say where from the walk-in's request.
      if (automatic) return;
      try {
        const version = noteCheckInPlace(runtime, invitationId, device ?? door);
        if (version !== undefined) changed({ emit, runtime }, true, version);
      } catch (error) {
        // The check-in stands; the roll call then says "kiosk" or "desk" instead of the device's name.
        log(`evacuation: the device of check-in ${invitationId} was not noted: ${String(error)}`);
      }
    });
    bus.on('guestsMoved', () => {
      try {
        const version = addArrivals(runtime);
        if (version !== undefined) changed({ emit, runtime }, true, version);
      } catch (error) {
        // Told after a check-in that stands: the arrivals are looked for again at the next change of the guests.
        log(`evacuation: arrivals not added to the roll call: ${String(error)}`);
      }
    });
  },
};
