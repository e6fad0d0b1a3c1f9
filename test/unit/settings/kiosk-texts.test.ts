/**
 * The kiosk's texts by language: which welcome title a guest reads, the
 * badge's language, and the settings' schema taking old configs (one text)
 * and new ones (texts by language) alike.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyKioskPatch, DEFAULT_KIOSK_SETTINGS, KioskSettingsPatch } from '../../../shared/contract/settings.ts';
import { badgeLanguage, customText as given, siteLanguage } from '../../../shared/domain/kiosk-texts.ts';

const customText = (...args: Parameters<typeof given>) => given(...args)?.text ?? null;
import { createConfigStore } from '../../../electron/core/config/config.ts';

const issues = (patch: unknown) => {
  const parsed = KioskSettingsPatch.safeParse(patch);
  return parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

function configWith(kiosk: unknown) {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-kiosk-texts-'));
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ kiosk }));
  return createConfigStore(dir);
}

describe('the welcome title a guest reads', () => {
  const titles = { DE: 'Willkommen bei Kranich', EN: 'Welcome to Kranich' };

  it('is the guest language’s text where the admin gave one', () => {
    expect(customText(titles, 'DE', 'EN')).toBe('Willkommen bei Kranich');
    expect(customText(titles, 'EN', 'EN')).toBe('Welcome to Kranich');
  });

  it('says which language the text is in', () => {
    expect(given(titles, 'TR', 'EN')).toEqual({ text: 'Welcome to Kranich', language: 'EN' });
    expect(given(titles, 'DE', 'EN')).toEqual({ text: 'Willkommen bei Kranich', language: 'DE' });
    expect(given('Willkommen bei Kranich', 'TR', 'DE')).toEqual({ text: 'Willkommen bei Kranich', language: 'DE' });
  });

  it('else the site language’s text', () => {
    expect(customText(titles, 'TR', 'EN')).toBe('Welcome to Kranich');
    expect(customText(titles, 'TR', 'DE')).toBe('Willkommen bei Kranich');
    expect(customText({ DE: 'Willkommen', TR: '   ' }, 'TR', 'DE')).toBe('Willkommen');
  });

  it('else none: the kiosk says its own translation', () => {
    expect(customText({ DE: 'Willkommen bei Kranich' }, 'TR', 'EN')).toBeNull();
    expect(customText({}, 'TR', 'EN')).toBeNull();
    expect(customText('  ', 'TR', 'EN')).toBeNull();
  });

  it('one text, as older configs have it, is the site language’s: every guest reads it', () => {
    expect(customText('Willkommen bei Kranich', 'TR', 'DE')).toBe('Willkommen bei Kranich');
    expect(customText('Willkommen bei Kranich', 'DE', 'DE')).toBe('Willkommen bei Kranich');
  });

  it('the untouched default "Welcome" is no custom text: every guest is greeted in their own language', () => {
    expect(customText(DEFAULT_KIOSK_SETTINGS.welcomeTitle, 'TR', 'EN')).toBeNull();
    expect(customText(' Welcome ', 'DE', 'DE')).toBeNull();
    expect(customText({ EN: 'Welcome', DE: 'Willkommen bei Kranich' }, 'TR', 'EN')).toBeNull();
    expect(customText({ EN: 'Welcome', DE: 'Willkommen bei Kranich' }, 'DE', 'EN')).toBe('Willkommen bei Kranich');
  });
});

describe('the badge’s language', () => {
  it('is the site’s (the start language) unless set, whatever the guest picked', () => {
    expect(badgeLanguage(DEFAULT_KIOSK_SETTINGS)).toBe('EN');
    expect(badgeLanguage({ defaultLanguage: 'de', badge: { language: null } })).toBe('DE');
    expect(badgeLanguage({ defaultLanguage: 'DE', badge: { language: 'FR' } })).toBe('FR');
    // A settings copy from before the setting existed.
    expect(badgeLanguage({ defaultLanguage: 'PL', badge: {} })).toBe('PL');
    expect(siteLanguage({ defaultLanguage: 'xx' })).toBe('EN');
  });
});

describe('the kiosk settings’ texts, old and new', () => {
  it('an old config with one welcome title keeps it, and gets the badge language’s default', () => {
    const { kiosk } = configWith({
      welcomeTitle: 'Willkommen',
      defaultLanguage: 'DE',
      badge: { enabled: true },
    }).read();
    expect(kiosk.welcomeTitle).toBe('Willkommen');
    expect(kiosk.badge).toEqual({ enabled: true, printer: '', layout: 'standard', language: null, doorPin: false });
    expect(badgeLanguage(kiosk)).toBe('DE');
  });

  it('a config with titles by language and a badge language reads back as written', () => {
    const store = configWith({ welcomeTitle: { DE: 'Willkommen', EN: 'Welcome in' }, badge: { language: 'DE' } });
    const { kiosk } = store.read();
    expect(kiosk.welcomeTitle).toEqual({ DE: 'Willkommen', EN: 'Welcome in' });
    expect(kiosk.badge.language).toBe('DE');
    store.update((c) => c);
    expect(store.read().kiosk).toEqual(kiosk);
  });

  it('a patch takes one text or texts by language, and replaces the title whole', () => {
    const old = applyKioskPatch(DEFAULT_KIOSK_SETTINGS, KioskSettingsPatch.parse({ welcomeTitle: 'Hallo' }));
    expect(old.welcomeTitle).toBe('Hallo');
    const texts = applyKioskPatch(old, KioskSettingsPatch.parse({ welcomeTitle: { DE: 'Hallo', TR: 'Merhaba' } }));
    expect(texts.welcomeTitle).toEqual({ DE: 'Hallo', TR: 'Merhaba' });
    expect(applyKioskPatch(texts, KioskSettingsPatch.parse({ welcomeTitle: { DE: 'Hallo' } })).welcomeTitle).toEqual({
      DE: 'Hallo',
    });
    const badge = applyKioskPatch(texts, KioskSettingsPatch.parse({ badge: { language: 'TR' } }));
    expect(badge.badge).toEqual({ ...DEFAULT_KIOSK_SETTINGS.badge, language: 'TR' });
    expect(badge.welcomeTitle).toEqual(texts.welcomeTitle);
  });

  it.each([
    [{ welcomeTitle: 'x'.repeat(121) }, 'welcomeTitle', /at most 120 characters/],
    [{ welcomeTitle: { DE: 'x'.repeat(121) } }, 'welcomeTitle.DE', /at most 120 characters/],
    [{ welcomeTitle: { JA: 'ようこそ' } }, 'welcomeTitle', /JA: not a language the kiosk offers \(one of CS, DE/],
    [{ welcomeTitle: { de: 'Hallo' } }, 'welcomeTitle', /de: not a language the kiosk offers/],
    [{ welcomeTitle: { DE: 5 } }, 'welcomeTitle', /a text, or texts by language/],
    [{ welcomeTitle: null }, 'welcomeTitle', /a text, or texts by language/],
    [{ badge: { language: 'JA' } }, 'badge.language', /one of the kiosk's languages \(CS, DE.*or null/],
    [{ badge: { language: 'tr' } }, 'badge.language', /one of the kiosk's languages/],
  ])('refuses %j at its field, saying what to fix', (patch, path, message) => {
    const found = issues(patch);
    expect(found).toHaveLength(1);
    expect(found[0]!.path).toBe(path);
    expect(found[0]!.message).toMatch(message);
  });

  it('accepts null for the badge language (the start language)', () => {
    expect(issues({ badge: { language: null } })).toEqual([]);
    expect(issues({ welcomeTitle: {} })).toEqual([]);
  });
});
