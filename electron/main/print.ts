/**
 * Silent printing of the visitor badge in the desktop app: the kiosk window
 * asks, the main process prints that window's page (its print styles show
 * only the badge) to the printer named in the kiosk settings. The printer
 * is never the renderer's to choose. Replies in the IPC door's shape.
 */
import type { IpcMain, WebContents, WebContentsPrintOptions } from 'electron';
import { IPC_CHANNELS, type IpcReply } from '../../shared/contract/ipc.ts';
import { AppError } from '../core/errors.ts';

export function badgePrintOptions(printer: string): WebContentsPrintOptions {
  return {
    silent: true,
    printBackground: true,
    margins: { marginType: 'none' },
    // '' is the system's default printer.
    ...(printer ? { deviceName: printer } : {}),
  };
}

const refused = (error: AppError): IpcReply<void> => ({ ok: false, error: error.toBody().error });

export function printSilently(contents: Pick<WebContents, 'print'>, printer: string): Promise<IpcReply<void>> {
  return new Promise((resolve) =>
    contents.print(badgePrintOptions(printer), (success, reason) =>
      resolve(
        success
          ? { ok: true, value: undefined }
          : refused(new AppError('REFUSED', `the badge was not printed: ${reason}`)),
      ),
    ),
  );
}

export function registerPrint(
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>,
  options: { allowed(contents: WebContents): boolean; badge(): { enabled: boolean; printer: string } },
) {
  ipcMain.handle(IPC_CHANNELS.print, async (event): Promise<IpcReply<void>> => {
    const badge = options.badge();
    if (!options.allowed(event.sender)) return refused(new AppError('FORBIDDEN', 'this window has no session'));
    if (!badge.enabled) return refused(new AppError('REFUSED', 'badge printing is off in the kiosk settings'));
    return printSilently(event.sender, badge.printer);
  });
  return () => ipcMain.removeHandler(IPC_CHANNELS.print);
}
