/**
 * What a domain plugs into the core, declared in its own module and listed
 * once in domains.ts: the dispatcher (app/core.ts), the runtime and the sync
 * engine take it from there and name no domain.
 *
 * - `subscribe`: its subscribers on the runtime's bus (bus.ts), given the
 *   site they act on; the runtime subscribes them once, when it opens.
 * - `jobs`: timers the sync engine runs while it runs (sync/job.ts), made
 *   for each connection's engine (a reconnect makes new ones).
 * - `entrant`: who an operation of the domain is about to let in, and where
 *   (a walk-in registered, approved): the `screen`s hear it, so that the
 *   watchlist checks every entrance without knowing the domains that make one.
 * - `screen`: a check before every operation, for every door (core.call runs
 *   it before the operation and before its audit transaction, so what it
 *   writes stands even when it then refuses, by throwing the contract's error).
 */
import type { Config } from './config/config.ts';
import type { Mirror } from './db/mirror.ts';
import type { Outbox } from './outbox/outbox.ts';
import type { OperationName } from '../../shared/contract/operations.ts';
import type { HandlerContext } from './app/handler.ts';
import type { Bus } from './bus.ts';
import type { Job, Timers } from './sync/job.ts';
import type { Resource } from './sync/status.ts';
import type { Runtime } from './runtime.ts';
import type { Person } from './watchlist/match.ts';
import type { Where } from './watchlist/screen.ts';

/** Someone an operation is about to let in, and where. */
export interface Entrant {
  person: Person;
  where: Where;
}

/** What a domain's subscribers act on: the runtime (its accessors show the connection open now). */
export interface DomainSite {
  runtime: Runtime;
  now: () => number;
  log: (line: string) => void;
}

/** What a domain's job gets from the engine that runs it. */
export interface EngineJobContext {
  mirror: Mirror;
  /** Absent for an engine without an outbox (tests of the pulls alone). */
  outbox: Outbox | undefined;
  /** The configuration as it is now: read at each use. */
  config: () => Config;
  now: () => number;
  log: (line: string) => void;
  dataDir: string;
  /** The pull of a resource in flight, if any (a job that must wait for the first one). */
  inFlight: (resource: Resource) => Promise<unknown> | undefined;
  /**
   * A run that failed: a storage problem shows in the engine's status until a write works again (`blocks`: the
   * outbox's writes, cleared by the next delivery that writes), anything else is logged.
   */
  failed: (error: unknown, where: string, blocks?: 'outbox') => void;
  timers?: Timers;
}

export interface DomainModule {
  /** For people reading a log or a test: "roll-call", "walk-ins". */
  name: string;
  subscribe?(bus: Bus, site: DomainSite): void;
  jobs?(ctx: EngineJobContext): Job[];
  entrant?(ctx: HandlerContext, name: OperationName, input: unknown): Entrant | undefined;
  /** `entrant`: whom the operation lets in, as its domain says (undefined: none, or its domain says nothing). */
  screen?(ctx: HandlerContext, name: OperationName, input: unknown, entrant: Entrant | undefined): void;
}
