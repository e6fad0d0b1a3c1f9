/**
 * Noto Sans SC, shipped with the app, so that Chinese names never depend on
 * the fonts of the PC. Loaded only when needed (Chinese on screen anywhere:
 * a name at the desk, the kiosk speaking Chinese): the stylesheets are
 * chunks of their own, and their unicode-range subsets mean the browser
 * fetches only the font files of the characters on screen. The font stays
 * files under the page's CSP (font-src 'self').
 */
let loading: Promise<unknown> | undefined;

export function loadCjkFont(): Promise<unknown> {
  loading ??= Promise.all([
    import('@fontsource/noto-sans-sc/400.css'),
    import('@fontsource/noto-sans-sc/700.css'),
  ]).catch(() => {
    loading = undefined; // try again next time; the system's fonts serve meanwhile
  });
  return loading;
}

const HAN = /\p{Script=Han}/u;

/**
 * Loads the font the first time a Han character is shown anywhere under
 * `root` (the desk's list, the evacuation list, a badge, the console), then
 * stops watching. What is typed into a field is no text of the page: the
 * kiosk asks for the font itself when a guest types Chinese.
 */
export function loadCjkFontWhenShown(root: Node): void {
  if (HAN.test(root.textContent ?? '')) {
    void loadCjkFont();
    return;
  }
  const observer = new MutationObserver((records) => {
    const shown = records.some((r) =>
      r.type === 'characterData'
        ? HAN.test(r.target.textContent ?? '')
        : Array.from(r.addedNodes).some((node) => HAN.test(node.textContent ?? '')),
    );
    if (!shown) return;
    observer.disconnect();
    void loadCjkFont();
  });
  observer.observe(root, { childList: true, characterData: true, subtree: true });
}
