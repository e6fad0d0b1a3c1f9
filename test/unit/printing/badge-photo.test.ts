/**
 * The host-printed badge carries the photo taken at the kiosk (issue 34),
 * beside the text on a wide label and at the right of it on a tall one; a
 * badge without one draws no image. Read back with poppler's pdfimages.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type BadgeContent, renderBadgePdf } from '../../../electron/core/printing/badge-pdf.ts';
import { createFontBook } from '../../../electron/core/printing/fonts.ts';
import { strokePng } from '../../support/images.ts';

const badge: BadgeContent = {
  name: 'Дмитрий Соловьёв',
  company: 'Kranich AG',
  hostName: 'Grace Hopper',
  day: 'Mon, 30 Nov 2026',
  passCode: 'F1-12-abcdef',
  doorPin: null,
  accentColor: null,
  labels: { visitor: 'Visitor', host: 'Host', doorPin: 'Door PIN' },
};

/** The images of a PDF as pdfimages lists them: their pixel sizes. */
function images(pdf: Buffer): string[] {
  const path = join(mkdtempSync(join(tmpdir(), 'foyer-badge-photo-')), 'badge.pdf');
  writeFileSync(path, pdf);
  const listed = execFileSync('pdfimages', ['-list', path], { encoding: 'utf8' }).trim().split('\n').slice(2);
  return listed.map((row) => row.trim().split(/\s+/).slice(3, 5).join('x'));
}

describe('the badge with a photo', () => {
  const fonts = createFontBook();
  it('draws the photo on a tall label and on a wide one, and none without', async () => {
    const photo = strokePng(90, 120);
    for (const page of [
      { widthMm: 62, heightMm: 100 },
      { widthMm: 89, heightMm: 36 },
    ])
      expect(images(await renderBadgePdf({ ...badge, photo }, page, fonts))).toEqual(['90x120']);
    expect(images(await renderBadgePdf(badge, { widthMm: 62, heightMm: 100 }, fonts))).toEqual([]);
  });
});
