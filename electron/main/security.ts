/**
 * The Electron security checklist, applied to every window: no navigation
 * off the app's own pages, no new windows, no permissions but the kiosk's
 * camera (code scanning).
 */
import type { Session, WebContents } from 'electron';

/** Permissions a window of this kind may get; everything else is denied. */
export function permissionAllowed(
  kind: 'kiosk' | 'desk',
  permission: string,
  details: { mediaTypes?: string[] } = {},
): boolean {
  if (kind !== 'kiosk' || permission !== 'media') return false;
  const types = details.mediaTypes ?? [];
  return types.length > 0 && types.every((type) => type === 'video');
}

export function hardenSession(
  session: Session,
  kindOf: (contents: WebContents | null) => 'kiosk' | 'desk' | undefined,
): void {
  session.setPermissionRequestHandler((contents, permission, callback, details) => {
    const kind = kindOf(contents);
    callback(kind !== undefined && permissionAllowed(kind, permission, details as { mediaTypes?: string[] }));
  });
  session.setPermissionCheckHandler((contents, permission) => {
    const kind = kindOf(contents);
    return kind === 'kiosk' && permission === 'media';
  });
}

/**
 * The app's own pages may load (under appUrl: the built files, or the hub's
 * origin with a trailing slash); nothing may navigate or be redirected
 * anywhere else, or open windows.
 */
export function hardenContents(contents: WebContents, appUrl: string): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  const stayHome = (event: { preventDefault(): void }, url: string) => {
    if (!url.startsWith(appUrl)) event.preventDefault();
  };
  contents.on('will-navigate', stayHome);
  // A server's redirect is no navigation to will-navigate; a hub's device loads pages from the network.
  contents.on('will-redirect', stayHome);
  contents.on('will-attach-webview', (event) => event.preventDefault());
}
