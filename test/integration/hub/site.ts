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
import { Agent, request } from 'undici';
import { createAppCore, type AppCore } from '../../../electron/core/app/core.ts';
import { hashPin } from '../../../electron/core/app/pins.ts';
import { type Config, createConfigStore, type ConfigStore } from '../../../electron/core/config/config.ts';
import { createFileTokenStore } from '../../../electron/core/config/token-store.ts';
import { type HubOptions, openHub, type OpenedHub } from '../../../electron/core/hub/index.ts';
import type { LanNames } from '../../../electron/core/hub/names.ts';
import { openRuntime, type Runtime } from '../../../electron/core/runtime.ts';
import { startBrowserHost } from '../../../electron/core/web/host.ts';
import type { AppEvent } from '../../../shared/contract/events.ts';
import { TEST_TOKEN } from '../../support/world.ts';
import { type Service, startServiceOn, tempDir } from '../outbox/helpers.ts';

export const PINS = { admin: '2468', desk: '1357' };

export const RENDERER = mkdtempSync(join(tmpdir(), 'foyer-hub-renderer-'));
writeFileSync(join(RENDERER, 'index.html'), '<!doctype html><title>Foyer</title>');

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
}

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

/**
 * A hub's data directory for a test site: the service behind `relayUrl`, the
 * test world's location and token, the PINs above, and `patch` on top.
 */
export function writeSiteConfig(dataDir: string, relayUrl: string, patch: Partial<Config> = {}): ConfigStore {
  const store = createConfigStore(dataDir);
  const config = store.read();
  store.write({
    ...config,
    baseUrl: `${relayUrl}/api/v2`,
    locationId: 10,
    companyId: 1,
    pins: { admin: hashPin(PINS.admin), desk: hashPin(PINS.desk) },
    kiosk: { ...config.kiosk, timeZone: 'UTC' },
    ...patch,
  });
  createFileTokenStore(dataDir).set(TEST_TOKEN);
  return store;
}

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

/** One device: an HTTPS client from its own address, trusting exactly the hub's certificate, with a cookie jar. */
export class DeviceClient {
  readonly cookies = new Map<string, string>();
  readonly agent: Agent;
  private readonly streams: { close(): void }[] = [];

  constructor(
    readonly base: string,
    readonly address: string,
    ca: string,
    /** For tests of the Host header: the certificate's chain is checked, not its names. */
    { anyName = false }: { anyName?: boolean } = {},
  ) {
    // The client's localAddress: undici's connector sets the socket's from it (over connect.localAddress).
    this.agent = new Agent({
      localAddress: address,
      connect: { ca, ...(anyName ? { checkServerIdentity: () => undefined } : {}) },
    });
  }

  private keep(answerHeaders: Record<string, string | string[] | undefined>): void {
    const set = answerHeaders['set-cookie'];
    for (const line of set === undefined ? [] : Array.isArray(set) ? set : [set]) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      const gone =
        value === '' ||
        attributes.some((a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) < Date.now()));
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private cookieHeader(): Record<string, string> {
    if (this.cookies.size === 0) return {};
    return { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
  }

  async send(
    method: 'GET' | 'POST',
    path: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const response = await request(new URL(path, this.base), {
      method,
      dispatcher: this.agent,
      headers: {
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        ...this.cookieHeader(),
        ...options.headers,
      },
      ...(method === 'POST' ? { body: JSON.stringify(options.body ?? {}) } : {}),
    });
    const text = await response.body.text();
    this.keep(response.headers);
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: response.statusCode, headers: response.headers, body, text };
  }

  /** Calls an operation; the answer's body on success, else throws with the answer. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async call(name: string, input: unknown = {}): Promise<any> {
    const answer = await this.send('POST', `/app/${name}`, { body: input });
    if (answer.status !== 200) throw Object.assign(new Error(`${name}: ${answer.status} ${answer.text}`), { answer });
    return answer.body;
  }

  /** The event stream: the events as they arrive, and when it ended. */
  async events() {
    const response = await request(new URL('/app/events', this.base), {
      method: 'GET',
      dispatcher: this.agent,
      headers: this.cookieHeader(),
    });
    this.keep(response.headers);
    const events: (AppEvent & { at: number })[] = [];
    let buffer = '';
    const ended = new Promise<void>((resolve) => {
      response.body.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (data) events.push({ ...(JSON.parse(data.slice(6)) as AppEvent), at: Date.now() });
        }
      });
      response.body.on('end', resolve);
      response.body.on('error', () => resolve());
      response.body.on('close', resolve);
    });
    const stream = { status: response.statusCode, events, ended, close: () => response.body.destroy() };
    this.streams.push(stream);
    return stream;
  }

  /** Pairs this device: asks for a code, has `approve` type it, collects the credential. */
  async pair(approve: (code: string) => Promise<unknown>) {
    const started = await this.send('POST', '/hub/pairing', { body: {} });
    if (started.status !== 200) throw new Error(`pairing: ${started.status} ${started.text}`);
    await approve(started.body.code as string);
    return this.send('GET', '/hub/pairing');
  }

  async close() {
    for (const stream of this.streams) stream.close();
    await this.agent.close();
  }
}
