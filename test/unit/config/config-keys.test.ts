import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, Config, getConfigValue, setConfigValue } from '../../../electron/core/config/config.ts';

describe('CONFIG_KEYS', () => {
  it('are the schema keys, intervals, walkIns, printing, evacuation, watchlist and hub one by one, of the kiosk settings only the badge’s door PIN, without the PIN hashes', () => {
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
      'retention.walkInsDays',
      'retention.photosDays',
      'retention.signaturesDays',
      'retention.auditDays',
      'watermarkMarginSeconds',
      'requestTimeoutSeconds',
      'flow',
      'autoCheckOut',
      'appMode',
      'walkIns.mode',
      'walkIns.lengthMinutes',
      'walkIns.entranceId',
      'printing.printers',
      'printing.defaultPrinter',
      'printing.fallbackPrinter',
      'printing.devices',
      'evacuation.assemblyPoint',
      'watchlist.threshold',
      'agreements.documents',
      'agreements.signatureRetentionDays',
      'photos.enabled',
      'photos.consentTexts',
      'photos.retentionDays',
      'allowedHosts',
      'browserNames',
      'staffIdleMinutes',
      'hub.enabled',
      'hub.host',
      'hub.port',
      'hubUrl',
      'hubFingerprint',
      'kiosk.badge.doorPin',
    ]);
  });

  it('each reads a value of the defaults', () => {
    const config = Config.parse({});
    for (const key of CONFIG_KEYS)
      // Unset by default: the embedded service, no hub, no printer named, each kind of data kept as the visits.
      if (
        !['baseUrl', 'hubUrl', 'hubFingerprint', 'printing.defaultPrinter', 'printing.fallbackPrinter'].includes(key) &&
        !key.startsWith('retention.')
      )
        expect(getConfigValue(config, key), key).toBeDefined();
  });
});

describe('setConfigValue', () => {
  it('sets the documents guests sign as JSON (a headless site), refusing a document without a text', () => {
    const nda = { id: 'nda', title: 'NDA', texts: { DE: ['Geheim halten.'] }, validDays: 0 };
    const config = setConfigValue(Config.parse({}), 'agreements.documents', JSON.stringify([nda]));
    expect(config.agreements.documents).toEqual([{ ...nda, appliesTo: 'both' }]);
    expect(config.photos).toEqual({ enabled: false, consentTexts: {}, retentionDays: 30 });
    const empty = JSON.stringify([{ ...nda, texts: { DE: [''] } }]);
    expect(() => setConfigValue(config, 'agreements.documents', empty)).toThrow(/at least one language/);
    expect(() =>
      setConfigValue(config, 'agreements.documents', JSON.stringify([{ ...nda, texts: { XX: ['a'] } }])),
    ).toThrow(/agreements\.documents/);
  });

  it("sets the badge's door PIN (off by default) and leaves the other kiosk settings alone", () => {
    const config = Config.parse({ kiosk: { badge: { enabled: true, layout: 'compact' } } });
    expect(getConfigValue(config, 'kiosk.badge.doorPin')).toBe(false);
    const next = setConfigValue(config, 'kiosk.badge.doorPin', 'true');
    expect(next.kiosk.badge).toEqual({ ...config.kiosk.badge, doorPin: true });
    expect(() => setConfigValue(config, 'kiosk.badge.doorPin', 'yes')).toThrow(/kiosk\.badge\.doorPin/);
  });

  it('reads true and false as booleans and sets a nested key alone', () => {
    const config = setConfigValue(Config.parse({}), 'hub.enabled', 'true');
    expect(config.hub).toEqual({ enabled: true, host: '0.0.0.0', port: 5443 });
    expect(setConfigValue(config, 'hub.port', '8443').hub).toEqual({ enabled: true, host: '0.0.0.0', port: 8443 });
  });

  it('names the key of a value that does not fit', () => {
    expect(() => setConfigValue(Config.parse({}), 'hubFingerprint', 'AB:CD')).toThrow(/hubFingerprint/);
  });

  it('takes the hub fingerprint as the screens group it, and keeps it as the hub prints it; the short form is refused', () => {
    const pairs = Array.from({ length: 32 }, (_, i) => (i * 7 + 16).toString(16).toUpperCase().padStart(2, '0'));
    const grouped = pairs.join('').toLowerCase().match(/.{4}/g)!.join(' ');
    expect(setConfigValue(Config.parse({}), 'hubFingerprint', grouped).hubFingerprint).toBe(pairs.join(':'));
    const short = grouped.split(' ').slice(0, 4).join(' ');
    expect(() => setConfigValue(Config.parse({}), 'hubFingerprint', short)).toThrow(
      /hubFingerprint: the hub's whole security code/,
    );
  });
});

describe('printing keys', () => {
  it('take printers as JSON, with their label and orientation, and refuse a fallback that is not one of them', () => {
    const printers =
      '[{"name":"Lobby","uri":"ipps://printer.local/ipp/print","label":"dymo-99012","orientation":"landscape"}]';
    const config = setConfigValue(Config.parse({}), 'printing.printers', printers);
    expect(config.printing.printers).toEqual([
      { name: 'Lobby', uri: 'ipps://printer.local/ipp/print', label: 'dymo-99012', orientation: 'landscape' },
    ]);
    expect(setConfigValue(config, 'printing.fallbackPrinter', 'Lobby').printing.fallbackPrinter).toBe('Lobby');
    expect(() => setConfigValue(config, 'printing.fallbackPrinter', 'Spare')).toThrow(/no printer is named "Spare"/);
    expect(() =>
      setConfigValue(config, 'printing.printers', '[{"name":"Lobby","uri":"http://printer.local/"}]'),
    ).toThrow(/ipp:\/\//);
  });
});
