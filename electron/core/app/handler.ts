import type { Writable } from 'node:stream';
import type { z } from 'zod';
import type { AppEvent } from '../../../shared/contract/events.ts';
import type { OperationName, OperationOutput, operations } from '../../../shared/contract/operations.ts';
import type { Publish } from '../bus.ts';
import type { Hub } from '../hub/index.ts';
import type { Runtime } from '../runtime.ts';
import type { PinGuard } from '../access/pin-guard.ts';
import type { Session } from '../access/session.ts';

export interface HandlerContext {
  session: Session;
  runtime: Runtime;
  /** Publishes on the one event stream (e.g. the progress of a long check). */
  emit: (event: AppEvent) => void;
  /**
   * Publishes a domain event (bus.ts) once the call has succeeded: its transaction committed, its answer made.
   * A call that fails publishes nothing of what it published.
   */
  publish: Publish;
  /** The process's limit on PIN attempts (see access/pin-guard.ts). */
  pinGuard: PinGuard;
  now: () => number;
  /** The host's log, for what went wrong without failing the call (e.g. a pass code that could not be signed). */
  log?: (line: string) => void;
  /** Set when this Foyer serves as a site hub (foyer hub, or the desktop app with hub.enabled). */
  hub?: Hub;
  /** Set when the door takes a file as it is written (see FileSink). */
  file?: FileSink;
  /** Locks now the sessions of people no longer on the staff list, telling their screens; returns how many. */
  endSessionsOfRemoved?: () => number;
}

/**
 * Where a door takes a file as it is written, instead of in the answer: the
 * browser host's HTTP answer, the CLI's file or standard output. An
 * operation that makes a large file (visits.export) writes into it, a part
 * at a time, and answers with no content; without one (Electron IPC, which
 * answers with one value) the file comes whole in the answer.
 */
export interface FileSink {
  /** Called once, before the first byte: the stream to write the file into (the operation ends it). */
  open(fileName: string, contentType: string): Writable;
}

/** Handlers receive the input after its schema ran (defaults applied). */
export type ParsedInput<K extends OperationName> = z.output<(typeof operations)[K]['input']>;

export type Handler<K extends OperationName> = (
  input: ParsedInput<K>,
  ctx: HandlerContext,
) => OperationOutput<K> | Promise<OperationOutput<K>>;

export type Handlers<K extends OperationName> = { [P in K]: Handler<P> };
