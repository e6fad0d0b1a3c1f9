/**
 * The site's settings from the admin console (shared/contract/site.ts): the
 * staff idle time and the host names (read at each use: they count at once),
 * hub mode (read when the app starts) and the site key (a file of its own,
 * read at each use; see codes/site-key.ts). Values were checked against the
 * contract; the rules that need the machine's state are here, and each
 * refusal names its field.
 */
import { randomBytes } from 'node:crypto';
import type { HubSettings, SiteView } from '../../../shared/contract/site.ts';
import { createSiteKeyStore, SiteKeyError } from '../codes/site-key.ts';
import type { Runtime } from '../runtime.ts';
import { SettingRefused, updateConfig } from './settings.ts';

type Site = Pick<Runtime, 'config' | 'configStore' | 'dataDir'>;

export function siteView(runtime: Site, hubRunning: boolean): SiteView {
  const { config } = runtime;
  return {
    staffIdleMinutes: config.staffIdleMinutes,
    allowedHosts: [...config.allowedHosts],
    browserNames: { ...config.browserNames },
    hub: { ...config.hub },
    hubRunning,
    siteKeySet: createSiteKeyStore(runtime.dataDir).exists(),
  };
}

export function setAccess(
  runtime: Site,
  patch: {
    staffIdleMinutes?: number | undefined;
    allowedHosts?: string[] | undefined;
    browserNames?: Record<string, string> | undefined;
  },
): void {
  updateConfig(runtime, (config) => ({
    ...config,
    ...(patch.staffIdleMinutes !== undefined ? { staffIdleMinutes: patch.staffIdleMinutes } : {}),
    ...(patch.allowedHosts !== undefined ? { allowedHosts: patch.allowedHosts } : {}),
    ...(patch.browserNames !== undefined ? { browserNames: patch.browserNames } : {}),
  }));
}

/** Hub mode from the next start; a machine that is a device of another hub cannot be one too. */
export function setHub(runtime: Site, hub: HubSettings): void {
  const { hubUrl } = runtime.config;
  if (hub.enabled && hubUrl)
    throw new SettingRefused(
      'enabled',
      `this machine is a device of the hub at ${hubUrl}: a machine is the hub or a device, not both`,
    );
  updateConfig(runtime, (config) => ({ ...config, hub: { ...config.hub, ...hub } }));
}

/** A pasted key (another machine's of the site), or a new random one; codes signed with the old key stop working. */
export function setSiteKey(runtime: Site, key: string | null): void {
  try {
    createSiteKeyStore(runtime.dataDir).set(key ?? randomBytes(32).toString('base64url'));
  } catch (error) {
    if (error instanceof SiteKeyError)
      throw new SettingRefused(
        'key',
        'a site key is 22 to 200 characters without spaces: paste the key of another machine of the site, or generate a new one',
      );
    throw error;
  }
}
