/**
 * The bridge: one named function per contract operation, and the event
 * stream. Never raw ipcRenderer; the main process checks every call's role.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { type AppEvent, OPERATION_NAMES } from '../../shared/contract/operations.ts';

const CALL_CHANNEL = 'foyer:call';
const EVENT_CHANNEL = 'foyer:event';

export function buildBridge(
  invoke: (channel: string, ...args: unknown[]) => Promise<unknown>,
  on: typeof ipcRenderer.on,
  off: typeof ipcRenderer.removeListener,
) {
  return {
    operations: Object.fromEntries(
      OPERATION_NAMES.map((name) => [name, (input: unknown) => invoke(CALL_CHANNEL, name, input)]),
    ),
    onEvent(listener: (event: AppEvent) => void) {
      const handler = (_: unknown, event: AppEvent) => listener(event);
      on.call(ipcRenderer, EVENT_CHANNEL, handler);
      return () => void off.call(ipcRenderer, EVENT_CHANNEL, handler);
    },
  };
}

contextBridge.exposeInMainWorld(
  'foyer',
  buildBridge((channel, ...args) => ipcRenderer.invoke(channel, ...args), ipcRenderer.on, ipcRenderer.removeListener),
);
