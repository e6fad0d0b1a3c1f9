/** foyer hub: this machine serves its site's kiosks and desks (see electron/core/hub), headless. */
import { fingerprintGroups, shortFingerprint } from '../../../shared/fingerprint.ts';
import { createAppCore } from '../app/core.ts';
import { openHub } from '../hub/index.ts';
import { openRuntime } from '../runtime.ts';
import { configuredAccess, startBrowserHost } from '../web/host.ts';
import { type Output, parseCommand } from './args.ts';
import { DEFAULT_RENDERER_DIR, SERVE_OPTIONS, serveLog, serveOptions, untilStopped } from './web-command.ts';

export const HUB_USAGE = `Usage: foyer hub [--port 5443] [--host 0.0.0.0] [--allowed-host NAME]... [--renderer DIR] [--data-dir DIR]

Serves this site's kiosks and desks over HTTPS on the local network, with one
mirror and one outbox for all of them (defaults: the configuration's hub.host
and hub.port). Each device is paired once: it shows a code, staff type it at a
desk or with "foyer devices pair CODE --role kiosk|desk --name NAME". Devices
that are not paired get nothing. The certificate is made once and kept in the
data directory; its security code (printed here, and on the desk under Devices)
is what each device's browser must show for it (the certificate's SHA-256
fingerprint, behind the padlock).
Refuses to serve beyond loopback while no desk or admin PIN is set.
`;

/** The hub's security code as the desk and the pairing screen show it: short first, then whole (for hubFingerprint). */
export function securityCodeText(fingerprint: string): string {
  return (
    `Security code: ${shortFingerprint(fingerprint)}\n` +
    "  Before pairing, check that the device's browser shows the same: the padlock, then the certificate's\n" +
    '  SHA-256 fingerprint begins with these characters. The whole code (for hubFingerprint):\n' +
    `  ${fingerprintGroups(fingerprint).join(' ')}\n`
  );
}

export async function hubCommand(argv: string[], out: Output): Promise<number> {
  const { values, dataDir } = parseCommand(argv, SERVE_OPTIONS, { min: 0, max: 0 });
  if (values.help) return (out.write(HUB_USAGE), 0);
  const log = serveLog;
  const runtime = await openRuntime({ dataDir, log });
  try {
    const { port, allowedHosts } = serveOptions(values, runtime.config.hub.port);
    const hub = await openHub({ dataDir, config: () => runtime.config, extraNames: allowedHosts, log });
    const core = createAppCore(runtime, { log, hub });
    try {
      const host = await startBrowserHost({
        core,
        rendererDir: values.renderer ?? DEFAULT_RENDERER_DIR,
        host: values.host ?? runtime.config.hub.host,
        port,
        ...configuredAccess(() => runtime.config, allowedHosts),
        log,
        hub,
      });
      runtime.engine.start();
      // The badges it prints on the site's label printers, those a restart found queued too.
      runtime.printing.start();
      const status = hub.status();
      out.write(
        `Foyer hub for ${runtime.embedded ? 'the embedded demo service' : runtime.baseUrl}, serving this site at:\n` +
          status.urls.map((url) => `  ${url}\n`).join('') +
          securityCodeText(hub.tls.fingerprint),
      );
      await untilStopped();
      await host.close();
      return 0;
    } finally {
      core.close();
      hub.close();
    }
  } finally {
    await runtime.close();
  }
}
