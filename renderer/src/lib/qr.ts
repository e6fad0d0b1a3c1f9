import { create as createQr } from 'qrcode';

/** A QR code as one SVG path of unit squares: sharp at any print resolution, no canvas, no data URL. */
export function qrPath(text: string): { size: number; d: string } {
  const { modules } = createQr(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++)
    for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) parts.push(`M${col} ${row}h1v1h-1z`);
  return { size: modules.size, d: parts.join('') };
}
