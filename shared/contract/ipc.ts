/**
 * The Electron IPC door's wire: its channel names, known to the main process
 * and the preload alike, and the shape of every reply. Expected failures
 * come back as values in the contract's error shape (as the browser host
 * answers them as JSON bodies); only a bug in the main process rejects.
 */
import type { AppErrorBody } from './errors.ts';

export const IPC_CHANNELS = {
  /** invoke(call, name, input) → IpcReply */
  call: 'foyer:call',
  /** main → window: the one event stream (AppEvent) */
  event: 'foyer:event',
  /** invoke(print) → IpcReply<void>: the calling window's page to the kiosk's badge printer, silently */
  print: 'foyer:print',
} as const;

/**
 * Given to a window's renderer (webPreferences.additionalArguments, read by
 * the preload in process.argv) when the desktop app is a device of a site
 * hub: the window talks to the hub over HTTP like a browser, and the preload
 * gives it badge printing only.
 */
export const DEVICE_WINDOW_ARGUMENT = '--foyer-hub-device';

export type IpcReply<T = unknown> = { ok: true; value: T } | { ok: false; error: AppErrorBody['error'] };
