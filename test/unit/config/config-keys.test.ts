import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, Config, getConfigValue } from '../../../electron/core/config/config.ts';

describe('CONFIG_KEYS', () => {
  it('are the schema keys, intervals one by one, without the kiosk settings and the PIN hashes', () => {
    expect(CONFIG_KEYS).toEqual([
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
      'allowedHosts',
      'staffIdleMinutes',
    ]);
  });

  it('each reads a value of the defaults', () => {
    const config = Config.parse({});
    for (const key of CONFIG_KEYS) if (key !== 'baseUrl') expect(getConfigValue(config, key), key).toBeDefined();
  });
});
