/**
 * The IPC door of the app contract. The main process knows which window is
 * calling (by its webContents), gives each window its own session, and the
 * core checks that session's role on every call: a kiosk window can never
 * reach a desk or admin operation, whatever its renderer sends.
 */
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { type AppEvent, OPERATION_NAMES, type OperationName } from '../../shared/contract/operations.ts';
import type { AppCore } from '../core/app/core.ts';
import { AppError } from '../core/app/errors.ts';
import type { Session } from '../core/app/session.ts';

export const CALL_CHANNEL = 'foyer:call';
export const EVENT_CHANNEL = 'foyer:event';

export function registerIpc(
  ipcMain: IpcMain,
  core: AppCore,
  sessionOf: (contents: WebContents) => Session | undefined,
) {
  ipcMain.handle(CALL_CHANNEL, async (event: IpcMainInvokeEvent, name: unknown, input: unknown) => {
    const session = sessionOf(event.sender);
    if (!session) throw new Error(JSON.stringify(new AppError('FORBIDDEN', 'this window has no session').toBody()));
    if (typeof name !== 'string' || !(OPERATION_NAMES as string[]).includes(name))
      throw new Error(JSON.stringify(new AppError('UNKNOWN_OPERATION', `no operation "${String(name)}"`).toBody()));
    try {
      return await core.call(session, name as OperationName, input);
    } catch (error) {
      // IPC carries an error's message only: the message is the error body.
      if (error instanceof AppError) throw new Error(JSON.stringify(error.toBody()));
      throw error;
    }
  });
  return () => ipcMain.removeHandler(CALL_CHANNEL);
}

/** Sends the one event stream to a window. */
export function forwardEvents(core: AppCore, contents: WebContents, session: Session): () => void {
  const send = (event: AppEvent) => {
    if (!contents.isDestroyed()) contents.send(EVENT_CHANNEL, event);
  };
  send({ type: 'role', role: session.role });
  return core.subscribe(send, session);
}
