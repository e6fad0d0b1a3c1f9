/**
 * The IPC door of the app contract. The main process knows which window is
 * calling (by its webContents), gives each window its own session, and the
 * core checks that session's role on every call: a kiosk window can never
 * reach a desk or admin operation, whatever its renderer sends.
 */
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { IPC_CHANNELS, type IpcReply } from '../../shared/contract/ipc.ts';
import type { AppEvent } from '../../shared/contract/events.ts';
import { OPERATION_NAMES, type OperationName } from '../../shared/contract/operations.ts';
import type { AppCore } from '../core/app/core.ts';
import { AppError } from '../core/errors.ts';
import type { Session } from '../core/access/session.ts';

const refused = (error: AppError): IpcReply => ({ ok: false, error: error.toBody().error });

export function registerIpc(
  ipcMain: IpcMain,
  core: AppCore,
  sessionOf: (contents: WebContents) => Session | undefined,
) {
  ipcMain.handle(
    IPC_CHANNELS.call,
    async (event: IpcMainInvokeEvent, name: unknown, input: unknown): Promise<IpcReply> => {
      const session = sessionOf(event.sender);
      if (!session) return refused(new AppError('FORBIDDEN', 'this window has no session'));
      if (typeof name !== 'string' || !(OPERATION_NAMES as string[]).includes(name))
        return refused(new AppError('UNKNOWN_OPERATION', `no operation "${String(name)}"`));
      try {
        return { ok: true, value: await core.call(session, name as OperationName, input) };
      } catch (error) {
        // Expected failures are values; anything else is a bug and rejects (the core has logged it).
        if (error instanceof AppError) return refused(error);
        throw error;
      }
    },
  );
  return () => ipcMain.removeHandler(IPC_CHANNELS.call);
}

/** Sends the one event stream to a window. */
export function forwardEvents(core: AppCore, contents: WebContents, session: Session): () => void {
  const send = (event: AppEvent) => {
    if (!contents.isDestroyed()) contents.send(IPC_CHANNELS.event, event);
  };
  send({ type: 'role', role: session.role });
  return core.subscribe(send, session);
}
