/** foyer web [--port 5170] [--host 127.0.0.1]: the app in a browser, on this machine's core. */
import { createAppCore } from '../app/core.ts';
import { HostName } from '../config/config.ts';
import { openRuntime } from '../runtime.ts';
import { configuredAccess, startBrowserHost } from '../web/host.ts';
import { type Output, parseCommand, UsageError } from './args.ts';
import { defaultRendererDir } from './renderer-dir.ts';

export const WEB_USAGE = `Usage: foyer web [--port 5170] [--host 127.0.0.1] [--allowed-host NAME]... [--renderer DIR] [--data-dir DIR]

Serves the app to browsers: a kiosk by default; the desk and admin roles
unlock with their PIN (foyer config set deskPin|adminPin). Binds to loopback
unless told otherwise, and refuses other addresses while no PIN is set. While
no admin PIN is set, a browser on this machine is asked for the first one.
Answers only to loopback names and the address it is bound to; on a LAN, name
the host names browsers use with --allowed-host (repeatable) or with
"foyer config set allowedHosts '["reception.example.lan"]'".
`;

export const DEFAULT_RENDERER_DIR = defaultRendererDir();

/** The options of the commands that serve the app: foyer web and foyer hub. */
export const SERVE_OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  'allowed-host': { type: 'string', multiple: true },
  renderer: { type: 'string' },
} as const;

/** --port and --allowed-host checked; wrong ones are a UsageError. */
export function serveOptions(values: { port?: string; 'allowed-host'?: string[] }, defaultPort: number) {
  const port = values.port === undefined ? defaultPort : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port: "${values.port}" is not a port`);
  const allowedHosts = (values['allowed-host'] ?? []).map((name) => {
    const parsed = HostName.safeParse(name);
    if (!parsed.success)
      throw new UsageError(`--allowed-host: "${name}" is not a host name (e.g. reception.example.lan)`);
    return parsed.data;
  });
  return { port, allowedHosts };
}

/** The log of a serving command: stderr, with the time. */
export const serveLog = (line: string) => process.stderr.write(`${new Date().toISOString()} ${line}\n`);

/** Until Ctrl-C or a service manager's stop. */
export const untilStopped = () =>
  new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });

export async function webCommand(argv: string[], out: Output): Promise<number> {
  const { values, dataDir } = parseCommand(argv, SERVE_OPTIONS, { min: 0, max: 0 });
  if (values.help) return (out.write(WEB_USAGE), 0);
  const { port, allowedHosts } = serveOptions(values, 5170);
  const log = serveLog;
  const runtime = await openRuntime({ dataDir, log });
  try {
    const core = createAppCore(runtime, { log });
    const host = await startBrowserHost({
      core,
      rendererDir: values.renderer ?? DEFAULT_RENDERER_DIR,
      host: values.host ?? '127.0.0.1',
      port,
      ...configuredAccess(() => runtime.config, allowedHosts),
      log,
    });
    runtime.engine.start();
    // The badges it prints on the site's label printers, those a restart found queued too.
    runtime.printing.start();
    out.write(`Foyer is served at ${host.url} (${runtime.embedded ? 'embedded demo service' : runtime.baseUrl})\n`);
    if (!runtime.config.pins.admin && !runtime.config.pins.desk)
      out.write(`No PIN is set yet: open ${host.url} in a browser on this machine to set the first admin PIN.\n`);
    await untilStopped();
    await host.close();
    return 0;
  } finally {
    await runtime.close();
  }
}
