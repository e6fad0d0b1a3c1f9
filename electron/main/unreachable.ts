/**
 * What a hub's device shows while it cannot load the hub at all (the hub is
 * off, the network is down, or its certificate is not the pinned one): a
 * calm page of its own, since the hub's pages are not there to say it. Once
 * the hub's page runs, the page itself says when the hub is lost.
 */
import type { HubTarget } from './device.ts';
import type { WindowKind } from './windows.ts';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A data: URL: nothing to fetch, no script, nothing of the page to trust. */
export function unreachablePage(target: HubTarget, kind: WindowKind, reason: string): string {
  const lead =
    kind === 'kiosk'
      ? '<h1>Please see reception</h1><p>This kiosk cannot check you in just now.</p>'
      : '<h1>The site hub cannot be reached</h1><p>Check that the hub PC is on and connected to the network.</p>';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Foyer</title><style>
body{font-family:system-ui,sans-serif;background:#f6f7f9;color:#1d2330;display:grid;place-items:center;height:100vh;margin:0;text-align:center}
h1{font-size:2.4rem;margin:0 0 .5em}p{font-size:1.2rem;margin:.3em}small{color:#5b6475}
</style></head><body><main><div role="status">${lead}
<p><small>Foyer is trying again every few seconds (hub ${escape(target.origin)}: ${escape(reason)}).</small></p>
</div></main></body></html>`;
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`;
}
