/**
 * The signed copy of an agreement, as a PDF (pdfkit, A4): the document's
 * title, version and text as the guest read it, the guest's name, the
 * signature (the drawn image, or the name typed), the time on the site's
 * clock and the device. Text in any of the guest languages, Chinese
 * included: each run of characters in the font subset it needs (as the
 * badge, printing/fonts.ts).
 */
import type PDFDocument from 'pdfkit';
import { loadPdfKit } from '../lazy-libraries.ts';
import type { FontBook } from '../printing/fonts.ts';

export interface SignedCopy {
  title: string;
  version: number;
  paragraphs: string[];
  language: string;
  name: string;
  signature: { drawn: Buffer } | { typed: string };
  /** When, as the site's clock shows it, with its zone ("2026-03-10 09:14 (Europe/Berlin)"). */
  signedAt: string;
  device: string;
}

type Doc = InstanceType<typeof PDFDocument>;
const MARGIN = 56;

function useFont(doc: Doc, fonts: FontBook, key: string): Doc {
  const registered = ((doc as Doc & { foyerFonts?: Set<string> }).foyerFonts ??= new Set());
  if (!registered.has(key)) {
    doc.registerFont(`subset-${key}`, fonts.font(key) as unknown as Buffer);
    registered.add(key);
  }
  return doc.font(`subset-${key}`);
}

/** Han, kana and hangul break anywhere; other scripts at spaces. */
const BREAKS_ANYWHERE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

function tokens(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(/(\s+)/)) {
    if (!part) continue;
    if (BREAKS_ANYWHERE.test(part)) out.push(...part);
    else out.push(part);
  }
  return out;
}

/** Writes text wrapped to the page's width, a new page when one is full; returns the y after it. */
function writeText(doc: Doc, fonts: FontBook, text: string, y: number, size: number, color = '#000000'): number {
  const width = doc.page.width - 2 * MARGIN;
  const lineHeight = size * 1.4;
  const widthOf = (t: string) =>
    fonts.runs(t).reduce((sum, run) => sum + useFont(doc, fonts, run.key).fontSize(size).widthOfString(run.text), 0);
  const draw = (line: string) => {
    if (y + lineHeight > doc.page.height - MARGIN) {
      doc.addPage();
      y = MARGIN;
    }
    let x = MARGIN;
    doc.fillColor(color);
    for (const run of fonts.runs(line.trimEnd())) {
      useFont(doc, fonts, run.key).fontSize(size);
      doc.text(run.text, x, y, { lineBreak: false });
      x += doc.widthOfString(run.text);
    }
    y += lineHeight;
  };
  let line = '';
  for (const token of tokens(text)) {
    const next = line + token;
    if (line && widthOf(next.trimEnd()) > width) {
      draw(line);
      line = /^\s+$/.test(token) ? '' : token;
    } else line = next;
  }
  if (line.trim()) draw(line);
  return y;
}

export async function renderSignedCopy(copy: SignedCopy, fonts: FontBook): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    font: '',
    info: { Title: `${copy.title} (version ${copy.version}), signed by ${copy.name}`, Creator: 'Foyer' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  let y = MARGIN;
  y = writeText(doc, fonts, copy.title, y, 18);
  y = writeText(doc, fonts, `Version ${copy.version} · ${copy.language}`, y, 10, '#444444') + 8;
  for (const paragraph of copy.paragraphs) y = writeText(doc, fonts, paragraph, y, 11) + 6;
  // The signature block stays together: a new page when it does not fit.
  if (y + 190 > doc.page.height - MARGIN) {
    doc.addPage();
    y = MARGIN;
  }
  y += 12;
  doc
    .moveTo(MARGIN, y)
    .lineTo(doc.page.width - MARGIN, y)
    .strokeColor('#888888')
    .stroke();
  y += 12;
  y = writeText(doc, fonts, `Name: ${copy.name}`, y, 12);
  if ('drawn' in copy.signature) {
    doc.image(copy.signature.drawn, MARGIN, y, { fit: [260, 100] });
    y += 108;
  } else {
    y = writeText(doc, fonts, `Signed by typing the name: ${copy.signature.typed}`, y, 14);
  }
  y = writeText(doc, fonts, `Signed: ${copy.signedAt}`, y, 10, '#444444');
  writeText(doc, fonts, `Device: ${copy.device}`, y, 10, '#444444');
  doc.end();
  return done;
}
