/** foyer config get [KEY] | set KEY VALUE */
import {
  CONFIG_KEYS,
  type ConfigKey,
  createConfigStore,
  ensurePrivateDir,
  getConfigValue,
  setConfigValue,
} from '../config/config.ts';
import { createFileTokenStore, maskToken } from '../config/token-store.ts';
import { type Output, parseCommand, UsageError } from './args.ts';

export const CONFIG_USAGE = `Usage: foyer config get [KEY] [--data-dir DIR]
       foyer config set KEY VALUE [--data-dir DIR]

Keys: token, ${CONFIG_KEYS.join(', ')}
An empty VALUE ("") unsets a key; with no baseUrl, Foyer uses the embedded reference service.
`;

const KEYS = ['token', ...CONFIG_KEYS] as const;

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

  if (action === 'get') {
    if (value !== undefined) throw new UsageError('config get takes one KEY at most');
    const config = store.read();
    if (key === 'token') out.write(`${maskToken(tokens.get())}\n`);
    else if (key) out.write(`${JSON.stringify(getConfigValue(config, key as ConfigKey) ?? null)}\n`);
    else
      out.write(
        `${JSON.stringify({ dataDir, ...config, baseUrl: config.baseUrl ?? '(embedded reference service)', token: maskToken(tokens.get()) }, null, 2)}\n`,
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
    store.write(setConfigValue(store.read(), key as ConfigKey, value));
    out.write(`${key} = ${JSON.stringify(getConfigValue(store.read(), key as ConfigKey) ?? null)}\n`);
    return 0;
  }
  throw new UsageError(`unknown action "${action}"; use get or set`);
}
