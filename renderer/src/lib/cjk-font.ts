/**
 * Noto Sans SC, shipped with the app, so that Chinese names never depend on
 * the fonts of the lobby PC. Loaded only when needed (the kiosk speaks
 * Chinese, or shows a name in Han characters): the stylesheet is a chunk of
 * its own, and its unicode-range subsets mean the browser fetches only the
 * font files of the characters on screen.
 */
let loading: Promise<unknown> | undefined;

export function loadCjkFont(): Promise<unknown> {
  loading ??= import('@fontsource/noto-sans-sc/400.css').catch(() => {
    loading = undefined; // try again next time; the system's fonts serve meanwhile
  });
  return loading;
}
