import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, Config, getConfigValue, setConfigValue } from '../../../electron/core/config/config.ts';

describe('CONFIG_KEYS', () => {
  it('are the schema keys, intervals, walkIns, evacuation and hub one by one, without the kiosk settings and the PIN hashes', () => {
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
      'autoCheckOut',
      'appMode',
      'walkIns.mode',
      'walkIns.lengthMinutes',
      'walkIns.entranceId',
      'evacuation.assemblyPoint',
      'allowedHosts',
      'staffIdleMinutes',
      'hub.enabled',
      'hub.host',
      'hub.port',
      'hubUrl',
      'hubFingerprint',
    ]);
  });

  it('each reads a value of the defaults', () => {
    const config = Config.parse({});
    for (const key of CONFIG_KEYS)
      if (!['baseUrl', 'hubUrl', 'hubFingerprint'].includes(key))
        expect(getConfigValue(config, key), key).toBeDefined();
  });
});

describe('setConfigValue', () => {
  it('reads true and false as booleans and sets a nested key alone', () => {
    const config = setConfigValue(Config.parse({}), 'hub.enabled', 'true');
    expect(config.hub).toEqual({ enabled: true, host: '0.0.0.0', port: 5443 });
    expect(setConfigValue(config, 'hub.port', '8443').hub).toEqual({ enabled: true, host: '0.0.0.0', port: 8443 });
  });

  it('names the key of a value that does not fit', () => {
    expect(() => setConfigValue(Config.parse({}), 'hubFingerprint', 'AB:CD')).toThrow(/hubFingerprint/);
  });
});
