/** The kiosk settings: defaults for what an older config lacks, a clear message for each bad value, nested patches. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GUEST_LANGUAGES } from '../../../shared/api/primitives.ts';
import { operations } from '../../../shared/contract/operations.ts';
import { applyKioskPatch, DEFAULT_KIOSK_SETTINGS, KioskSettingsPatch } from '../../../shared/contract/settings.ts';
import { Config, ConfigError, createConfigStore } from '../../../electron/core/config/config.ts';

const messages = (patch: unknown) => {
  const parsed = KioskSettingsPatch.safeParse(patch);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('kiosk settings', () => {
  it('an older config file without the new keys gets every default', () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-kiosk-settings-'));
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ kiosk: { welcomeTitle: 'Hallo', idleSeconds: 90 } }));
    const { kiosk } = createConfigStore(dir).read();
    expect(kiosk).toEqual({ ...DEFAULT_KIOSK_SETTINGS, welcomeTitle: 'Hallo', idleSeconds: 90 });
    expect(kiosk.languages).toEqual([...GUEST_LANGUAGES]);
    expect(kiosk).toMatchObject({
      earlyArrivalMinutes: 120,
      timeZone: null,
      badge: { enabled: false, printer: '', layout: 'standard', language: null, doorPin: false },
      branding: { logoDataUrl: null, accentColor: null },
      codes: { servicePattern: null },
    });
    expect(Config.parse({}).kiosk).toEqual(DEFAULT_KIOSK_SETTINGS);
  });

  it('a nested part of the config keeps the defaults of its other fields', () => {
    expect(Config.parse({ kiosk: { badge: { enabled: true } } }).kiosk.badge).toEqual({
      enabled: true,
      printer: '',
      layout: 'standard',
      language: null,
      doorPin: false,
    });
  });

  it('a patch changes only what it names, nested parts too', () => {
    const patch = KioskSettingsPatch.parse({ badge: { printer: 'Lobby Zebra' }, idleSeconds: 45 });
    expect(patch).toEqual({ badge: { printer: 'Lobby Zebra' }, idleSeconds: 45 }); // no defaults slipped in
    const next = applyKioskPatch(
      { ...DEFAULT_KIOSK_SETTINGS, badge: { ...DEFAULT_KIOSK_SETTINGS.badge, enabled: true } },
      patch,
    );
    expect(next.badge).toEqual({
      enabled: true,
      printer: 'Lobby Zebra',
      layout: 'standard',
      language: null,
      doorPin: false,
    });
    expect(next.idleSeconds).toBe(45);
    expect(operations['settings.setKiosk'].input).toBe(KioskSettingsPatch);
  });

  it('accepts good values', () => {
    const png = `data:image/png;base64,${Buffer.from('png bytes').toString('base64')}`;
    expect(
      messages({
        languages: ['DE', 'EN', 'ZH_CN'],
        earlyArrivalMinutes: 0,
        timeZone: 'Europe/Berlin',
        badge: { enabled: true, printer: '', layout: 'compact' },
        branding: { logoDataUrl: png, accentColor: '#1F6feb' },
        codes: { servicePattern: '^https://visit\\.example\\.com/i/(\\d+)$' },
      }),
    ).toEqual([]);
    expect(messages({ branding: { logoDataUrl: null, accentColor: null }, codes: { servicePattern: null } })).toEqual(
      [],
    );
  });

  it.each([
    [{ languages: [] }, /languages: offer at least one language/],
    [{ languages: ['EN', 'XX'] }, /languages: each must be one of CS, DE/],
    [{ languages: ['EN', 'EN'] }, /languages: each language once/],
    [{ earlyArrivalMinutes: -5 }, /earlyArrivalMinutes/],
    [{ earlyArrivalMinutes: 1.5 }, /earlyArrivalMinutes/],
    [{ timeZone: 'Mars/Olympus' }, /IANA time zone name/],
    [{ badge: { layout: 'huge' } }, /badge.layout/],
    [{ badge: { enabled: 'yes' } }, /badge.enabled/],
    [{ branding: { accentColor: 'red' } }, /#rrggbb/],
    [{ branding: { logoDataUrl: 'https://example.com/logo.png' } }, /data: URL of a PNG, JPEG or SVG/],
    [{ branding: { logoDataUrl: 'data:image/gif;base64,R0lGOD' } }, /data: URL of a PNG, JPEG or SVG/],
    [{ branding: { logoDataUrl: `data:image/png;base64,${'A'.repeat(400_000)}` } }, /at most 256 KB/],
    [{ codes: { servicePattern: '^(unclosed' } }, /not a valid regular expression/],
    [{ codes: { servicePattern: '^\\d+$' } }, /exactly one capturing group/],
    [{ codes: { servicePattern: '^(a)(\\d+)$' } }, /exactly one capturing group/],
    [{ unknownKey: 1 }, /unknownKey|Unrecognized/],
  ])('refuses %j with a message that says what to fix', (patch, message) => {
    expect(messages(patch).join('; ')).toMatch(message);
  });

  it('a bad value in the config file names the key', () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-kiosk-settings-'));
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ kiosk: { branding: { accentColor: 'blue' } } }));
    expect(() => createConfigStore(dir).read()).toThrow(ConfigError);
    expect(() => createConfigStore(dir).read()).toThrow(/kiosk\.branding\.accentColor.*#rrggbb/);
  });
});
