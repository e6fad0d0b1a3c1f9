/**
 * The bridge: one named function per contract operation, and the event
 * stream. Never raw ipcRenderer; the main process checks every call's role.
 * Each function resolves to the main process's reply as it came
 * (`{ ok: true, value } | { ok: false, error }`, shared/contract/ipc.ts).
 */
import { contextBridge, ipcRenderer } from 'electron';
import { IPC_CHANNELS, type IpcReply } from '../../shared/contract/ipc.ts';
import { type AppEvent, OPERATION_NAMES } from '../../shared/contract/operations.ts';

export function buildBridge(
  invoke: (channel: string, ...args: unknown[]) => Promise<unknown>,
  on: typeof ipcRenderer.on,
  off: typeof ipcRenderer.removeListener,
) {
  return {
    operations: Object.fromEntries(
      OPERATION_NAMES.map((name) => [name, (input: unknown) => invoke(IPC_CHANNELS.call, name, input)]),
    ),
    /** Prints this window's page (the visitor badge) silently to the kiosk's badge printer. */
    printBadge: () => invoke(IPC_CHANNELS.print) as Promise<IpcReply<void>>,
    onEvent(listener: (event: AppEvent) => void) {
      const handler = (_: unknown, event: AppEvent) => listener(event);
      on.call(ipcRenderer, IPC_CHANNELS.event, handler);
      return () => void off.call(ipcRenderer, IPC_CHANNELS.event, handler);
    },
  };
}

contextBridge.exposeInMainWorld(
  'foyer',
  buildBridge((channel, ...args) => ipcRenderer.invoke(channel, ...args), ipcRenderer.on, ipcRenderer.removeListener),
);
