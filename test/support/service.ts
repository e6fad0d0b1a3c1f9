/**
 * Starts the reference service on an ephemeral loopback port, with its own
 * database file, for a test. Requests go over real HTTP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { startService, type RunningService, type ServiceOptions } from '../../service/index.ts';
import { parseWorld, type WorldInput } from '../../service/world.ts';
import { TEST_TOKEN, testWorld } from './world.ts';

export interface CallOptions {
  /** Bearer token; defaults to TEST_TOKEN. `null` sends no Authorization header. */
  token?: string | null;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is, with content-type application/json unless headers say otherwise. */
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
}

export interface CallResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON, or null for an empty body. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
}

export interface TestService extends RunningService {
  dir: string;
  call(method: string, path: string, options?: CallOptions): Promise<CallResult>;
}

export async function startTestService(
  options: Partial<Omit<ServiceOptions, 'world'>> & { world?: WorldInput } = {},
): Promise<TestService> {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-service-'));
  const service = await startService({
    dbPath: join(dir, 'service.db'),
    host: '127.0.0.1',
    port: 0,
    ...options,
    world: parseWorld(options.world ?? testWorld),
  });
  return {
    ...service,
    dir,
    call: (method, path, callOptions) => call(service.baseUrl, method, path, callOptions),
    async close() {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function call(
  baseUrl: string,
  method: string,
  path: string,
  { token = TEST_TOKEN, body, rawBody, headers = {}, query }: CallOptions = {},
): Promise<CallResult> {
  const url = new URL(baseUrl + path);
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined) url.searchParams.set(key, String(value));
  const sent: Record<string, string> = { ...headers };
  if (token !== null) sent.authorization = `Bearer ${token}`;
  let payload: string | Buffer | undefined;
  if (rawBody !== undefined) payload = rawBody;
  else if (body !== undefined) payload = JSON.stringify(body);
  if (payload !== undefined && !Object.keys(sent).some((h) => h.toLowerCase() === 'content-type'))
    sent['content-type'] = 'application/json';
  const response = await request(url, {
    method: method as 'GET',
    headers: sent,
    ...(payload !== undefined ? { body: payload } : {}),
  });
  const text = await response.body.text();
  let parsed: unknown = null;
  if (text.length > 0) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  return { status: response.statusCode, headers: response.headers, body: parsed, text };
}
