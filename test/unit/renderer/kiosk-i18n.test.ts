import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KIOSK_MESSAGES, type KioskMessages, translate } from '../../../renderer/src/features/kiosk/i18n/messages.ts';
import { KIOSK_LANGUAGES, localeOf, toKioskLanguage } from '../../../renderer/src/lib/languages.ts';
import { GUEST_LANGUAGES } from '../../../shared/api/primitives.ts';
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const english = KIOSK_MESSAGES.EN;
const keys = Object.keys(english) as (keyof typeof english)[];

describe('kiosk languages', () => {
  it('offers exactly the 15 guest languages, each named in itself', () => {
    expect(GUEST_LANGUAGES).toHaveLength(15);
    expect(KIOSK_LANGUAGES.map((l) => l.code)).toEqual(GUEST_LANGUAGES);
    expect(new Set(KIOSK_LANGUAGES.map((l) => l.name)).size).toBe(15);
    expect(KIOSK_LANGUAGES.find((l) => l.code === 'DE')?.name).toBe('Deutsch');
    expect(KIOSK_LANGUAGES.find((l) => l.code === 'ZH_CN')?.name).toBe('简体中文');
    for (const l of KIOSK_LANGUAGES) expect(() => new Intl.Locale(l.locale)).not.toThrow();
  });

  it('reads the codes the service and the settings write', () => {
    expect(toKioskLanguage('DE')).toBe('DE');
    expect(toKioskLanguage('de')).toBe('DE');
    expect(toKioskLanguage('de-AT')).toBe('DE');
    expect(toKioskLanguage('ZH_CN')).toBe('ZH_CN');
    expect(toKioskLanguage('zh-Hans-CN')).toBe('ZH_CN');
    expect(toKioskLanguage('zh')).toBe('ZH_CN');
    expect(toKioskLanguage('zh-TW')).toBeUndefined();
    expect(toKioskLanguage('SV')).toBeUndefined();
    expect(toKioskLanguage(null)).toBeUndefined();
    expect(toKioskLanguage('')).toBeUndefined();
    expect(localeOf('PT')).toBe('pt-PT');
  });
});

describe('kiosk translations', () => {
  it('has a dictionary for every guest language and no other', () => {
    expect(Object.keys(KIOSK_MESSAGES).sort()).toEqual([...GUEST_LANGUAGES].sort());
  });

  it('keeps one file per language under locales/', () => {
    const dir = new URL('../../../shared/i18n/kiosk/locales/', import.meta.url);
    const files = readdirSync(dir).map((f) => f.replace(/\.ts$/, '').replace('-', '_').toUpperCase());
    expect(files.sort()).toEqual([...GUEST_LANGUAGES].sort());
  });

  it('types every locale against English: a locale missing a key does not compile', () => {
    // @ts-expect-error the other keys are missing (npm run typecheck fails if this ever compiles)
    const incomplete: KioskMessages = { welcome: 'Willkommen' };
    expect(Object.keys(incomplete)).toEqual(['welcome']);
  });

  it.each(GUEST_LANGUAGES)('%s has every key, none empty, with the same placeholders as English', (code) => {
    const messages = KIOSK_MESSAGES[code as keyof typeof KIOSK_MESSAGES];
    expect(Object.keys(messages).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      const text = messages[key];
      expect(typeof text, `${code}.${key}`).toBe('string');
      expect(text.trim(), `${code}.${key}`).not.toBe('');
      expect(placeholders(text), `${code}.${key}`).toEqual(placeholders(english[key]));
    }
  });

  it('translates, not copies: each language differs from English in most of its messages', () => {
    for (const code of GUEST_LANGUAGES.filter((c) => c !== 'EN')) {
      const messages = KIOSK_MESSAGES[code as keyof typeof KIOSK_MESSAGES];
      const same = keys.filter((key) => messages[key] === english[key]);
      // A word like "Offline" may stay as it is; whole sentences may not.
      expect(same.length, `${code}: ${same.join(', ')}`).toBeLessThanOrEqual(2);
      for (const key of same) expect(english[key].split(' ').length, `${code}.${key}`).toBe(1);
    }
  });

  it('fills placeholders', () => {
    expect(translate('EN', 'checkedInTitle', { name: 'Maria' })).toBe('Welcome, Maria!');
    expect(translate('DE', 'checkedInTitle', { name: 'Maria' })).toBe('Willkommen, Maria!');
    expect(translate('FR', 'closingIn', { seconds: 9 })).toBe('Cet écran se fermera dans 9\u00a0s.');
    expect(translate('ZH_CN', 'noMatch', { text: 'Li' })).toBe('今天未找到“Li”的邀请。');
    // A missing value leaves the placeholder visible rather than "undefined".
    expect(translate('EN', 'checkedInTitle')).toBe('Welcome, {name}!');
  });
});
