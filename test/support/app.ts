/**
 * An app core as the tests open one: a data directory whose configuration
 * points at a service (or at none, and the runtime starts the embedded demo
 * service), with the PINs the test unlocks with, and the runtime and the core
 * opened on it.
 */
import { type AppCore, createAppCore } from '../../electron/core/app/core.ts';
import { hashPin } from '../../electron/core/access/pins.ts';
import { type Config, createConfigStore } from '../../electron/core/config/config.ts';
import { createFileTokenStore } from '../../electron/core/config/token-store.ts';
import { openRuntime, type Runtime } from '../../electron/core/runtime.ts';
import type { Timers } from '../../electron/core/sync/job.ts';
import { dayKey, dayRange } from '../../renderer/src/features/desk/guest-lists.ts';
import { TEST_TOKEN } from './world.ts';

export interface AppOptions {
  /** The service the app talks to, with its token (TEST_TOKEN unless said). Absent: the embedded demo service. */
  service?: { baseUrl: string; token?: string };
  /** Configuration besides the defaults, laid over what the store holds (given what it holds). */
  config?: Partial<Config> | ((current: Config) => Partial<Config>);
  /** PINs in clear: stored hashed, as "foyer config set" stores them. */
  pins?: { admin?: string; desk?: string };
  /** The clock of the core and of the embedded demo service (support/clock.ts); the wall clock unless said. */
  now?: () => number;
  /** The sync engine's timers (support/timers.ts's countedTimers, to see what waits and for how long). */
  timers?: Timers;
}

export interface TestApp {
  dataDir: string;
  runtime: Runtime;
  core: AppCore;
  /** The app's clock: what "now" is for its core (and its embedded service). */
  now: () => number;
}

/** Writes the configuration (and the token) into `dataDir`, then opens the runtime and the core on it. */
export async function openApp(dataDir: string, options: AppOptions = {}): Promise<TestApp> {
  const { service, config, pins, now = Date.now, timers } = options;
  const store = createConfigStore(dataDir);
  const current = store.read();
  store.write({
    ...current,
    ...(service ? { baseUrl: service.baseUrl } : {}),
    ...(typeof config === 'function' ? config(current) : config),
    ...(pins ? { pins: hashedPins(pins) } : {}),
  });
  if (service) createFileTokenStore(dataDir).set(service.token ?? TEST_TOKEN);
  const runtime = await openRuntime({ dataDir, now, ...(timers ? { timers } : {}) });
  return { dataDir, runtime, core: createAppCore(runtime, { now }), now };
}

function hashedPins(pins: { admin?: string; desk?: string }): Config['pins'] {
  return {
    ...(pins.admin !== undefined ? { admin: hashPin(pins.admin) } : {}),
    ...(pins.desk !== undefined ? { desk: hashPin(pins.desk) } : {}),
  };
}

/** Today as the desk asks the core for it: this machine's local day at `now`, by the desk's own dayRange. */
export const today = (now = Date.now()): { from: string; to: string } => dayRange(dayKey(now));
