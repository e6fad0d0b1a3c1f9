/**
 * Changing the settings while the app runs, once for the console and the
 * CLI. Every write goes through `updateConfig`: validated as a whole, written
 * atomically to the one source of truth (the config store), which everything
 * that reads it (PIN checks, the flow, the kiosk, the engine) asks at each use.
 */
import { RETENTION_KINDS } from '../../../shared/contract/settings.ts';
import { retentionDaysOf, retentionHeld } from '../retention/kinds.ts';
import type { ConnectionInput, SettingsView } from '../../../shared/contract/settings.ts';
import { PIN_HINT, PIN_PATTERN } from '../../../shared/domain/pin.ts';
import { SettingRefused } from '../config/flow-rules.ts';
import { hashPinAsync, verifyPin } from '../access/pins.ts';
import type { Config } from '../config/config.ts';
import { serviceKey } from '../config/service-key.ts';
import type { Runtime } from '../runtime.ts';

export { SettingRefused };

type Configured = Pick<Runtime, 'configStore'>;

/**
 * The one way settings are written while the app runs: a change of the
 * file as it is now (configStore.update), never of a copy held in memory,
 * so that a PIN set meanwhile by "foyer config set" is not written back.
 */
export function updateConfig(runtime: Configured, change: (config: Config) => Config): Config {
  return runtime.configStore.update(change);
}

export function settingsView(runtime: Pick<Runtime, 'config' | 'embedded' | 'tokenStore'>): SettingsView {
  const { config } = runtime;
  const token = config.baseUrl ? runtime.tokenStore.get() : undefined;
  return {
    baseUrl: config.baseUrl ?? null,
    embedded: !config.baseUrl,
    tokenSet: !config.baseUrl || Boolean(token),
    tokenEnding: token && token.length >= 12 ? token.slice(-2) : null,
    companyId: config.companyId,
    locationId: config.locationId,
    windowDaysBack: config.windowDaysBack,
    windowDaysAhead: config.windowDaysAhead,
    retentionDays: config.retentionDays,
    retention: RETENTION_KINDS.map((kind) => ({
      kind,
      days: retentionDaysOf(config, kind),
      asVisits: kind !== 'visits' && config.retention[`${kind}Days`] === undefined,
      held: retentionHeld(kind),
    })),
    intervals: config.intervals,
    autoCheckOut: config.autoCheckOut,
    flow: config.flow,
    pins: { desk: Boolean(config.pins.desk), admin: Boolean(config.pins.admin) },
  };
}

/**
 * Refuses a new desk or admin PIN that is not 4 to 12 digits, or that is the
 * other role's PIN (unlocking tries the admin PIN first: the desk's would
 * open the admin console).
 */
export async function checkNewPin(runtime: Configured, role: 'desk' | 'admin', pin: string): Promise<void> {
  if (!PIN_PATTERN.test(pin)) throw new SettingRefused('pin', PIN_HINT);
  const other = runtime.configStore.current().pins[role === 'desk' ? 'admin' : 'desk'];
  if (other && (await verifyPin(pin, other)))
    throw new SettingRefused('pin', `the ${role} PIN must differ from the ${role === 'desk' ? 'admin' : 'desk'} PIN`);
}

/**
 * Sets or removes a PIN; it unlocks from the next attempt on. The desk and
 * admin PINs must differ (unlocking tries the admin PIN first). The console
 * cannot remove the admin PIN (it is how one gets in); the CLI, on the
 * machine itself, may.
 */
export async function setPin(
  runtime: Configured,
  role: 'desk' | 'admin',
  pin: string | null,
  options: { mayRemoveAdmin?: boolean } = {},
): Promise<{ desk: boolean; admin: boolean }> {
  if (pin === null && role === 'admin' && !options.mayRemoveAdmin)
    throw new SettingRefused('pin', 'the admin PIN cannot be removed: without it nobody could reach the admin console');
  if (pin !== null) await checkNewPin(runtime, role, pin);
  const hash = pin === null ? undefined : await hashPinAsync(pin);
  const next = updateConfig(runtime, (c) => {
    const pins = { ...c.pins };
    if (hash) pins[role] = hash;
    else delete pins[role];
    return { ...c, pins };
  });
  return { desk: Boolean(next.pins.desk), admin: Boolean(next.pins.admin) };
}

export function setSync(
  runtime: Configured,
  patch: {
    intervals?: Partial<Config['intervals']> | undefined;
    retentionDays?: number | undefined;
    retention?: Partial<Record<keyof Config['retention'], number | null | undefined>> | undefined;
    windowDaysBack?: number | undefined;
    windowDaysAhead?: number | undefined;
    autoCheckOut?: string | undefined;
  },
): Config {
  const intervals = { ...runtime.configStore.current().intervals, ...patch.intervals };
  if (intervals.fullSeconds < intervals.incrementalSeconds)
    throw new SettingRefused('intervals.fullSeconds', 'the full listing cannot come more often than the quick one');
  const { intervals: _, retention: kinds, ...rest } = patch;
  const defined = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  return updateConfig(runtime, (c) => {
    // null: the kind goes back to the visits' figure.
    const retention = { ...c.retention };
    for (const [key, days] of Object.entries(kinds ?? {}) as [keyof Config['retention'], number | null | undefined][])
      if (days === null) delete retention[key];
      else if (days !== undefined) retention[key] = days;
    return { ...c, ...defined, intervals, retention };
  });
}

/**
 * Switches to another service, token, company or location while the app runs.
 * Another service (or company) gets a mirror of its own; when work still waits
 * in the outbox for the service used now, it asks first (the work stays with
 * that service's mirror and goes when it is chosen again). If the new
 * connection cannot be opened, the old one is put back.
 */
export async function setConnection(
  runtime: Runtime,
  input: ConnectionInput & { confirmed: boolean },
): Promise<{ newMirror: boolean }> {
  const sameService = (input.baseUrl ?? undefined) === runtime.config.baseUrl;
  const token = input.baseUrl ? (input.token ?? (sameService ? runtime.tokenStore.get() : undefined)) : undefined;
  if (input.baseUrl && !token) throw new SettingRefused('token', 'enter the token this service issued for Foyer');
  const before = structuredClone(runtime.config);
  const next = {
    ...before,
    baseUrl: input.baseUrl ?? undefined,
    companyId: input.companyId,
    locationId: input.locationId,
  };
  if (serviceKey(next) !== serviceKey(before) && !input.confirmed) {
    const counts = runtime.outbox.counts();
    const waiting = counts.pending + counts.sending + counts.failed;
    if (waiting > 0)
      throw new SettingRefused(
        'confirmed',
        `${waiting} item(s) in the outbox are for the service used now. They stay with it and are sent when you switch back. Confirm to switch.`,
      );
  }
  const tokenBefore = runtime.tokenStore.get();
  updateConfig(runtime, (c) => {
    const changed = { ...c, companyId: input.companyId, locationId: input.locationId };
    if (input.baseUrl) changed.baseUrl = input.baseUrl;
    else delete changed.baseUrl;
    return changed;
  });
  if (token && token !== tokenBefore) runtime.tokenStore.set(token);
  try {
    return await runtime.reconnect();
  } catch (error) {
    updateConfig(runtime, () => before);
    if (token !== tokenBefore) runtime.tokenStore.set(tokenBefore);
    await runtime.reconnect();
    throw new SettingRefused(
      'baseUrl',
      `the new connection could not be opened (${(error as Error).message}); the old one is back`,
    );
  }
}
