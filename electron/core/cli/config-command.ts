/** foyer config get [KEY] | set KEY VALUE */
import {
  CONFIG_KEYS,
  ConfigError,
  type ConfigKey,
  createConfigStore,
  ensurePrivateDir,
  getConfigValue,
  setConfigValue,
} from '../config/config.ts';
import { createFileTokenStore, maskToken } from '../config/token-store.ts';
import { createSiteKeyStore, SiteKeyError } from '../codes/site-key.ts';
import { AppError } from '../errors.ts';
import { checkFlow, SettingRefused } from '../config/flow-rules.ts';
import { type Output, parseCommand, UsageError } from './args.ts';

export const CONFIG_USAGE = `Usage: foyer config get [KEY] [--data-dir DIR]
       foyer config set KEY VALUE [--data-dir DIR]

Keys: token, deskPin, adminPin, siteKey, ${CONFIG_KEYS.join(', ')}
deskPin and adminPin (4 to 12 digits) unlock the desk and admin roles; they are stored hashed.
siteKey signs guest pass codes (generated once per data directory); give every kiosk of a site the same one.
autoCheckOut (HH:MM local time, or off) checks out, each day once that time has passed, every guest still
on site whose visit has ended (docs/desk.md "Automatic check-out"); off by default.
An empty VALUE ("") unsets a key; with no baseUrl, Foyer uses the embedded reference service.
`;

const KEYS = ['token', 'deskPin', 'adminPin', 'siteKey', ...CONFIG_KEYS] as const;

export async function configCommand(argv: string[], out: Output): Promise<number> {
  const { positionals, values, dataDir } = parseCommand(argv, {}, { min: 1, max: 3 });
  if (values.help) {
    out.write(CONFIG_USAGE);
    return 0;
  }
  const [action, key, value] = positionals;
  if (key !== undefined && !(KEYS as readonly string[]).includes(key))
    throw new UsageError(`unknown key "${key}"; keys: ${KEYS.join(', ')}`);
  ensurePrivateDir(dataDir);
  const store = createConfigStore(dataDir);
  const tokens = createFileTokenStore(dataDir);
  const siteKeys = createSiteKeyStore(dataDir);

  if (action === 'get') {
    if (value !== undefined) throw new UsageError('config get takes one KEY at most');
    const config = store.read();
    if (key === 'token') out.write(`${maskToken(tokens.get())}\n`);
    else if (key === 'siteKey') out.write(`${siteKeys.exists() ? 'set' : 'not set (generated on first use)'}\n`);
    else if (key === 'deskPin' || key === 'adminPin')
      out.write(`${config.pins[key === 'deskPin' ? 'desk' : 'admin'] ? 'set' : 'not set'}\n`);
    else if (key) out.write(`${JSON.stringify(getConfigValue(config, key as ConfigKey) ?? null)}\n`);
    else
      out.write(
        `${JSON.stringify(
          {
            dataDir,
            ...config,
            pins: { desk: config.pins.desk ? 'set' : 'not set', admin: config.pins.admin ? 'set' : 'not set' },
            baseUrl: config.baseUrl ?? '(embedded reference service)',
            token: maskToken(tokens.get()),
          },
          null,
          2,
        )}\n`,
      );
    return 0;
  }
  if (action === 'set') {
    if (key === undefined || value === undefined) throw new UsageError('config set needs KEY and VALUE');
    if (key === 'token') {
      tokens.set(value);
      out.write(`token ${value ? 'stored (file mode 0600)' : 'removed'}\n`);
      return 0;
    }
    if (key === 'siteKey') {
      try {
        siteKeys.set(value);
      } catch (error) {
        if (error instanceof SiteKeyError) throw new UsageError(error.message);
        throw error;
      }
      out.write('siteKey stored (file mode 0600); pass codes signed with the previous key are no longer accepted\n');
      return 0;
    }
    if (key === 'deskPin' || key === 'adminPin') {
      // Through the contract, as the console sets it (its rules, in the audit log); the machine's own user may
      // remove the admin PIN (settings.setPin).
      // Loaded here: "config get" and the other keys open neither the mirror nor the core.
      const { openDoor } = await import('./door.ts');
      const door = await openDoor(dataDir);
      try {
        await door.call('settings.setPin', {
          role: key === 'deskPin' ? 'desk' : 'admin',
          pin: value === '' ? null : value,
        });
      } catch (error) {
        if (error instanceof AppError && error.code === 'INVALID_INPUT')
          throw new UsageError(`${key}: ${error.details?.[0]?.message ?? error.message}`);
        throw error;
      } finally {
        await door.close();
      }
      out.write(`${key} ${value ? 'set' : 'removed'}\n`);
      return 0;
    }
    const next = store.update((config) => {
      const changed = setConfigValue(config, key as ConfigKey, value);
      if (key === 'flow')
        try {
          checkFlow(changed.flow);
        } catch (error) {
          if (error instanceof SettingRefused) throw new ConfigError(`flow.${error.field}: ${error.message}`);
          throw error;
        }
      return changed;
    });
    out.write(`${key} = ${JSON.stringify(getConfigValue(next, key as ConfigKey) ?? null)}\n`);
    return 0;
  }
  throw new UsageError(`unknown action "${action}"; use get or set`);
}
