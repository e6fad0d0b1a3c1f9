/**
 * Opens Foyer's core on a data directory: configuration, token, the service
 * (configured, or the embedded default), the mirror, the API client, the
 * sync engine and the bus of domain events, with every domain's subscribers
 * and jobs (domains.ts). Shared by the CLI, the browser host and the
 * Electron shell.
 *
 * The connection part (service, mirror, API client, outbox, engine) can be
 * opened again while the app runs (`reconnect`), when an admin changes the
 * service, token, company or location: the runtime object stays the same, its
 * accessors show the new connection, and status listeners keep listening.
 */
import { join } from 'node:path';
import { createApiClient, type ApiClient } from './api/client.ts';
import { type Bus, createBus } from './bus.ts';
import { type Config, ConfigError, createConfigStore, ensurePrivateDir, type ConfigStore } from './config/config.ts';
import { warnOnStderr } from './config/private-files.ts';
import { serviceKey } from './config/service-key.ts';
import { createFileTokenStore, type TokenStore } from './config/token-store.ts';
import { type Mirror, openMirror } from './db/mirror.ts';
import { openMirrorFor, stampService } from './db/mirror-files.ts';
import type { EmbeddedService } from './embedded.ts';
import { createOutbox, type Outbox } from './outbox/outbox.ts';
import { createPrintSpooler, type PrintSpooler } from './printing/spooler.ts';
import { createSyncEngine, type SyncEngine } from './sync/engine.ts';
import type { Timers } from './sync/job.ts';
import { createOnlineHistory, type OnlineHistory } from './sync/online-history.ts';
import type { SyncStatus } from './sync/status.ts';
import { domainJobs, subscribeDomains } from './domains.ts';

export interface Runtime {
  readonly dataDir: string;
  /**
   * The configuration as it is now (configStore.current()): read it when a
   * value is needed, never keep a copy; change it with configStore.update().
   * baseUrl, the token, companyId and requestTimeoutSeconds are read when
   * the connection opens (at start and on reconnect()).
   */
  readonly config: Config;
  readonly configStore: ConfigStore;
  readonly tokenStore: TokenStore;
  /** Set when running on the embedded default. */
  readonly embedded: EmbeddedService | undefined;
  readonly baseUrl: string;
  readonly mirror: Mirror;
  readonly api: ApiClient;
  readonly outbox: Outbox;
  readonly engine: SyncEngine;
  /** Online and offline, as they changed (today's and before, bounded). */
  readonly onlineHistory: OnlineHistory;
  /** The badges the host prints on the site's IPP printers (printing/spooler.ts); hosts start it. */
  readonly printing: PrintSpooler;
  /**
   * The core's domain events (bus.ts): the engine, the dispatcher and the domains publish on it; each domain's
   * subscribers (domains.ts) are on it from the start. It outlives a reconnect.
   */
  readonly bus: Bus;
  /** The sync status of whichever connection is open; survives `reconnect`. */
  onStatus(listener: (status: SyncStatus) => void): () => void;
  /**
   * Opens the connection again from the stored configuration and token: a
   * different service gets its own mirror (see db/mirror-files.ts). The engine
   * runs again if it ran.
   */
  reconnect(): Promise<{ newMirror: boolean }>;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  dataDir: string;
  tokenStore?: TokenStore;
  now?: () => number;
  log?: (line: string) => void;
  /** Tests: the timers of the sync engine's jobs (see sync/job.ts), to count them. */
  timers?: Timers;
  /**
   * The mirror as it is, with no service: no embedded one started, no token needed, nothing stamped or pulled
   * (a short command that reads, or checks a file against what is queued: the CLI's offline door). Nothing may be
   * delivered from it: its engine is never started, and its API client has no address to reach.
   */
  offline?: boolean;
}

/** An offline runtime's service: a name that never resolves (RFC 2606), so that nothing can leave by mistake. */
const NO_SERVICE = 'http://offline.invalid';

interface Connection {
  embedded: EmbeddedService | undefined;
  baseUrl: string;
  mirror: Mirror;
  newMirror: boolean;
  api: ApiClient;
  outbox: Outbox;
  engine: SyncEngine;
}

export { serviceKey };

async function connect(
  configStore: ConfigStore,
  tokenStore: TokenStore,
  options: RuntimeOptions,
  adopt: boolean,
  bus: Bus,
): Promise<Connection> {
  const config = configStore.read();
  let embedded: EmbeddedService | undefined;
  let baseUrl: string;
  let token: string;
  if (options.offline) {
    baseUrl = NO_SERVICE;
    token = '';
  } else if (config.baseUrl) {
    baseUrl = config.baseUrl;
    const stored = tokenStore.get();
    if (!stored) throw new ConfigError(`no token is set for ${config.baseUrl}: run "foyer config set token <TOKEN>"`);
    token = stored;
  } else {
    // Loaded here: a runtime on a configured service (or offline) never loads the reference service.
    const { startEmbeddedService } = await import('./embedded.ts');
    embedded = await startEmbeddedService(options.dataDir, { ...(options.now ? { now: options.now } : {}) });
    baseUrl = embedded.baseUrl;
    token = embedded.token;
  }

  const key = serviceKey(config);
  // What is wrong with the data directory is said even by a command that logs nothing else.
  const { mirror, newMirror } = options.offline
    ? // mirror.db as it is, whichever service it holds; a short command waits for no checkpoint worker.
      { mirror: openMirror(join(options.dataDir, 'mirror.db'), { checkpointer: false }), newMirror: false }
    : openMirrorFor(options.dataDir, key, { adopt, log: options.log ?? warnOnStderr });
  if (embedded?.reseeded)
    mirror.transaction(() => {
      mirror.syncState.forgetAll();
      stampService(mirror, key);
    });
  const api = createApiClient({ baseUrl, token, timeoutMs: config.requestTimeoutSeconds * 1000 });
  const common = {
    mirror,
    api,
    config: () => configStore.current(),
    ...(options.now ? { now: options.now } : {}),
    ...(options.log ? { log: options.log } : {}),
  };
  // The engine shows the outbox in its status and sends what is queued; the outbox tells it when that changed.
  const notify = { outboxChanged: (_what: 'queued' | 'progress') => {} };
  const outbox = createOutbox({ ...common, onChange: (what) => notify.outboxChanged(what) });
  const engine = createSyncEngine({
    ...common,
    outbox,
    dataDir: options.dataDir,
    ...(options.timers ? { timers: options.timers } : {}),
    publish: bus.publish,
    jobs: (ctx) => domainJobs(ctx),
  });
  notify.outboxChanged = (what) => engine.outboxChanged(what === 'queued');
  return { embedded, baseUrl, mirror, newMirror, api, outbox, engine };
}

/**
 * In this order: no timer may fire and no delivery may still settle a row
 * once the mirror is closed. The engine stops its timers and waits for its
 * pulls; a delivery in flight (the timer's, or one a person asked for) is
 * cut short by the stop and awaited here: deliver() joins the round under
 * way, and with an aborted signal starts nothing new.
 */
async function disconnect(connection: Connection): Promise<void> {
  await connection.engine.stop();
  await connection.outbox.deliver(AbortSignal.abort(new Error('closing')));
  await connection.api.close();
  connection.mirror.close();
  await connection.embedded?.close();
}

export async function openRuntime(options: RuntimeOptions): Promise<Runtime> {
  ensurePrivateDir(options.dataDir, options.log ?? warnOnStderr);
  const configStore = createConfigStore(options.dataDir, { ...(options.log ? { log: options.log } : {}) });
  const tokenStore = options.tokenStore ?? createFileTokenStore(options.dataDir);
  const now = options.now ?? Date.now;
  // The domains' own lines (a roll call not updated, a walk-in not checked in) are said even without a host's log.
  const log = options.log ?? warnOnStderr;
  const bus = createBus({ log });

  // Opening adopts mirror.db as it is (see db/mirror-files.ts); a reconnect keeps services apart.
  let current = await connect(configStore, tokenStore, options, true, bus);
  let engineStarted = false;
  const listeners = new Set<(status: SyncStatus) => void>();
  const onlineHistory = createOnlineHistory({ now, store: () => current.mirror.syncState });
  const follow = (connection: Connection) =>
    connection.engine.status.subscribe((status) => {
      onlineHistory.observe(status.online);
      for (const listener of listeners) listener(status);
    });
  let unfollow = follow(current);
  onlineHistory.load();
  const printing = createPrintSpooler({
    mirror: () => current.mirror,
    config: () => configStore.current(),
    dataDir: options.dataDir,
    now,
    ...(options.log ? { log: options.log } : {}),
  });

  const runtime: Runtime = {
    dataDir: options.dataDir,
    get config() {
      return configStore.current();
    },
    configStore,
    tokenStore,
    get embedded() {
      return current.embedded;
    },
    get baseUrl() {
      return current.baseUrl;
    },
    get mirror() {
      return current.mirror;
    },
    get api() {
      return current.api;
    },
    get outbox() {
      return current.outbox;
    },
    get engine() {
      return current.engine;
    },
    onlineHistory,
    printing,
    bus,
    onStatus(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async reconnect() {
      engineStarted ||= current.engine.isStarted();
      unfollow();
      await disconnect(current);
      current = await connect(configStore, tokenStore, options, false, bus);
      unfollow = follow(current);
      onlineHistory.load();
      if (engineStarted) current.engine.start();
      const status = current.engine.status.get();
      for (const listener of listeners) listener(status);
      return { newMirror: current.newMirror };
    },
    async close() {
      unfollow();
      await printing.close();
      await disconnect(current);
    },
  };
  subscribeDomains(bus, { runtime, now, log });
  return runtime;
}
