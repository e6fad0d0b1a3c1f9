/**
 * The command line as a door of the core, like the IPC and HTTP doors: an
 * operation goes through the contract (`core.call`: the role checked, the
 * input validated, a failure in the contract's error shape) with the CLI's
 * own session. Its role is admin and cannot change: whoever runs `foyer` is
 * this machine's user, who owns the data folder, its token and its mirror
 * anyway (docs/security.md, "The command line"); PINs guard the screens of a
 * shared kiosk or desk, not the account. Everything a command changes goes
 * through here (check-ins, walk-ins, pushes, PINs, pairing, staff, forgetting),
 * so it is in the audit log with the device "cli"; what the contract does not
 * offer to read (the mirror over the week, an outbox item's results) the
 * commands still take from the use cases.
 */
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
  close(): Promise<void>;
}

/** The CLI's session: admin, with no PIN to raise it and nothing to lock back to. */
const cliSession = () => createSession('cli', 'admin', 'admin', CLI_CLIENT);

/**
 * Opens the runtime on the data folder and the core over it, for a command that changes things. With `hub`, the
 * core serves the site hub's registry (hub.sqlite) for hub.* operations, also while a hub runs in another process.
 */
export async function openDoor(
  dataDir: string,
  log?: (line: string) => void,
  options: { hub?: boolean } = {},
): Promise<CliDoor> {
  const runtime = await openRuntime({ dataDir });
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
    async close() {
      core.close();
      hub?.close();
      await runtime.close();
    },
  };
}
