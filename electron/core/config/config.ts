/**
 * Foyer's configuration, kept as config.json in the data directory. The
 * token is kept apart (see token-store.ts), never in this file.
 */
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { formatPath } from '../../../shared/api/errors.ts';
import { AgreementSettings } from '../../../shared/contract/agreements.ts';
import { WatchlistSettings } from '../../../shared/contract/watchlist.ts';
import { PhotoSettings } from '../../../shared/contract/photos.ts';
import { EvacuationSettings, KioskSettingsConfig, WalkInSettings } from '../../../shared/contract/settings.ts';
import { PrintingSettings } from '../../../shared/contract/printing.ts';
import { BrowserNames, HostName } from '../../../shared/contract/site.ts';
import { DEFAULT_FLOW, FlowConfig } from '../../../shared/domain/flow.ts';
import { FINGERPRINT_HINT, FINGERPRINT_PATTERN, normaliseFingerprint } from '../../../shared/fingerprint.ts';
import {
  AUTO_CHECK_OUT_DEFAULT,
  AUTO_CHECK_OUT_HINT,
  AUTO_CHECK_OUT_PATTERN,
  normaliseAutoCheckOut,
} from '../../../shared/domain/visit-end.ts';
import { writeFileAtomic } from './atomic-write.ts';
import { ConfigError } from './errors.ts';
import { refuseForeign } from './private-files.ts';

export { ConfigError } from './errors.ts';
export { DataDirError, ensurePrivateDir } from './private-files.ts';

const seconds = z.number().int().min(1).max(86_400);

// The rule is the contract's, so that the admin console refuses exactly what this file would.
export { HostName };

const Intervals = z.strictObject({
  incrementalSeconds: seconds.default(30),
  fullSeconds: seconds.default(600),
  // A check-in made elsewhere shows within this and one pass (at most 30 s with the default).
  checkInsSeconds: seconds.default(25),
  referenceSeconds: seconds.default(600),
});

/**
 * Retention of the other kinds of personal data, in days (electron/core/retention/kinds.ts); absent: as
 * retentionDays (photos and signatures: their own settings first).
 */
const RetentionSettings = z.strictObject({
  walkInsDays: z.number().int().min(1).max(3650).optional(),
  photosDays: z.number().int().min(1).max(3650).optional(),
  signaturesDays: z.number().int().min(1).max(3650).optional(),
  auditDays: z.number().int().min(1).max(3650).optional(),
});

/** "HH:MM" local time or "off" (shared/domain/visit-end.ts); "3:00" and "OFF" are taken as "03:00" and "off". */
export const AutoCheckOut = z
  .string({ error: AUTO_CHECK_OUT_HINT })
  .transform(normaliseAutoCheckOut)
  .pipe(z.string().regex(AUTO_CHECK_OUT_PATTERN, AUTO_CHECK_OUT_HINT));

const Hub = z.strictObject({
  enabled: z.boolean().default(false),
  host: z.string().max(100).default('0.0.0.0'),
  port: z.number().int().min(1).max(65_535).default(5443),
});

export const Config = z.strictObject({
  /** Base URL including /api/v2; absent: the embedded reference service with demo data. */
  baseUrl: z.url({ protocol: /^https?$/ }).optional(),
  companyId: z.number().int().positive().default(1),
  locationId: z.number().int().positive().default(10),
  /** The invitations kept in the mirror: events from this many days back... */
  windowDaysBack: z.number().min(0).max(60).default(1),
  /** ...to this many days ahead. */
  windowDaysAhead: z.number().min(0).max(365).default(7),
  intervals: Intervals.prefault({}),
  /** Invitations and check-ins older than this are purged from the mirror. */
  retentionDays: z.number().int().min(1).max(3650).default(30),
  /** Retention of the other kinds of personal data, in days (RetentionSettings). */
  retention: RetentionSettings.prefault({}),
  /** Subtracted from the newest updatedAt seen, against clock skew between service hosts. */
  watermarkMarginSeconds: z.number().int().min(0).max(86_400).default(120),
  requestTimeoutSeconds: z.number().min(1).max(300).default(15),
  flow: FlowConfig.default(DEFAULT_FLOW),
  /**
   * Each day once this local time has passed, guests still on site whose visit has ended are checked out
   * automatically ("HH:MM", or "off"; docs/desk.md "Automatic check-out" says why it is off by default).
   */
  autoCheckOut: AutoCheckOut.default(AUTO_CHECK_OUT_DEFAULT),
  /** Which window the desktop app opens: the reception desk, or the lobby kiosk (also: --kiosk). */
  appMode: z.enum(['desk', 'kiosk']).default('desk'),
  /** The kiosk's settings (shared/contract: KioskSettings); what is absent takes its default. */
  kiosk: KioskSettingsConfig,
  /** Walk-ins (shared/contract/walk-ins.ts): off, approved at the desk (the default), or let in at once. */
  walkIns: WalkInSettings.prefault({}),
  /** The site's label printers (shared/contract/printing.ts): with one, the host prints the kiosks' badges. */
  printing: PrintingSettings.prefault({}),
  /** The site's evacuation: the assembly point the kiosks show during a roll call. */
  evacuation: EvacuationSettings.prefault({}),
  /** The watchlist's threshold (shared/contract/watchlist.ts); the list itself is in the mirror. */
  watchlist: WatchlistSettings.prefault({}),
  /** The documents guests sign at the kiosk (shared/contract/agreements.ts), and how long signed copies are kept. */
  agreements: AgreementSettings.prefault({}),
  /** Photos at the kiosk (shared/contract/photos.ts): off by default; the consent line; how long they are kept. */
  photos: PhotoSettings.prefault({}),
  /**
   * Host names (with an optional :port) that browsers may use to reach "foyer web" when it is bound
   * beyond loopback, e.g. ["reception.example.lan"]. Any other Host header is refused (DNS rebinding).
   */
  allowedHosts: z.array(HostName).max(50).default([]),
  /** Names of the browsers of "foyer web" by address, e.g. {"192.168.1.31": "Lobby tablet"} (devices of the logs). */
  browserNames: BrowserNames.default({}),
  /** Minutes without a staff action after which a desk or admin session locks back to its base role. */
  staffIdleMinutes: z.number().min(1).max(1440).default(15),
  /**
   * The site hub: with `enabled`, the desktop app serves the site's kiosks and desks over HTTPS on `host`:`port`
   * ("foyer hub" does the same headless, whatever `enabled` says).
   */
  hub: Hub.prefault({}),
  /** This desktop app is a device of a site hub: its window shows the hub (https://...), with no mirror of its own. */
  hubUrl: z.url({ protocol: /^https$/ }).optional(),
  /**
   * The hub's certificate SHA-256, whole (its short form is too short to trust alone): nothing else is trusted at
   * hubUrl. Taken in any spelling the screens show (groups of 4, pairs, colons), kept as the hub prints it.
   */
  hubFingerprint: z
    .string()
    .max(200)
    .transform(normaliseFingerprint)
    .pipe(z.string().regex(FINGERPRINT_PATTERN, FINGERPRINT_HINT))
    .optional(),
  /** scrypt hashes of the PINs that unlock the desk and admin roles (set with "foyer config set deskPin 1234"). */
  pins: z.strictObject({ desk: z.string().optional(), admin: z.string().optional() }).prefault({}),
});
export type Config = z.output<typeof Config>;

/** The per-OS application data directory, the same one Electron's userData uses for "Foyer". */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.FOYER_DATA_DIR) return env.FOYER_DATA_DIR;
  const home = homedir();
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Foyer');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Foyer');
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'Foyer');
}

/**
 * The one source of truth for the configuration: every door (the browser
 * host, the Electron shell, the sync engine, the outbox) asks it for the
 * current configuration when it needs a value, so a change made by
 * "foyer config set" (another process) or by the admin screen takes effect
 * at once, and nothing ever writes back a stale copy.
 */
export interface ConfigStore {
  readonly dataDir: string;
  /**
   * The configuration as config.json says now. One stat per call: the file
   * is read and parsed again only when its inode, size or mtime changed.
   * While the file is invalid (a person mid-edit), the last valid
   * configuration is kept and the problem is logged, once per file version;
   * with no valid version yet, the error is thrown.
   */
  current(): Config;
  /**
   * Read-modify-write of the file as it is now (never of a copy held in
   * memory), replaced atomically. An invalid file is an error here: a change
   * is never written over a file that could not be read.
   */
  update(change: (config: Config) => Config): Config;
  /** The file read and validated now, throwing on an invalid file (the CLI). */
  read(): Config;
  /** Replaces the whole file atomically. Prefer update(): it cannot write back a stale copy. */
  write(config: Config): void;
}

/** The configuration handed out is shared by every reader: a change goes through update(), never by mutation. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** What identifies one version of the file; an atomic rename always gives a new inode. */
function signature(path: string): string {
  try {
    const s = statSync(path, { bigint: true });
    return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'absent';
    throw error;
  }
}

export function createConfigStore(dataDir: string, options: { log?: (line: string) => void } = {}): ConfigStore {
  const path = join(dataDir, 'config.json');
  let cached: { signature: string; config: Config } | undefined;
  let reported = '';

  function load(): Config {
    // Another user's config.json could point the token at their own server.
    refuseForeign(path, 'the configuration');
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return deepFreeze(Config.parse({}));
      throw error;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new ConfigError(`${path} is not valid JSON (${(error as Error).message}); fix or delete it`);
    }
    const parsed = Config.safeParse(json);
    if (!parsed.success)
      throw new ConfigError(
        `${path} is not a valid configuration: ` +
          parsed.error.issues.map((i) => `${formatPath(i.path)}: ${i.message}`).join('; '),
      );
    return deepFreeze(parsed.data);
  }

  function write(config: Config) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    // Whole or not at all: a crash or a full disk never leaves half a file.
    writeFileAtomic(path, `${JSON.stringify(Config.parse(config), null, 2)}\n`);
    cached = undefined;
  }

  return {
    dataDir,
    current() {
      const now = signature(path);
      if (cached?.signature === now) return cached.config;
      try {
        cached = { signature: now, config: load() };
        reported = '';
        return cached.config;
      } catch (error) {
        if (!(error instanceof ConfigError) || !cached) throw error;
        if (reported !== now) {
          reported = now;
          options.log?.(`configuration not reloaded, the last valid one stays in use: ${error.message}`);
        }
        return cached.config;
      }
    },
    update(change) {
      const next = Config.parse(change(load()));
      write(next);
      return next;
    },
    read() {
      const before = signature(path);
      const config = load();
      cached = { signature: before, config }; // a later current() starts from a valid one
      return config;
    },
    write,
  };
}

/** Set by other means: the kiosk's settings in the admin console, the PINs as deskPin/adminPin (stored hashed). */
const NOT_SETTABLE: readonly string[] = ['kiosk', 'pins'] satisfies (keyof Config)[];
/** Objects of plain values, set key by key as dotted paths. */
const NESTED = {
  intervals: Intervals,
  hub: Hub,
  walkIns: WalkInSettings,
  evacuation: EvacuationSettings,
  printing: PrintingSettings,
  watchlist: WatchlistSettings,
  agreements: AgreementSettings,
  photos: PhotoSettings,
  retention: RetentionSettings,
} as const;
type Nested = keyof typeof NESTED;
type Settable = Exclude<keyof Config, 'kiosk' | 'pins' | Nested>;
/**
 * The kiosk settings a terminal may set too (the rest are the admin console's): the door PIN on the badge, a
 * question of the site's security rules rather than of the kiosk's look.
 */
const KIOSK_KEYS = ['kiosk.badge.doorPin'] as const;
export type ConfigKey =
  Settable | { [N in Nested]: `${N}.${keyof Config[N] & string}` }[Nested] | (typeof KIOSK_KEYS)[number];
const isNested = (key: string): key is Nested => Object.hasOwn(NESTED, key);

/** Settable keys, as dotted paths: the schema's own keys, the nested ones (intervals, hub, evacuation) one by one, and KIOSK_KEYS. */
export const CONFIG_KEYS: readonly ConfigKey[] = [
  ...Config.keyof().options.flatMap((key): ConfigKey[] =>
    isNested(key)
      ? NESTED[key].keyof().options.map((inner) => `${key}.${inner}` as ConfigKey)
      : NOT_SETTABLE.includes(key)
        ? []
        : [key as Settable],
  ),
  ...KIOSK_KEYS,
];

export function getConfigValue(config: Config, key: ConfigKey): unknown {
  return key
    .split('.')
    .reduce<unknown>((value, part) => (value as Record<string, unknown> | undefined)?.[part], config);
}

/**
 * Sets one key from text: numbers and JSON are parsed, "" unsets an optional
 * key. The result is validated as a whole; an invalid value names the key.
 */
export function setConfigValue(config: Config, key: ConfigKey, text: string): Config {
  let value: unknown = text;
  if (text === '') value = undefined;
  else if (/^-?\d+(\.\d+)?$/.test(text)) value = Number(text);
  else if (text === 'true' || text === 'false') value = text === 'true';
  else if (/^[[{]/.test(text)) {
    try {
      value = JSON.parse(text);
    } catch {
      throw new ConfigError(`${key}: "${text}" is not valid JSON`);
    }
  }
  const next = structuredClone(config) as Record<string, unknown>;
  const parts = key.split('.');
  let target = next;
  for (const part of parts.slice(0, -1)) target = target[part] as Record<string, unknown>;
  const last = parts.at(-1)!;
  if (value === undefined) delete target[last];
  else target[last] = value;
  const parsed = Config.safeParse(next);
  if (!parsed.success)
    throw new ConfigError(parsed.error.issues.map((i) => `${formatPath(i.path)}: ${i.message}`).join('; '));
  return parsed.data;
}
