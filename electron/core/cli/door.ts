/**
 * The command line as a door of the core, like the IPC and HTTP doors: an
 * operation goes through the contract (`core.call`: the role checked, the
 * input validated, a failure in the contract's error shape) with the CLI's
 * own session. Its role is admin and cannot change: whoever runs `foyer` is
 * this machine's user, who owns the data folder, its token and its mirror
 * anyway (docs/security.md, "The command line"); PINs guard the screens of a
 * shared kiosk or desk, not the account. Everything a command changes goes
 * through here (check-ins, walk-ins, pushes, PINs, pairing, staff, forgetting),
 * so it is in the audit log with the device "cli". Reading goes through here
 * too (status, guests, the outbox, a file checked before a push): a command
 * that only reads opens the door `offline`, on the mirror as it is, with no
 * service started and no token needed. No CLI module names a use case, the
 * mirror or a repository (eslint.config.js, the cli block).
 */
import type { AppEvent } from '../../../shared/contract/events.ts';
import type { OperationName, OperationOutput } from '../../../shared/contract/operations.ts';
import { createAppCore } from '../app/core.ts';
import type { FileSink } from '../app/handler.ts';
import { CLI_CLIENT, createSession } from '../access/session.ts';
import { openHubRegistry } from '../hub/index.ts';
import { openRuntime, type Runtime } from '../runtime.ts';

export interface CliDoor {
  readonly runtime: Runtime;
  /** `options.file`: where a large file goes as it is written (see FileSink). */
  call<K extends OperationName>(name: K, input: unknown, options?: { file?: FileSink }): Promise<OperationOutput<K>>;
  /** The core's events as this session hears them (a long check's progress); returns the way to stop. */
  on(listener: (event: AppEvent) => void): () => void;
  close(): Promise<void>;
}

/** The CLI's session: admin, with no PIN to raise it and nothing to lock back to. */
const cliSession = () => createSession('cli', 'admin', 'admin', CLI_CLIENT);

/**
 * Opens the runtime on the data folder and the core over it. With `hub`, the core serves the site hub's registry
 * (hub.sqlite) for hub.* operations, also while a hub runs in another process. With `offline`, for a command that
 * only reads: the mirror as it is, no service (runtime.ts, RuntimeOptions.offline).
 */
export async function openDoor(
  dataDir: string,
  log?: (line: string) => void,
  options: { hub?: boolean; offline?: boolean } = {},
): Promise<CliDoor> {
  const runtime = await openRuntime({ dataDir, ...(options.offline ? { offline: true } : {}) });
  const hub = options.hub ? openHubRegistry({ dataDir, config: () => runtime.config }) : undefined;
  // A bug inside an operation is logged in full where the core says "the details are in the log": stderr here.
  const core = createAppCore(runtime, {
    log: log ?? ((line) => void process.stderr.write(`${line}\n`)),
    ...(hub ? { hub } : {}),
  });
  const session = cliSession();
  return {
    runtime,
    call: (name, input, options) => core.call(session, name, input, options),
    on: (listener) => core.subscribe(listener, session),
    async close() {
      core.close();
      hub?.close();
      await runtime.close();
    },
  };
}
