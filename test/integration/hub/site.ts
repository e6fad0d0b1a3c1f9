/**
 * A site for the hub's tests: the reference service behind a counting relay
 * (the site's internet link: it can be cut, and it counts the check-ins that
 * reach the service), a runtime with its engine, the hub, and the browser
 * host in hub mode on HTTPS. Devices are HTTPS clients from their own
 * loopback addresses (127.0.0.2, 127.0.0.3...), each with its own cookies.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { createAppCore, type AppCore } from '../../../electron/core/app/core.ts';
import type { ConfigStore } from '../../../electron/core/config/config.ts';
import { type HubOptions, openHub, type OpenedHub } from '../../../electron/core/hub/index.ts';
import type { LanNames } from '../../../electron/core/hub/names.ts';
import { openRuntime, type Runtime } from '../../../electron/core/runtime.ts';
import { startBrowserHost } from '../../../electron/core/web/host.ts';
import { DeviceClient, writeSiteConfig } from '../../support/hub-site.ts';
import { type Service, startServiceOn, tempDir } from '../outbox/helpers.ts';

export { type Answer, caughtUp, DeviceClient, PINS, writeSiteConfig } from '../../support/hub-site.ts';

export const RENDERER = mkdtempSync(join(tmpdir(), 'foyer-hub-renderer-'));
writeFileSync(join(RENDERER, 'index.html'), '<!doctype html><title>Foyer</title>');

/**
 * The site's link to the service: forwards everything while up, refuses
 * (502) while down, and counts the transitions the service accepted.
 */
export async function startRelay(target: () => string) {
  let up = true;
  const delivered: { id: number; eventName: string }[] = [];
  const server: Server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      if (!up) {
        outgoing.writeHead(502).end();
        return;
      }
      const body = Buffer.concat(chunks);
      const headers = { ...incoming.headers };
      delete headers.host;
      delete headers.connection;
      request(`${target()}${incoming.url}`, {
        method: incoming.method as 'GET',
        headers,
        ...(body.length ? { body } : {}),
      }).then(
        async (answer) => {
          const text = await answer.body.text();
          if (
            incoming.method === 'POST' &&
            incoming.url?.endsWith('/check-ins/transitions') &&
            answer.statusCode < 300
          ) {
            const sent = JSON.parse(body.toString()) as { eventName: string; checkIn: { id: number } };
            delivered.push({ id: sent.checkIn.id, eventName: sent.eventName });
          }
          const { 'transfer-encoding': _te, connection: _c, ...rest } = answer.headers;
          outgoing.writeHead(answer.statusCode, rest as Record<string, string>).end(text);
        },
        () => outgoing.writeHead(502).end(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    delivered,
    cut: () => void (up = false),
    restore: () => void (up = true),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface Site {
  dataDir: string;
  store: ConfigStore;
  service: Service;
  relay: Awaited<ReturnType<typeof startRelay>>;
  runtime: Runtime;
  core: AppCore;
  hub: OpenedHub;
  port: number;
  url: string;
  logged: string[];
  device(address: string, options?: { anyName?: boolean }): DeviceClient;
  /**
   * The hub stops and starts again as after a restart of its process, on its data directory and port:
   * `runtime`, `core` and `hub` are new; the devices keep only their cookies.
   */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** The machine's names for the certificate, fixed so that the test does not depend on the network. */
export const TEST_NAMES: LanNames = {
  dns: ['localhost', 'foyer-hub-test', 'foyer-hub-test.local'],
  ips: ['127.0.0.1', '::1', '192.0.2.10'],
};

export async function openSite(
  options: {
    names?: LanNames;
    pollMs?: number;
    /** The core's clock (sessions, idle lock). */ now?: () => number;
    /** How the hub opens its device registry (a test reaches its connection). */
    openRegistry?: HubOptions['openRegistry'];
    /** The hub's clock (pairing codes, kept sessions). */ hubNow?: () => number;
  } = {},
): Promise<Site> {
  const service = await startServiceOn(tempDir('foyer-hub-svc-'));
  const relay = await startRelay(() => service.baseUrl.replace(/\/api\/v2$/, ''));
  const dataDir = tempDir('foyer-hub-data-');
  const store = writeSiteConfig(dataDir, relay.url);
  const logged: string[] = [];
  const log = (line: string) => logged.push(line);
  /** The hub's parts on the data directory, at `port` (0: any free one). */
  const open = async (port: number) => {
    const runtime = await openRuntime({ dataDir, log });
    const hub = await openHub({
      dataDir,
      config: () => store.current(),
      log,
      names: options.names ?? TEST_NAMES,
      ...(options.pollMs ? { pollMs: options.pollMs } : {}),
      ...(options.hubNow ? { now: options.hubNow } : {}),
      ...(options.openRegistry ? { openRegistry: options.openRegistry } : {}),
    });
    const core = createAppCore(runtime, { log, hub, ...(options.now ? { now: options.now } : {}) });
    const host = await startBrowserHost({
      core,
      rendererDir: RENDERER,
      host: '127.0.0.1',
      port,
      pinsSet: true,
      allowedHosts: () => store.current().allowedHosts,
      log,
      hub,
    });
    runtime.engine.start();
    return { runtime, hub, core, host };
  };
  let parts = await open(0);
  const stopHub = async () => {
    await parts.host.close();
    parts.core.close();
    parts.hub.close();
    await parts.runtime.close();
  };
  const clients: DeviceClient[] = [];
  const site: Site = {
    dataDir,
    store,
    service,
    relay,
    runtime: parts.runtime,
    core: parts.core,
    hub: parts.hub,
    port: parts.host.port,
    url: parts.host.url,
    logged,
    device(address, options) {
      const client = new DeviceClient(parts.host.url, address, parts.hub.tls.cert, options);
      clients.push(client);
      return client;
    },
    async restart() {
      await stopHub();
      parts = await open(site.port);
      Object.assign(site, { runtime: parts.runtime, core: parts.core, hub: parts.hub });
    },
    async close() {
      for (const client of clients) await client.close();
      await stopHub();
      await relay.close();
      await service.close();
    },
  };
  return site;
}
