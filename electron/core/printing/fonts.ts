/**
 * The badge's fonts: Noto Sans (Latin, every Cyrillic alphabet: Ukrainian
 * і ї є ґ, Serbian ђ ј љ њ ћ џ, Belarusian ў; Greek, Vietnamese) and, for
 * what it lacks, Noto Sans SC (Chinese), as the web's unicode-range subsets
 * of @fontsource/noto-sans and @fontsource/noto-sans-sc at weight 400 (WOFF
 * files: fontkit draws WOFF2 subsets without their outlines). A name's
 * characters pick the few subsets that have their glyphs; pdfkit embeds each
 * as a subset of the glyphs used.
 *
 * Where the files are: next to the packaged app (resources/fonts/<package>,
 * electron-builder's extraResources), or the packages in node_modules.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';
import type { Font } from 'fontkit';
import { fontkit } from '../lazy-libraries.ts';

/** The families, in the order a character looks for its glyph; a family's keys start with its prefix. */
const FAMILIES = [
  { name: 'noto-sans', prefix: '' },
  { name: 'noto-sans-sc', prefix: 'sc-' },
] as const;
/** Subsets tried first for a character in none of the ranges (a space, say). */
const PREFERRED = 'latin';

export interface FontSubset {
  key: string;
  file: string;
  ranges: [number, number][];
}

/** "U+0400-045F,U+2116" as ranges of code points. */
export function parseUnicodeRange(text: string): [number, number][] {
  return text.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(from!, 16), parseInt(to ?? from!, 16)];
  });
}

/** The folder holding a family's unicode.json and files/: the packaged copy, else the package's. */
export function fontDirectory(family: string = 'noto-sans-sc'): string {
  const resources = (process as { resourcesPath?: string }).resourcesPath;
  const packaged = resources ? join(resources, 'fonts', family) : undefined;
  if (packaged && existsSync(join(packaged, 'unicode.json'))) return packaged;
  return dirname(createRequire(import.meta.url).resolve(`@fontsource/${family}/unicode.json`));
}

/**
 * A WOFF file as the plain TrueType font it wraps. fontkit reads WOFF, but
 * inflates a table again at each read: a badge's subset reads the glyph
 * table once per glyph. Unwrapped once, a badge takes a tenth of the time.
 */
export function unwrapWoff(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF font');
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compressed = woff.readUInt32BE(at + 8);
    const length = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compressed);
    return {
      tag: woff.subarray(at, at + 4),
      checksum: woff.readUInt32BE(at + 16),
      data: compressed < length ? inflateSync(raw) : raw,
    };
  }).sort((a, b) => Buffer.compare(a.tag, b.tag));
  const power = 2 ** Math.floor(Math.log2(count));
  const head = Buffer.alloc(12 + 16 * count);
  woff.copy(head, 0, 4, 8); // the flavor is the sfnt version
  head.writeUInt16BE(count, 4);
  head.writeUInt16BE(power * 16, 6);
  head.writeUInt16BE(Math.log2(power), 8);
  head.writeUInt16BE(count * 16 - power * 16, 10);
  const bodies: Buffer[] = [];
  let offset = head.length;
  tables.forEach((table, i) => {
    table.tag.copy(head, 12 + i * 16);
    head.writeUInt32BE(table.checksum, 16 + i * 16);
    head.writeUInt32BE(offset, 20 + i * 16);
    head.writeUInt32BE(table.data.length, 24 + i * 16);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    bodies.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([head, ...bodies]);
}

export function createFontBook(directory: (family: string) => string = fontDirectory) {
  const subsets: FontSubset[] = FAMILIES.flatMap(({ name: family, prefix }) => {
    const dir = directory(family);
    const ranges = JSON.parse(readFileSync(join(dir, 'unicode.json'), 'utf8')) as Record<string, string>;
    return Object.entries(ranges).map(([key, range]) => {
      const name = key.replace(/^\[(\d+)\]$/, '$1');
      return {
        key: `${prefix}${name}`,
        file: join(dir, 'files', `${family}-${name}-400-normal.woff`),
        ranges: parseUnicodeRange(range),
      };
    });
  });
  const preferred = subsets.find((s) => s.key === PREFERRED) ?? subsets[0]!;
  // Parsed once: unpacking a WOFF2 subset costs far more than drawing a badge.
  const loaded = new Map<string, Font>();
  const fontOf = (subset: FontSubset): Font => {
    let font = loaded.get(subset.key);
    if (!font) {
      font = fontkit().create(unwrapWoff(readFileSync(subset.file))) as Font;
      loaded.set(subset.key, font);
    }
    return font;
  };
  const covers = (subset: FontSubset, codePoint: number) =>
    subset.ranges.some(([a, b]) => codePoint >= a && codePoint <= b);
  const chosen = new Map<number, FontSubset>();
  /** The first subset whose range holds the character and whose font draws it (a range may promise more). */
  const subsetOf = (codePoint: number): FontSubset => {
    let subset = chosen.get(codePoint);
    if (!subset) {
      const candidates = [preferred, ...subsets].filter((s) => covers(s, codePoint));
      subset = candidates.find((s) => fontOf(s).hasGlyphForCodePoint(codePoint)) ?? candidates[0] ?? preferred;
      chosen.set(codePoint, subset);
    }
    return subset;
  };
  return {
    /** The text cut into runs that one subset draws, each with its subset's key. */
    runs(text: string): { key: string; text: string }[] {
      const runs: { key: string; text: string }[] = [];
      for (const char of text) {
        const key = /\s/.test(char) && runs.length ? runs.at(-1)!.key : subsetOf(char.codePointAt(0)!).key;
        const last = runs.at(-1);
        if (last?.key === key) last.text += char;
        else runs.push({ key, text: char });
      }
      return runs;
    },
    /** The subset's font, read and parsed once. */
    font(key: string): Font {
      return fontOf(subsets.find((s) => s.key === key) ?? preferred);
    },
  };
}
export type FontBook = ReturnType<typeof createFontBook>;
