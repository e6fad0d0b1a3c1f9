/**
 * A site hub for the end-to-end tests that run one (hub.test.ts,
 * rollcall.test.ts): the reference service behind a relay that follows it
 * when it restarts, the hub's data directory and configuration, its runtime,
 * hub, core and HTTPS host on every loopback address, and a Chromium that
 * trusts exactly this hub's key.
 */
import { type Browser, chromium } from 'playwright-core';
import { expect } from 'vitest';
import { type AppCore, createAppCore } from '../../electron/core/app/core.ts';
import type { Session } from '../../electron/core/access/session.ts';
import type { Config, ConfigStore } from '../../electron/core/config/config.ts';
import { openHub, type OpenedHub } from '../../electron/core/hub/index.ts';
import { openRuntime, type Runtime } from '../../electron/core/runtime.ts';
import { startBrowserHost } from '../../electron/core/web/host.ts';
import { startRelay, writeSiteConfig } from '../integration/hub/site.ts';
import { putUntilOk, type Service, startServiceOn, tempDir } from '../integration/outbox/helpers.ts';
import type { DeskGuest } from '../../shared/contract/guests.ts';
import { localMidnight, nextLocalMidnight } from '../../shared/time.ts';
import { fromNow, HOUR, uid } from '../support/basics.ts';
import { CHROMIUM_ARGS, ensureBuilt, RENDERER } from '../support/browser.ts';
import { TEST_TOKEN } from '../support/world.ts';

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
  /** The hub stops as its process would: its streams end, its connections close, nothing is kept in memory. */
  stopHub(): Promise<void>;
  /**
   * The hub starts again after `stopHub`, on its data directory and at its port, as after a restart of its
   * process: the devices keep only what their browsers hold (their cookies); the engine is started.
   */
  restartHub(): Promise<void>;
}

/**
 * The site, its devices' addresses allowed (as a site's LAN names would be); the engine is not started.
 * `now`: the hub's clock (its runtime's and its core's), for a test that moves it on (a day, a month).
 */
export async function openE2eSite(
  name: string,
  addresses: readonly string[],
  config: Partial<Config> = {},
  now?: () => number,
) {
  ensureBuilt();
  const serviceDir = tempDir(`${name}-svc-`);
  const site = { serviceDir, service: await startServiceOn(serviceDir) } as E2eSite;
  // The site's link to the service, counting the check-ins the service accepts.
  site.relay = await startRelay(() => site.service.baseUrl.replace(/\/api\/v2$/, ''));
  site.dataDir = tempDir(`${name}-`);
  site.store = writeSiteConfig(site.dataDir, site.relay.url, { allowedHosts: [...addresses], ...config });
  await openHubOf(site, addresses, 0, now);
  site.restartService = async () => (site.service = await startServiceOn(serviceDir));
  site.stopHub = async () => {
    site.hub.close();
    await site.host.close();
    site.core.close();
    await site.runtime.close();
  };
  site.restartHub = async () => {
    await openHubOf(site, addresses, site.host.port, now);
    site.runtime.engine.start();
  };
  return site;
}

/** The hub's runtime, registry, core and HTTPS host on the site's data directory (`port` 0: any free port). */
async function openHubOf(site: E2eSite, addresses: readonly string[], port: number, now?: () => number): Promise<void> {
  site.runtime = await openRuntime({ dataDir: site.dataDir, ...(now ? { now } : {}) });
  site.hub = await openHub({
    dataDir: site.dataDir,
    config: () => site.store.current(),
    names: { dns: ['localhost'], ips: ['127.0.0.1', ...addresses] },
  });
  site.core = createAppCore(site.runtime, { hub: site.hub, ...(now ? { now } : {}) });
  // Every loopback address is this machine: the hub listens on all of them, as on a site's LAN.
  site.host = await startBrowserHost({
    core: site.core,
    rendererDir: RENDERER,
    host: '0.0.0.0',
    port,
    pinsSet: true,
    allowedHosts: () => site.store.current().allowedHosts,
    hub: site.hub,
  });
}

/** Chromium's own camera: a moving test pattern, given without asking (the kiosk's photo). */
export const FAKE_CAMERA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

/** Chromium trusting exactly this hub's key (the certificate's names are not the devices' addresses). */
export function launchForHub(hub: OpenedHub, extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--ignore-certificate-errors-spki-list=${hub.tls.spki}`, ...extraArgs],
  });
}

/**
 * One visit under way at location 10 (an hour ago to three hours ahead) with
 * these guests, put at the service and pulled into the hub's mirror through
 * `session` (the hub's own window): the guests as the desk lists them, by
 * family name.
 */
export async function putVisit(
  site: Pick<E2eSite, 'service' | 'core'>,
  session: Session,
  name: string,
  people: readonly { firstName: string; lastName: string }[],
): Promise<Map<string, DeskGuest>> {
  const sourceId = uid('e2e-visit');
  const invitations = people.map(({ firstName, lastName }, i) => ({
    sourceId: `${sourceId}-${i}`,
    firstName,
    lastName,
    companyName: 'Kranich AG',
  }));
  const event = { sourceId, name, startsAt: fromNow(-HOUR), endsAt: fromNow(3 * HOUR), locationId: 10, invitations };
  const answer = await putUntilOk(site.service.baseUrl, '/events', { events: [event] }, TEST_TOKEN);
  expect(answer.status, answer.text).toBe(200);
  await site.core.call(session, 'sync.now', {});
  const now = Date.now();
  const { guests: today } = await site.core.call(session, 'guests.list', {
    from: new Date(localMidnight(now)).toISOString(),
    to: new Date(nextLocalMidnight(now)).toISOString(),
    limit: 500,
  });
  const byName = new Map<string, DeskGuest>();
  for (const person of people) {
    const guest = today.find((g) => g.firstName === person.firstName && g.lastName === person.lastName);
    if (!guest) throw new Error(`${person.firstName} ${person.lastName} did not reach the hub's mirror`);
    byName.set(person.lastName, guest);
  }
  return byName;
}
