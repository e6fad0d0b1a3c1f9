/**
 * What a hub's device shows while it cannot load the hub at all (the hub is
 * off, the network is down, or its certificate is not the pinned one): a
 * calm page of its own, since the hub's pages are not there to say it. Once
 * the hub's page runs, the page itself says when the hub is lost.
 */
import { KIOSK_MESSAGES } from '../../shared/i18n/kiosk/messages.ts';
import { localeOf, offeredLanguages, toKioskLanguage } from '../../shared/languages.ts';
import type { HubTarget } from './device.ts';
import type { WindowKind } from './windows.ts';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A kiosk's words, as the kiosk's own pages say them when they lose the hub:
 * in the kiosk's first language, then "please see reception" in each other
 * language it offers, since nobody has chosen one yet.
 */
function kioskLead(kiosk: { defaultLanguage: string; languages: readonly string[] }): { lang: string; html: string } {
  const first = toKioskLanguage(kiosk.defaultLanguage) ?? 'EN';
  const others = offeredLanguages(kiosk)
    .filter((code) => code !== first)
    .map((code) => `<li lang="${localeOf(code)}">${escape(KIOSK_MESSAGES[code].hubLostTitle)}</li>`)
    .join('');
  return {
    lang: localeOf(first),
    html:
      `<h1>${escape(KIOSK_MESSAGES[first].hubLostTitle)}</h1><p>${escape(KIOSK_MESSAGES[first].hubLostBody)}</p>` +
      (others ? `<ul>${others}</ul>` : ''),
  };
}

/** A data: URL: nothing to fetch, no script, nothing of the page to trust. */
export function unreachablePage(
  target: HubTarget,
  kind: WindowKind,
  reason: string,
  kiosk: { defaultLanguage: string; languages: readonly string[] } = { defaultLanguage: 'EN', languages: [] },
): string {
  const { lang, html: lead } =
    kind === 'kiosk'
      ? kioskLead(kiosk)
      : {
          lang: 'en',
          html: '<h1>The site hub cannot be reached</h1><p>Check that the hub PC is on and connected to the network.</p>',
        };
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Foyer</title><style>
body{font-family:system-ui,sans-serif;background:#f6f7f9;color:#1d2330;display:grid;place-items:center;height:100vh;margin:0;text-align:center}
h1{font-size:2.4rem;margin:0 0 .5em}p{font-size:1.2rem;margin:.3em}small{color:#5b6475}
ul{list-style:none;padding:0;margin:1.5em 0;columns:2;font-size:1.1rem;color:#3a4354}li{margin:.25em 0}
:lang(zh){font-family:"Noto Sans SC","Microsoft YaHei","PingFang SC","Noto Sans CJK SC",system-ui,sans-serif}
</style></head><body><main><div role="status">${lead}
<p lang="en"><small>Foyer is trying again every few seconds (hub ${escape(target.origin)}: ${escape(reason)}).</small></p>
</div></main></body></html>`;
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`;
}
