import { describe, expect, it } from 'vitest';
import { accentPalette, contrastRatio, parseHexColor, readableAccent } from '../../../renderer/src/lib/contrast.ts';

describe('accent colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(contrastRatio([255, 255, 255], [255, 255, 255])).toBeCloseTo(1, 5);
    expect(contrastRatio(parseHexColor('#0f6b6b')!, [255, 255, 255])).toBeGreaterThan(4.5);
  });

  it('keeps a dark accent and darkens a light one until white text on it reads at 4.5:1', () => {
    expect(readableAccent('#0f6b6b')).toBe('#0f6b6b');
    const yellow = readableAccent('#ffd200')!;
    expect(yellow).not.toBe('#ffd200');
    expect(contrastRatio(parseHexColor(yellow)!, [255, 255, 255])).toBeGreaterThanOrEqual(4.5);
    expect(readableAccent('#fff')).toMatch(/^#[0-9a-f]{6}$/);
    expect(contrastRatio(parseHexColor(readableAccent('#fff')!)!, [255, 255, 255])).toBeGreaterThanOrEqual(4.5);
  });

  it('ignores what is not a colour', () => {
    expect(readableAccent('red; background: url(x)')).toBeUndefined();
    expect(readableAccent('')).toBeUndefined();
    expect(readableAccent(null)).toBeUndefined();
  });
});

describe('accent palette', () => {
  it('keeps every pairing the kiosk uses at 4.5:1: white on the accent, the deep accent on the tint', () => {
    for (const color of ['#ffd200', '#1f6feb', '#e30613', '#00a19a', '#0f6b6b']) {
      const palette = accentPalette(color)!;
      const white: [number, number, number] = [255, 255, 255];
      expect(contrastRatio(parseHexColor(palette.brand)!, white), color).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(parseHexColor(palette.strong)!, white), color).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(parseHexColor(palette.ink)!, parseHexColor(palette.soft)!), color).toBeGreaterThanOrEqual(
        4.5,
      );
    }
    expect(accentPalette('nope')).toBeUndefined();
  });
});
