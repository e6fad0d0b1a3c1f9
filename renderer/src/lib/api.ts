/**
 * The renderer's one way to reach the core. In the desktop app it goes
 * through the preload bridge (Electron IPC); in a browser, through the
 * browser host (a JSON POST per operation, Server-Sent Events for the
 * stream). Argument and result types come from the contract.
 */
import { z } from 'zod';
import { HUB_PAIRING_PATH, PairingStarted, PairingState } from '../../../shared/contract/hub.ts';
import type { IpcReply } from '../../../shared/contract/ipc.ts';
import { AppErrorBody, type CallErrorCode } from '../../../shared/contract/errors.ts';
import type { AppEvent } from '../../../shared/contract/events.ts';
import type { OperationInput, OperationName, OperationOutput } from '../../../shared/contract/operations.ts';

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

/** A call's failure: the core's answer in the contract's shape, or UNREACHABLE when the door gave no answer. */
export class ApiCallError extends Error {
  constructor(
    readonly code: CallErrorCode,
    message: string,
    readonly details: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}

/** An error body of a code this app does not know (a host of another version): its words are kept. */
const SomeErrorBody = z.object({ error: z.object({ message: z.string() }) });

/** A host's error answer as the contract's error; anything else (a proxy's page, no body) as INTERNAL. */
function toError(body: unknown, fallback: string): ApiCallError {
  const parsed = AppErrorBody.safeParse(body);
  if (parsed.success) {
    const { code, message, details } = parsed.data.error;
    return new ApiCallError(code, message, details);
  }
  return new ApiCallError('INTERNAL', SomeErrorBody.safeParse(body).data?.error.message ?? fallback);
}

/**
 * Who hears that the host refused this device as unpaired (a site hub's
 * answer to a device it does not know, or no longer knows): whichever call
 * hears it first, the app goes to the pairing screen.
 */
const unpairedListeners = new Set<(message: string) => void>();
export function onUnpaired(listener: (message: string) => void): () => void {
  unpairedListeners.add(listener);
  return () => unpairedListeners.delete(listener);
}

function failed(body: unknown, fallback: string): ApiCallError {
  const error = toError(body, fallback);
  if (error.code === 'UNPAIRED') for (const listener of unpairedListeners) listener(error.message);
  return error;
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
  if (!response.ok) throw failed(body, `${name} failed (${response.status})`);
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

/** A file an operation makes: its name and bytes, and how many rows it holds when the answer said. */
export interface FileDownload {
  fileName: string;
  blob: Blob;
  rows: number | null;
}

const VISITOR_LOG_TYPES = {
  csv: 'text/csv;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * The visitor log as a file. In a browser the host sends it as the answer
 * itself, written as it is read (accept: application/octet-stream; see
 * electron/core/web/file-answer.ts), so a year of visits is never held whole
 * by the host; over IPC it comes in the answer, as text or base64.
 */
async function download(input: OperationInput<'visits.export'>): Promise<FileDownload> {
  const type = VISITOR_LOG_TYPES[input.format ?? 'csv'];
  if (globalThis.foyer?.operations) {
    const file = await call('visits.export', input);
    const bytes =
      file.encoding === 'base64' ? Uint8Array.from(atob(file.content), (c) => c.charCodeAt(0)) : file.content;
    return { fileName: file.fileName, blob: new Blob([bytes], { type }), rows: file.rows };
  }
  let response: Response;
  try {
    response = await fetch('/app/visits.export', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/octet-stream' },
      body: JSON.stringify(input),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiCallError('UNREACHABLE', 'The Foyer host cannot be reached. Check that it is running.');
  }
  if (!response.ok) throw failed(await response.json().catch(() => null), `visits.export failed (${response.status})`);
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  try {
    return { fileName: named?.[1] ?? 'foyer-visitors', blob: await response.blob(), rows: null };
  } catch {
    // The host cuts the answer when the file cannot be finished: half a file is not handed on as the whole.
    throw new ApiCallError('INTERNAL', 'The visitor log could not be finished; the details are in the log.');
  }
}

/** How long a stream that was refused waits before it is opened again (a hub restarting answers 502 for a moment). */
export const REOPEN_MS = 2000;

/**
 * The one event stream; reconnects by itself in a browser. `onConnection`
 * hears when the stream to the core drops and comes back.
 *
 * EventSource retries a dropped connection by itself, but gives up for good
 * when the host answers with anything but a stream: a hub's 401 to a device
 * it does not know (or revoked), a proxy's 502. Then one ordinary call asks
 * why (an UNPAIRED answer reaches `onUnpaired` like any call's), and the
 * stream is opened again unless the device is unpaired: pairing reloads the
 * page anyway.
 */
export function subscribe(
  listener: (event: AppEvent) => void,
  onConnection?: (connected: boolean) => void,
): () => void {
  if (globalThis.foyer?.onEvent) return globalThis.foyer.onEvent(listener);
  let source: EventSource | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const open = () => {
    const current = new EventSource('/app/events');
    source = current;
    current.onmessage = (message) => listener(JSON.parse(message.data as string) as AppEvent);
    current.onopen = () => onConnection?.(true);
    current.onerror = () => {
      onConnection?.(false);
      if (current.readyState === EventSource.CLOSED) void askWhy();
    };
  };
  const askWhy = async () => {
    try {
      await overHttp('session.get', {});
    } catch (error) {
      if (error instanceof ApiCallError && error.code === 'UNPAIRED') return;
    }
    if (!stopped) timer = setTimeout(open, REOPEN_MS);
  };
  open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
  };
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

/**
 * A site hub's pairing endpoints (outside the operations: the device has no
 * session yet). The hub keeps the pending pairing in an httpOnly cookie, so
 * a reload shows the same code. Their answers are checked: they come over
 * the network.
 */
async function pairingRequest<T>(method: 'GET' | 'POST', schema: z.ZodType<T>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(HUB_PAIRING_PATH, {
      method,
      credentials: 'same-origin',
      ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
    });
  } catch {
    throw new ApiCallError('UNREACHABLE', 'The hub cannot be reached. Check the network.');
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw toError(body, `the hub answered ${response.status}`);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiCallError('INTERNAL', 'The hub answered something this app does not understand.');
  return parsed.data;
}

export const pairing = {
  /** A new code for this device to show. */
  start: () => pairingRequest('POST', PairingStarted),
  /** Whether staff have entered the code yet: once paired, the hub has set the device's credential. */
  state: () => pairingRequest('GET', PairingState),
};

export const api = { call, download, subscribe, printPage, pairing };
