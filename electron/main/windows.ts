/** Window options of the two doors: pure, so they are unit-tested without Electron. */
import type { BrowserWindowConstructorOptions } from 'electron';
import { DEVICE_WINDOW_ARGUMENT } from '../../shared/contract/ipc.ts';
import type { Role } from '../../shared/contract/op.ts';

export type WindowKind = 'kiosk' | 'desk';

/** The role a window starts with, and the highest it can be unlocked to. */
export const WINDOW_ROLES: Record<WindowKind, { base: Role; max: Role }> = {
  kiosk: { base: 'kiosk', max: 'kiosk' },
  desk: { base: 'desk', max: 'admin' },
};

const secureWebPreferences = (preload: string, hubDevice: boolean) => ({
  preload,
  // The preload of a hub's device gives its page printing only (electron/preload).
  ...(hubDevice ? { additionalArguments: [DEVICE_WINDOW_ARGUMENT] } : {}),
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  webviewTag: false,
  spellcheck: false,
  navigateOnDragDrop: false,
});

export function windowOptions(
  kind: WindowKind,
  preload: string,
  bounds?: { x?: number; y?: number; width: number; height: number },
  hubDevice = false,
): BrowserWindowConstructorOptions {
  if (kind === 'kiosk')
    return {
      show: false,
      fullscreen: true,
      kiosk: true,
      frame: false,
      autoHideMenuBar: true,
      backgroundColor: '#f6f7f9',
      webPreferences: secureWebPreferences(preload, hubDevice),
    };
  return {
    show: false,
    width: bounds?.width ?? 1280,
    height: bounds?.height ?? 820,
    ...(bounds?.x !== undefined && bounds?.y !== undefined ? { x: bounds.x, y: bounds.y } : {}),
    minWidth: 900,
    minHeight: 600,
    autoHideMenuBar: true,
    backgroundColor: '#f6f7f9',
    title: 'Foyer',
    webPreferences: secureWebPreferences(preload, hubDevice),
  };
}

/** Which window to open: --kiosk on the command line wins over the setting. */
export function chooseWindowKind(argv: readonly string[], appMode: 'desk' | 'kiosk'): WindowKind {
  if (argv.includes('--kiosk')) return 'kiosk';
  if (argv.includes('--desk')) return 'desk';
  return appMode;
}
