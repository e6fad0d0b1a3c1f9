/**
 * Opens Foyer's core on a data directory: configuration, token, the service
 * (configured, or the embedded default), the mirror, the API client and the
 * sync engine. Shared by the CLI, the browser host and the Electron shell.
 */
import { join } from 'node:path';
import { createApiClient, type ApiClient } from './api/client.ts';
import { type Config, ConfigError, createConfigStore, ensurePrivateDir, type ConfigStore } from './config/config.ts';
import { createFileTokenStore, type TokenStore } from './config/token-store.ts';
import { openMirror, type Mirror } from './db/mirror.ts';
import { startEmbeddedService, type EmbeddedService } from './embedded.ts';
import { createOutbox, type Outbox } from './outbox/outbox.ts';
import { createSyncEngine, type SyncEngine } from './sync/engine.ts';

export interface Runtime {
  dataDir: string;
  config: Config;
  configStore: ConfigStore;
  tokenStore: TokenStore;
  /** Set when running on the embedded default. */
  embedded: EmbeddedService | undefined;
  baseUrl: string;
  mirror: Mirror;
  api: ApiClient;
  outbox: Outbox;
  engine: SyncEngine;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  dataDir: string;
  tokenStore?: TokenStore;
  now?: () => number;
  log?: (line: string) => void;
}

export async function openRuntime(options: RuntimeOptions): Promise<Runtime> {
  ensurePrivateDir(options.dataDir);
  const configStore = createConfigStore(options.dataDir);
  const config = configStore.read();
  const tokenStore = options.tokenStore ?? createFileTokenStore(options.dataDir);

  let embedded: EmbeddedService | undefined;
  let baseUrl: string;
  let token: string;
  if (config.baseUrl) {
    baseUrl = config.baseUrl;
    const stored = tokenStore.get();
    if (!stored) throw new ConfigError(`no token is set for ${config.baseUrl}: run "foyer config set token <TOKEN>"`);
    token = stored;
  } else {
    embedded = await startEmbeddedService(options.dataDir, { ...(options.now ? { now: options.now } : {}) });
    baseUrl = embedded.baseUrl;
    token = embedded.token;
  }

  const mirror = openMirror(join(options.dataDir, 'mirror.db'));
  if (embedded?.reseeded) mirror.transaction(() => mirror.db.prepare('DELETE FROM sync_state').run());
  const api = createApiClient({ baseUrl, token, timeoutMs: config.requestTimeoutSeconds * 1000 });
  const common = {
    mirror,
    api,
    config,
    ...(options.now ? { now: options.now } : {}),
    ...(options.log ? { log: options.log } : {}),
  };
  // The engine shows the outbox in its status and sends what is queued; the outbox tells it when that changed.
  const notify = { outboxChanged: (_what: 'queued' | 'progress') => {} };
  const outbox = createOutbox({ ...common, onChange: (what) => notify.outboxChanged(what) });
  const engine = createSyncEngine({ ...common, outbox });
  notify.outboxChanged = (what) => engine.outboxChanged(what === 'queued');
  return {
    dataDir: options.dataDir,
    config,
    configStore,
    tokenStore,
    embedded,
    baseUrl,
    mirror,
    api,
    outbox,
    engine,
    async close() {
      await engine.stop();
      await api.close();
      mirror.close();
      await embedded?.close();
    },
  };
}
