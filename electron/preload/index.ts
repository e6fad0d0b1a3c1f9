/**
 * The bridge: one named function per contract operation, and the event
 * stream. Never raw ipcRenderer; the main process checks every call's role.
 * Each function resolves to the main process's reply as it came
 * (`{ ok: true, value } | { ok: false, error }`, shared/contract/ipc.ts).
 *
 * A window of a hub's device (the app with hubUrl) gets badge printing
 * only: its page talks to the hub over HTTP, and the renderer's api takes
 * that path when the bridge carries no operations.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { DEVICE_WINDOW_ARGUMENT, IPC_CHANNELS, type IpcReply } from '../../shared/contract/ipc.ts';
import type { AppEvent } from '../../shared/contract/events.ts';
import { OPERATION_NAMES } from '../../shared/contract/operations.ts';

type Invoke = (channel: string, ...args: unknown[]) => Promise<unknown>;

/** Prints this window's page (the visitor badge) silently to the kiosk's badge printer. */
const printing = (invoke: Invoke) => ({ printBadge: () => invoke(IPC_CHANNELS.print) as Promise<IpcReply<void>> });

export function buildBridge(invoke: Invoke, on: typeof ipcRenderer.on, off: typeof ipcRenderer.removeListener) {
  return {
    operations: Object.fromEntries(
      OPERATION_NAMES.map((name) => [name, (input: unknown) => invoke(IPC_CHANNELS.call, name, input)]),
    ),
    ...printing(invoke),
    onEvent(listener: (event: AppEvent) => void) {
      const handler = (_: unknown, event: AppEvent) => listener(event);
      on.call(ipcRenderer, IPC_CHANNELS.event, handler);
      return () => void off.call(ipcRenderer, IPC_CHANNELS.event, handler);
    },
  };
}

const invoke: Invoke = (channel, ...args) => ipcRenderer.invoke(channel, ...args);
contextBridge.exposeInMainWorld(
  'foyer',
  process.argv.includes(DEVICE_WINDOW_ARGUMENT)
    ? printing(invoke)
    : buildBridge(invoke, ipcRenderer.on, ipcRenderer.removeListener),
);
