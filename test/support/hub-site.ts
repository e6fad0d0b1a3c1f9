/**
 * A site hub's data directory and its devices, as the hub's tests and the
 * morning-rush benchmark use them: the configuration (the service, the test
 * world's location and token, the PINs), and a device as an HTTPS client
 * from its own loopback address with its own cookies and event stream.
 * Nothing here imports vitest: a benchmark (run by tsx) uses it too.
 */
import { Agent, request } from 'undici';
import { hashPin } from '../../electron/core/access/pins.ts';
import { type Config, createConfigStore, type ConfigStore } from '../../electron/core/config/config.ts';
import { createFileTokenStore } from '../../electron/core/config/token-store.ts';
import type { Bus } from '../../electron/core/bus.ts';
import type { AppEvent } from '../../shared/contract/events.ts';
import { until } from './until.ts';
import { TEST_TOKEN } from './world.ts';

export const PINS = { admin: '2468', desk: '1357' };

let markers = 0;
/**
 * Waits until `stream` has heard everything published to it before this
 * call: a marker sent to every stream now arrives after all of it. So a test
 * sees that an event did NOT reach a stream without waiting a while.
 */
export async function caughtUp(core: { bus: Bus }, stream: { events: AppEvent[] }): Promise<void> {
  const marker = `test-marker-${++markers}`;
  core.bus.publish('broadcast', { type: 'mirror-changed', resources: [marker] });
  await until(
    () => stream.events.some((e) => e.type === 'mirror-changed' && e.resources.includes(marker)),
    'the marker to reach the stream',
  );
}

/**
 * A hub's data directory for a test site: the service behind `relayUrl`, the
 * test world's location and token, the PINs above (PINS), and `patch` on top.
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

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
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
    /**
     * anyName, for tests of the Host header: the certificate's chain is checked, not its names.
     * keepAliveMs: how long an idle connection is kept for the next request (undici's 4 s by default; a
     * browser keeps it for minutes, which a benchmark of many devices needs, or each pause costs a handshake).
     */
    { anyName = false, keepAliveMs }: { anyName?: boolean; keepAliveMs?: number } = {},
  ) {
    // The client's localAddress: undici's connector sets the socket's from it (over connect.localAddress).
    this.agent = new Agent({
      ...(keepAliveMs ? { keepAliveTimeout: keepAliveMs, keepAliveMaxTimeout: keepAliveMs } : {}),
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

  /** The event stream: the events as they arrive (each also to `onEvent`), the bytes received, and when it ended. */
  async events(onEvent?: (event: AppEvent & { at: number }) => void) {
    const response = await request(new URL('/app/events', this.base), {
      method: 'GET',
      dispatcher: this.agent,
      headers: this.cookieHeader(),
    });
    this.keep(response.headers);
    const events: (AppEvent & { at: number })[] = [];
    const received = { bytes: 0 };
    let buffer = '';
    const ended = new Promise<void>((resolve) => {
      response.body.on('data', (chunk: Buffer) => {
        received.bytes += chunk.length;
        buffer += chunk.toString();
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (data) {
            const event = { ...(JSON.parse(data.slice(6)) as AppEvent), at: Date.now() };
            events.push(event);
            onEvent?.(event);
          }
        }
      });
      response.body.on('end', resolve);
      response.body.on('error', () => resolve());
      response.body.on('close', resolve);
    });
    const stream = { status: response.statusCode, events, received, ended, close: () => response.body.destroy() };
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
