/**
 * Colour contrast as WCAG 2 measures it, so that a site's accent colour can
 * be used for buttons and headings without failing 4.5:1: an accent too
 * light for white text is darkened until it passes.
 */
type Rgb = readonly [number, number, number];

export function parseHexColor(text: string | null | undefined): Rgb | undefined {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text?.trim() ?? '');
  if (!match) return undefined;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((c) => c + c).join('') : match[1]!;
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as unknown as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: Rgb): number {
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const WHITE: Rgb = [255, 255, 255];

/**
 * The accent as given when white text on it (and it on white) reaches
 * `minimum`, else the same hue darkened just enough; undefined when the
 * text is not a colour (#rgb or #rrggbb).
 */
export function readableAccent(color: string | null | undefined, minimum = 4.5): string | undefined {
  const rgb = parseHexColor(color);
  if (!rgb) return undefined;
  let current: Rgb = rgb;
  for (let step = 0; step < 100 && contrastRatio(current, WHITE) < minimum; step++)
    current = current.map((v) => v * 0.95) as unknown as Rgb;
  return toHex(current);
}

function mixWithWhite(rgb: Rgb, share: number): Rgb {
  return rgb.map((v) => v * share + 255 * (1 - share)) as unknown as Rgb;
}

/**
 * A site's accent as the shared colour variables: the accent for buttons
 * (white text on it at 4.5:1), a darker one for pressed, a deeper one for
 * text on the soft tint (7:1 on white, so still 4.5:1 on the tint), and the
 * tint. Undefined when the text is not a colour.
 */
export function accentPalette(
  color: string | null | undefined,
): { brand: string; strong: string; ink: string; soft: string } | undefined {
  const brand = readableAccent(color);
  if (!brand) return undefined;
  const rgb = parseHexColor(brand)!;
  return {
    brand,
    strong: toHex(rgb.map((v) => v * 0.82) as unknown as Rgb),
    ink: readableAccent(brand, 7)!,
    soft: toHex(mixWithWhite(rgb, 0.12)),
  };
}
