/**
 * The app core: the one implementation of the app contract. Every door
 * (Electron IPC, the browser host, tests) calls `call(session, name, input)`,
 * which checks the session's role, validates the input, runs the handler
 * and returns its output, or throws an AppError with the one error shape.
 */
import type { AppEvent } from '../../../shared/contract/events.ts';
import { allowed, type OperationName, type OperationOutput, operations } from '../../../shared/contract/operations.ts';
import type { z } from 'zod';
import { formatPath } from '../../../shared/api/errors.ts';
import { clip, controlCharacterAt } from '../../../shared/contract/text.ts';
import type { DomainEvents } from '../bus.ts';
import { auditPolicy, entryScreens, handlers } from '../domains.ts';
import type { Hub } from '../hub/index.ts';
import type { Runtime } from '../runtime.ts';
import { runAudited } from './audit.ts';
import { AppError, asAppError } from '../errors.ts';
import { type Schedule, sessionEvents } from './events.ts';
import type { FileSink, ParsedInput } from './handler.ts';
import { createPinGuard, type PinLimit } from '../access/pin-guard.ts';
import { createSessionKeeper, type Session, type SessionKeeper } from '../access/session.ts';
import { MINUTE, SECOND } from '../../../shared/time.ts';

/**
 * The operations, seen as giving each its own input type: checked here for
 * every operation at once, so that `inputSchemas[name]` is typed by a generic
 * name (indexing `operations` by one gives the union of all their inputs).
 */
const inputSchemas: { [K in OperationName]: { input: z.ZodType<ParsedInput<K>> } } = operations;

/** Each domain's checks before an operation (domains.ts): the watchlist's, where a person is let in. */
const screens = entryScreens();

/** Entries of the guests' change log kept: far more than a desk misses between two events. */
const CHANGE_LOG_KEEP = 50_000;

export interface AppCore {
  /** `options.file`: a door that takes a large file as it is written (see FileSink). */
  call<K extends OperationName>(
    session: Session,
    name: K,
    input: unknown,
    options?: { file?: FileSink },
  ): Promise<OperationOutput<K>>;
  /**
   * The one event stream: sync status, mirror changes. Given the session it
   * goes to, only what that session's role hears now, as it may see it
   * (EVENT_ROLES, app/events.ts): every door passes its session.
   */
  subscribe(listener: (event: AppEvent) => void, session?: Session): () => void;
  /**
   * The sessions of the doors (browser cookies, Electron windows): bounded,
   * and swept on a timer so that an idle staff session locks even when its
   * screen calls nothing; its stream then hears the new role.
   */
  readonly sessions: SessionKeeper;
  /** Stops the sweep timer. */
  close(): void;
}

export interface AppCoreOptions {
  log?: (line: string) => void;
  now?: () => number;
  /** Tests: other PIN limits (see access/pin-guard.ts) and session bounds. */
  pinLimits?: { client: PinLimit; process: PinLimit };
  kioskIdleMs?: number;
  maxSessions?: number;
  maxPerClient?: number;
  /** The site hub this core serves (its devices, pairing): hub.* operations answer "not a hub" without it. */
  hub?: Hub;
  /** Tests: the timers that coalesce each session's sync status (app/events.ts). */
  schedule?: Schedule;
}

/** Enough to fix an input; a flood of issues (or one enormous key) is not echoed. */
const MAX_DETAILS = 20;

/** One input issue as the caller sees it: the path and message cut short; unknown keys named, not echoed. */
function describeIssue(issue: z.core.$ZodIssue): { path: string; message: string } {
  const path = clip(formatPath(issue.path.map((part) => (typeof part === 'string' ? clip(part) : part))), 120);
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.slice(0, 5).map((key) => `"${clip(key)}"`);
    const more = issue.keys.length > 5 ? ` and ${issue.keys.length - 5} more` : '';
    return { path, message: `unknown key${issue.keys.length > 1 ? 's' : ''} ${keys.join(', ')}${more}` };
  }
  return { path, message: clip(issue.message, 200) };
}

/** How often the staff list is looked at for people removed by another process: their screens lock within it. */
const STAFF_CHECK_MS = SECOND;

/** How often idle staff sessions are looked for: the lock comes at most this late (calls check it exactly). */
const SWEEP_EVERY_MS = 10 * SECOND;

export function createAppCore(runtime: Runtime, options: AppCoreOptions = {}): AppCore {
  const now = options.now ?? Date.now;
  /** Each listener with the session it listens for, if any: a role change goes to its own session only. */
  const listeners = new Map<(event: AppEvent) => void, Session | undefined>();
  const emit = (event: AppEvent) => {
    for (const listener of listeners.keys()) listener(event);
  };
  const emitTo = (session: Session, event: AppEvent) => {
    for (const [listener, target] of listeners) if (target === session) listener(event);
  };
  const pinGuard = createPinGuard({
    now,
    ...(options.log ? { log: options.log } : {}),
    ...(options.pinLimits ? { limits: options.pinLimits } : {}),
  });
  const sessions = createSessionKeeper({
    now,
    staffIdleMs: () => runtime.config.staffIdleMinutes * MINUTE,
    ...(options.kioskIdleMs !== undefined ? { kioskIdleMs: options.kioskIdleMs } : {}),
    ...(options.maxSessions !== undefined ? { maxSessions: options.maxSessions } : {}),
    ...(options.maxPerClient !== undefined ? { maxPerClient: options.maxPerClient } : {}),
    onLocked: (session) => {
      options.log?.(`session locked after ${runtime.config.staffIdleMinutes} min without a staff action`);
      emitTo(session, { type: 'role', role: session.role });
    },
  });
  const sweeper = setInterval(() => sessions.sweep(), SWEEP_EVERY_MS);
  sweeper.unref();
  /**
   * A person removed from the staff list (here, by "foyer staff remove" in another process, or at any screen of
   * the site) unlocks nothing more, and their open sessions lock: each screen hears its role on its stream.
   */
  const endSessionsOfRemoved = (): number => {
    if (!sessions.anyPerson()) return 0;
    let active: Set<number>;
    try {
      active = runtime.mirror.staff.activeIds();
    } catch {
      return 0; // a mirror being switched (reconnect): looked at again in a second
    }
    const locked = sessions.lockPeople((id) => !active.has(id));
    for (const session of locked) emitTo(session, { type: 'role', role: session.role });
    if (locked.length) options.log?.(`${locked.length} session(s) of staff removed from the list locked`);
    return locked.length;
  };
  const staffWatch = setInterval(endSessionsOfRemoved, STAFF_CHECK_MS);
  staffWatch.unref();
  let lastSuccess = '';
  let guestsVersion = runtime.mirror.deskGuests.version();
  let prunedAt = 0;
  /**
   * Every write to the guests (pulls, the outbox, purges) moves their version; the screens ask what changed.
   * Looked at after each status and right after each call, so that a check-in at one door reaches every
   * other door's stream at once, not at the next status.
   */
  const guestsMoved = () => {
    const version = runtime.mirror.deskGuests.version();
    if (version === guestsVersion) return;
    guestsVersion = version;
    emit({ type: 'guests-changed', version });
    runtime.bus.publish('guestsMoved', { version });
    if (version - prunedAt >= CHANGE_LOG_KEEP)
      try {
        runtime.mirror.deskGuests.pruneChanges(CHANGE_LOG_KEEP);
        prunedAt = version;
      } catch (error) {
        // Looked at after every call: a prune that cannot be written (a full disk) must not turn a done call into an
        // error. It is tried again at the next change.
        options.log?.(`the guests' change log was not pruned: ${String(error)}`);
      }
  };
  runtime.onStatus((status) => {
    emit({ type: 'sync-status', status });
    // Whether a delivery round is running says nothing about the mirror: it flips every few seconds.
    const { delivering: _delivering, ...outbox } = status.outbox;
    const successes = JSON.stringify([Object.values(status.resources).map((r) => r.lastSuccessAt), outbox]);
    if (successes !== lastSuccess) {
      lastSuccess = successes;
      emit({ type: 'mirror-changed', resources: Object.keys(status.resources) });
    }
    guestsMoved();
  });
  // Due work of the domains (signed copies and photos past their retention) is looked at with the statuses and the
  // calls, by the core's clock.
  const settled = () => runtime.bus.publish('settled', { at: now() });
  runtime.onStatus(settled);
  settled();
  // What the domains tell the screens goes to every session's stream, as each may hear it (the hub's broadcast).
  const stopBroadcast = runtime.bus.on('broadcast', emit);
  const { hub } = options;
  const stopHubEvents = hub?.onChange(() => emit({ type: 'devices-changed' }));
  const stopPrintingEvents = runtime.printing.onChange(() => emit({ type: 'printing-changed' }));

  return {
    async call(session, name, input, callOptions) {
      if (!Object.hasOwn(operations, name)) throw new AppError('UNKNOWN_OPERATION', `no operation "${String(name)}"`);
      sessions.touch(session, name);
      // Removed since the last look (another process): the call runs as the locked session it now is.
      if (session.staff && !runtime.mirror.staff.isActive(session.staff.id)) endSessionsOfRemoved();
      if (!allowed(session.role, name))
        throw new AppError('FORBIDDEN', `"${name}" is not allowed for the ${session.role} role`);
      const control = controlCharacterAt(input);
      if (control) {
        const path = formatPath(control);
        const message = 'must not contain control characters';
        throw new AppError('INVALID_INPUT', `invalid input for ${name}: ${path}: ${message}`, [{ path, message }]);
      }
      const parsed = inputSchemas[name].input.safeParse(input ?? {});
      if (!parsed.success) {
        const details = parsed.error.issues.slice(0, MAX_DETAILS).map(describeIssue);
        throw new AppError(
          'INVALID_INPUT',
          `invalid input for ${name}: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`,
          details,
        );
      }
      // The call's domain events, published once it succeeded (HandlerContext.publish).
      const events: { [K in keyof DomainEvents]: [K, DomainEvents[K]] }[keyof DomainEvents][] = [];
      try {
        const ctx = {
          session,
          runtime,
          emit,
          publish: <K extends keyof DomainEvents>(event: K, payload: DomainEvents[K]) =>
            void events.push([event, payload] as (typeof events)[number]),
          pinGuard,
          now,
          ...(options.log ? { log: options.log } : {}),
          ...(hub ? { hub } : {}),
          ...(callOptions?.file ? { file: callOptions.file } : {}),
          endSessionsOfRemoved,
        };
        // Whoever an operation lets in is checked first (the watchlist): what a check writes stands even when it refuses.
        for (const screen of screens) screen(ctx, name, parsed.data);
        // A staff action is written to the audit log with it (see audit.ts).
        const output = await runAudited(auditPolicy, name, parsed.data, ctx, () => handlers[name](parsed.data, ctx));
        for (const [event, payload] of events) runtime.bus.publish(event, payload as never);
        return output;
      } catch (error) {
        // The one place a failure becomes the contract's error: handlers let domain errors through untranslated.
        const expected = asAppError(error);
        // The person is told in words; the log keeps what SQLite or the file system said.
        if (expected?.code === 'DISK_FULL') options.log?.(`operation ${name} refused: ${String(error)}`);
        if (expected) throw expected;
        // A bug: logged in full where it happened; the caller learns which operation, and nothing of the insides
        // (an SQLite message, a server path).
        options.log?.(`operation ${name} failed: ${(error as Error)?.stack ?? String(error)}`);
        throw new AppError('INTERNAL', `${name} failed; the details are in the log`);
      } finally {
        guestsMoved();
        settled();
      }
    },
    subscribe(listener, session) {
      // What each session hears is decided here, for every door (app/events.ts).
      if (!session) {
        listeners.set(listener, undefined);
        return () => void listeners.delete(listener);
      }
      const stream = sessionEvents(session, listener, options.schedule ? { schedule: options.schedule } : {});
      listeners.set(stream.hear, session);
      return () => {
        listeners.delete(stream.hear);
        stream.close();
      };
    },
    sessions,
    close() {
      clearInterval(sweeper);
      clearInterval(staffWatch);
      stopHubEvents?.();
      stopPrintingEvents();
      stopBroadcast();
    },
  };
}
