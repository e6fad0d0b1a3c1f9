import type { Config } from './config.ts';

/**
 * Which mirror a configuration reads and writes: one per service and company.
 * A module of its own so that what only compares configurations (foyer
 * config set) does not load the runtime, and with it the reference service.
 */
export function serviceKey(config: Pick<Config, 'baseUrl' | 'companyId'>): string {
  return config.baseUrl ? `${config.baseUrl.replace(/\/+$/, '')}#company=${config.companyId}` : 'embedded';
}
