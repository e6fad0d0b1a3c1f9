import { create } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrPath } from '../../../renderer/src/lib/qr.ts';

describe('visitor badge QR', () => {
  it('draws one unit square per dark module of the code', () => {
    const text = 'F1-12345-abcdefgh';
    const { size, d } = qrPath(text);
    const { modules } = create(text, { errorCorrectionLevel: 'M' });
    expect(size).toBe(modules.size);
    let dark = 0;
    for (let row = 0; row < size; row++) for (let col = 0; col < size; col++) dark += modules.get(row, col) ? 1 : 0;
    expect(d.match(/M/g)?.length).toBe(dark);
    // The three finder patterns: the top-left module of each is dark.
    expect(d).toContain('M0 0h1v1h-1z');
    expect(d).toContain(`M${size - 7} 0h1v1h-1z`);
    expect(d).toContain(`M0 ${size - 7}h1v1h-1z`);
  });
});
