/**
 * Foyer's configuration, kept as config.json in the data directory. The
 * token is kept apart (see token-store.ts), never in this file.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { formatPath } from '../../../shared/api/errors.ts';
import { KioskSettingsConfig } from '../../../shared/contract/operations.ts';
import { DEFAULT_FLOW, FlowConfig } from '../../../shared/domain/flow.ts';

const seconds = z.number().int().min(1).max(86_400);

export const Config = z.strictObject({
  /** Base URL including /api/v2; absent: the embedded reference service with demo data. */
  baseUrl: z.url({ protocol: /^https?$/ }).optional(),
  companyId: z.number().int().positive().default(1),
  locationId: z.number().int().positive().default(10),
  /** The invitations kept in the mirror: events from this many days back... */
  windowDaysBack: z.number().min(0).max(60).default(1),
  /** ...to this many days ahead. */
  windowDaysAhead: z.number().min(0).max(365).default(7),
  intervals: z
    .strictObject({
      incrementalSeconds: seconds.default(30),
      fullSeconds: seconds.default(600),
      checkInsSeconds: seconds.default(30),
      referenceSeconds: seconds.default(600),
    })
    .prefault({}),
  /** Invitations and check-ins older than this are purged from the mirror. */
  retentionDays: z.number().int().min(1).max(3650).default(30),
  /** Subtracted from the newest updatedAt seen, against clock skew between service hosts. */
  watermarkMarginSeconds: z.number().int().min(0).max(86_400).default(120),
  requestTimeoutSeconds: z.number().min(1).max(300).default(15),
  flow: FlowConfig.default(DEFAULT_FLOW),
  /** Which window the desktop app opens: the reception desk, or the lobby kiosk (also: --kiosk). */
  appMode: z.enum(['desk', 'kiosk']).default('desk'),
  /** The kiosk's settings (shared/contract: KioskSettings); what is absent takes its default. */
  kiosk: KioskSettingsConfig,
  /** scrypt hashes of the PINs that unlock the desk and admin roles (set with "foyer config set deskPin 1234"). */
  pins: z.strictObject({ desk: z.string().optional(), admin: z.string().optional() }).prefault({}),
});
export type Config = z.output<typeof Config>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The per-OS application data directory, the same one Electron's userData uses for "Foyer". */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.FOYER_DATA_DIR) return env.FOYER_DATA_DIR;
  const home = homedir();
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Foyer');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Foyer');
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'Foyer');
}

export interface ConfigStore {
  readonly dataDir: string;
  read(): Config;
  write(config: Config): void;
}

export function createConfigStore(dataDir: string): ConfigStore {
  const path = join(dataDir, 'config.json');
  return {
    dataDir,
    read() {
      if (!existsSync(path)) return Config.parse({});
      let json: unknown;
      try {
        json = JSON.parse(readFileSync(path, 'utf8'));
      } catch (error) {
        throw new ConfigError(`${path} is not valid JSON (${(error as Error).message}); fix or delete it`);
      }
      const parsed = Config.safeParse(json);
      if (!parsed.success)
        throw new ConfigError(
          `${path} is not a valid configuration: ` +
            parsed.error.issues.map((i) => `${formatPath(i.path)}: ${i.message}`).join('; '),
        );
      return parsed.data;
    },
    write(config) {
      mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      const temporary = `${path}.tmp`;
      writeFileSync(temporary, `${JSON.stringify(Config.parse(config), null, 2)}\n`, { mode: 0o600 });
      renameSync(temporary, path); // atomic: a crash never leaves half a file
    },
  };
}

/** Settable keys, as dotted paths, with how to read a value typed on a command line. */
export const CONFIG_KEYS = [
  'baseUrl',
  'companyId',
  'locationId',
  'windowDaysBack',
  'windowDaysAhead',
  'intervals.incrementalSeconds',
  'intervals.fullSeconds',
  'intervals.checkInsSeconds',
  'intervals.referenceSeconds',
  'retentionDays',
  'watermarkMarginSeconds',
  'requestTimeoutSeconds',
  'flow',
  'appMode',
] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];

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

export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    chmodSync(dir, 0o700);
  } catch {
    // not the owner (e.g. a shared mount): leave it
  }
}
