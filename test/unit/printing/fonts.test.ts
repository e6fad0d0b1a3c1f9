import { create, type Font } from 'fontkit';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFontBook, fontDirectory, parseUnicodeRange, unwrapWoff } from '../../../electron/core/printing/fonts.ts';

describe("the badge's font", () => {
  it('reads unicode-range lists', () => {
    expect(parseUnicodeRange('U+0400-045F,U+2116')).toEqual([
      [0x400, 0x45f],
      [0x2116, 0x2116],
    ]);
  });

  it('cuts a name into runs that one subset each draws, spaces kept with the run before', () => {
    const runs = createFontBook().runs('Maria 王超 Иван');
    expect(runs.map((r) => r.text).join('')).toBe('Maria 王超 Иван');
    const keys = runs.map((r) => r.key);
    expect(keys[0]).toBe('latin');
    expect(keys.at(-1)).toBe('cyrillic');
    // Each Han character in a subset that has its glyph.
    const book = createFontBook();
    for (const run of runs)
      for (const char of run.text.trim())
        expect(book.font(run.key).hasGlyphForCodePoint(char.codePointAt(0)!)).toBe(true);
  });

  it('draws every Cyrillic alphabet (Ukrainian, Belarusian, Serbian) and Chinese, each character from a font that has it', () => {
    const book = createFontBook();
    const text = 'Їжак Ґудзь Євген Ўладзімір Јовановић Ђорђе Љубица Њего Ћирић Џон 王超 Ελένη';
    for (const run of book.runs(text))
      for (const char of run.text.replace(/\s/g, ''))
        expect(book.font(run.key).hasGlyphForCodePoint(char.codePointAt(0)!), `${char} in ${run.key}`).toBe(true);
    expect(book.runs('王超').every((r) => r.key.startsWith('sc-'))).toBe(true);
  });

  it('unwraps a WOFF into the TrueType font it holds, glyph for glyph', () => {
    const woff = readFileSync(join(fontDirectory(), 'files', 'noto-sans-sc-cyrillic-400-normal.woff'));
    const plain = create(unwrapWoff(woff)) as Font;
    const wrapped = create(woff) as Font;
    expect(plain.numGlyphs).toBe(wrapped.numGlyphs);
    const glyph = (font: Font) => font.glyphForCodePoint('Ж'.codePointAt(0)!).path.toSVG();
    expect(glyph(plain)).toBe(glyph(wrapped));
    expect(() => unwrapWoff(Buffer.from('not a font'))).toThrow(/not a WOFF/);
  });
});
