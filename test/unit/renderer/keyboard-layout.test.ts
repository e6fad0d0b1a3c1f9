import { describe, expect, it } from 'vitest';
import {
  keyboardRows,
  keyboardScripts,
  keyLabel,
  typeKey,
} from '../../../renderer/src/features/kiosk/keyboard-layout.ts';
import { KIOSK_LANGUAGES } from '../../../renderer/src/lib/languages.ts';

const keysOf = (rows: string[]) => rows.flatMap((row) => row.split(' '));

describe('on-screen keyboard layouts', () => {
  it('gives every language the letters its names need', () => {
    const needs: Record<string, string> = {
      CS: 'čřžěů',
      DE: 'äöüß',
      ES: 'ñá',
      FR: 'çéèœ',
      HR: 'čćđšž',
      HU: 'őű',
      IT: 'àò',
      NL: 'ëï',
      PL: 'ąęłńśźż',
      PT: 'ãõç',
      RO: 'ășț',
      TR: 'çğıöşü',
      ZH_CN: 'ü',
    };
    for (const [language, letters] of Object.entries(needs)) {
      const keys = keysOf(keyboardRows(language as never, 'latin'));
      for (const letter of letters) expect(keys, `${language} ${letter}`).toContain(letter);
    }
  });

  it('every layout has the 26 Latin letters (or the 33 Cyrillic ones), space, backspace and clear', () => {
    for (const { code } of KIOSK_LANGUAGES)
      for (const script of keyboardScripts(code)) {
        const keys = keysOf(keyboardRows(code, script));
        const alphabet = script === 'latin' ? 'abcdefghijklmnopqrstuvwxyz' : 'абвгдеёжзийклмнопрстуфхцчшщъыьэюя';
        for (const letter of alphabet) expect(keys, `${code} ${script} ${letter}`).toContain(letter);
        for (const special of ['{space}', '{bksp}', '{clear}']) expect(keys).toContain(special);
        expect(new Set(keys).size, `${code} ${script}: a key twice`).toBe(keys.length);
      }
  });

  it('puts Russian guests on Cyrillic with a switch to Latin and back', () => {
    expect(keyboardScripts('RU')).toEqual(['cyrillic', 'latin']);
    expect(keysOf(keyboardRows('RU', 'cyrillic'))).toContain('{latin}');
    expect(keysOf(keyboardRows('RU', 'latin'))).toContain('{cyrillic}');
    expect(keysOf(keyboardRows('DE', 'latin')).some((k) => k.startsWith('{cyr'))).toBe(false);
  });

  it('uses the layout a guest knows: QWERTZ in German, AZERTY in French', () => {
    expect(keyboardRows('DE', 'latin')).toContain('q w e r t z u i o p');
    expect(keyboardRows('FR', 'latin')).toContain('a z e r t y u i o p');
    expect(keyboardRows('EN', 'latin')[0]).toBe('q w e r t y u i o p');
  });

  it('adds digits for typing a code', () => {
    expect(keyboardRows('EN', 'latin', true)[0]).toBe('1 2 3 4 5 6 7 8 9 0');
  });

  it('labels letters as capitals, the Turkish way in Turkish', () => {
    expect(keyLabel('i', 'tr-TR')).toBe('İ');
    expect(keyLabel('i', 'en-GB')).toBe('I');
    expect(keyLabel('ß', 'de-DE')).toBe('ß');
    expect(keyLabel('{bksp}', 'en-GB')).toBe('{bksp}');
  });
});

describe('typing on the on-screen keyboard', () => {
  const type = (keys: string[], locale = 'en-GB') => keys.reduce((value, key) => typeKey(value, key, locale), '');

  it('writes names as they are written: a capital at the start of each word', () => {
    expect(type(['m', 'ü', 'l', 'l', 'e', 'r'])).toBe('Müller');
    expect(type(['a', 'n', 'n', 'a', '-', 'l', 'e', 'n', 'a'])).toBe('Anna-Lena');
    expect(type(['o', "'", 'b', 'r', 'i', 'e', 'n'])).toBe("O'Brien");
    expect(type(['v', 'a', 'n', '{space}', 'd', 'e', 'r'])).toBe('Van Der');
    expect(type(['i', 'ş', 'ı', 'k'], 'tr-TR')).toBe('İşık');
    expect(type(['с', 'о', 'л'], 'ru-RU')).toBe('Сол');
  });

  it('types a code as the keys show it', () => {
    expect(['f', '1', '-', 'a', 'b'].reduce((v, k) => typeKey(v, k, 'en', 'code'), '')).toBe('F1-AB');
  });

  it('deletes one letter, clears all, never doubles a space', () => {
    expect(type(['z', 'h', '{bksp}'])).toBe('Z');
    expect(type(['王', '超', '{bksp}'])).toBe('王');
    expect(type(['a', 'b', '{clear}'])).toBe('');
    expect(type(['{space}', 'a', '{space}', '{space}'])).toBe('A ');
  });
});
