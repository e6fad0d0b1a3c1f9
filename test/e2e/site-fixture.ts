/**
 * A site hub for the end-to-end tests that run one (hub.test.ts,
 * rollcall.test.ts): the reference service behind a relay that follows it
 * when it restarts, the hub's data directory and configuration, its runtime,
 * hub, core and HTTPS host on every loopback address, and a Chromium that
 * trusts exactly this hub's key.
 */
import { type Browser, chromium } from 'playwright-core';
import { type AppCore, createAppCore } from '../../electron/core/app/core.ts';
import type { Config, ConfigStore } from '../../electron/core/config/config.ts';
import { openHub, type OpenedHub } from '../../electron/core/hub/index.ts';
import { openRuntime, type Runtime } from '../../electron/core/runtime.ts';
import { startBrowserHost } from '../../electron/core/web/host.ts';
import { startRelay, writeSiteConfig } from '../integration/hub/site.ts';
import { type Service, startServiceOn, tempDir } from '../integration/outbox/helpers.ts';
import { CHROMIUM_ARGS, ensureBuilt, RENDERER } from '../support/browser.ts';

export interface E2eSite {
  serviceDir: string;
  /** The service now: `restartService` replaces it, and the relay follows. */
  service: Service;
  relay: Awaited<ReturnType<typeof startRelay>>;
  dataDir: string;
  store: ConfigStore;
  runtime: Runtime;
  hub: OpenedHub;
  core: AppCore;
  host: Awaited<ReturnType<typeof startBrowserHost>>;
  restartService(): Promise<Service>;
}

/** The site, its devices' addresses allowed (as a site's LAN names would be); the engine is not started. */
export async function openE2eSite(name: string, addresses: readonly string[], config: Partial<Config> = {}) {
  ensureBuilt();
  const serviceDir = tempDir(`${name}-svc-`);
  const site = { serviceDir, service: await startServiceOn(serviceDir) } as E2eSite;
  // The site's link to the service, counting the check-ins the service accepts.
  site.relay = await startRelay(() => site.service.baseUrl.replace(/\/api\/v2$/, ''));
  site.dataDir = tempDir(`${name}-`);
  site.store = writeSiteConfig(site.dataDir, site.relay.url, { allowedHosts: [...addresses], ...config });
  site.runtime = await openRuntime({ dataDir: site.dataDir });
  site.hub = await openHub({
    dataDir: site.dataDir,
    config: () => site.store.current(),
    names: { dns: ['localhost'], ips: ['127.0.0.1', ...addresses] },
  });
  site.core = createAppCore(site.runtime, { hub: site.hub });
  // Every loopback address is this machine: the hub listens on all of them, as on a site's LAN.
  site.host = await startBrowserHost({
    core: site.core,
    rendererDir: RENDERER,
    host: '0.0.0.0',
    port: 0,
    pinsSet: true,
    allowedHosts: () => site.store.current().allowedHosts,
    hub: site.hub,
  });
  site.restartService = async () => (site.service = await startServiceOn(serviceDir));
  return site;
}

/** Chromium trusting exactly this hub's key (the certificate's names are not the devices' addresses). */
export function launchForHub(hub: OpenedHub): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--ignore-certificate-errors-spki-list=${hub.tls.spki}`],
  });
}
