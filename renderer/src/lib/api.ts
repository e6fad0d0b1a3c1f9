/**
 * The renderer's one way to reach the core. In the desktop app it goes
 * through the preload bridge (Electron IPC); in a browser, through the
 * browser host (a JSON POST per operation, Server-Sent Events for the
 * stream). Argument and result types come from the contract.
 */
import type { IpcReply } from '../../../shared/contract/ipc.ts';
import type {
  AppErrorBody,
  AppEvent,
  OperationInput,
  OperationName,
  OperationOutput,
} from '../../../shared/contract/operations.ts';

/**
 * What the preload exposes: one named function per operation (resolving to the main process's reply), and the event
 * stream. Without them (the desktop app as a device of a site hub), calls and events go over HTTP as in a browser.
 */
export interface FoyerBridge {
  operations?: { [K in OperationName]: (input: OperationInput<K>) => Promise<IpcReply<OperationOutput<K>>> };
  onEvent?(listener: (event: AppEvent) => void): () => void;
  /** Desktop app only: prints the page silently to the kiosk's badge printer. */
  printBadge?(): Promise<IpcReply<void>>;
}

declare global {
  // Declared on globalThis (window, in a page) so that Node-side tests that load this module type-check too.
  var foyer: FoyerBridge | undefined;
}

export class ApiCallError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}

function toError(body: unknown, fallback: string): ApiCallError {
  const error = (body as Partial<AppErrorBody> | null)?.error;
  return error ? new ApiCallError(error.code, error.message, error.details) : new ApiCallError('INTERNAL', fallback);
}

async function overHttp<K extends OperationName>(name: K, input: OperationInput<K>): Promise<OperationOutput<K>> {
  let response: Response;
  try {
    response = await fetch(`/app/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input ?? {}),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiCallError('UNREACHABLE', 'The Foyer host cannot be reached. Check that it is running.');
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw toError(body, `${name} failed (${response.status})`);
  return body as OperationOutput<K>;
}

export async function call<K extends OperationName>(name: K, input: OperationInput<K>): Promise<OperationOutput<K>> {
  const operations = globalThis.foyer?.operations;
  if (!operations) return overHttp(name, input);
  let reply: IpcReply<OperationOutput<K>>;
  try {
    reply = await operations[name](input);
  } catch (error) {
    // Only a bug in the main process rejects; its text is no error body.
    throw new ApiCallError('INTERNAL', `${name} failed: ${String((error as Error)?.message ?? error)}`);
  }
  if (reply.ok) return reply.value;
  throw toError({ error: reply.error }, `${name} failed`);
}

/**
 * The one event stream; reconnects by itself in a browser. `onConnection`
 * hears when the stream to the core drops and comes back.
 */
export function subscribe(
  listener: (event: AppEvent) => void,
  onConnection?: (connected: boolean) => void,
): () => void {
  if (globalThis.foyer?.onEvent) return globalThis.foyer.onEvent(listener);
  const source = new EventSource('/app/events');
  source.onmessage = (message) => listener(JSON.parse(message.data as string) as AppEvent);
  source.onopen = () => onConnection?.(true);
  source.onerror = () => onConnection?.(false);
  return () => source.close();
}

/**
 * Prints the page (its print styles show only the visitor badge): silently
 * to the configured printer in the desktop app, through the print dialog in
 * a browser, which cannot choose a printer by itself.
 */
export function printPage(): Promise<void> {
  const bridge = globalThis.foyer;
  if (bridge?.printBadge)
    return bridge.printBadge().then((reply) => {
      if (!reply.ok) throw toError({ error: reply.error }, 'the badge was not printed');
    });
  // The page's own print(): typed through globalThis, since Node-side tests type-check this module too.
  (globalThis as unknown as { print(): void }).print();
  return Promise.resolve();
}

export const api = { call, subscribe, printPage };
