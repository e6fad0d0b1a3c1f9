import { create as createQr } from 'qrcode';

/** A QR code's modules: size × size, `dark(row, col)`. */
export function qrModules(text: string): { size: number; modules: (row: number, col: number) => boolean } {
  const { modules } = createQr(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, modules: (row, col) => Boolean(modules.get(row, col)) };
}

/** A QR code as one SVG path of unit squares: sharp at any print resolution, no canvas, no data URL. */
export function qrPath(text: string): { size: number; d: string } {
  const { size, modules } = qrModules(text);
  const parts: string[] = [];
  for (let row = 0; row < size; row++)
    for (let col = 0; col < size; col++) if (modules(row, col)) parts.push(`M${col} ${row}h1v1h-1z`);
  return { size, d: parts.join('') };
}
