/**
 * A visitor's data on request as a readable PDF: one section per holder
 * (registry.ts), one line per value, drawn with the badge's font subsets
 * (printing/fonts.ts), so a name in Chinese or Cyrillic letters reads as
 * written. pdfkit, as the badges.
 */
import type PDFDocument from 'pdfkit';
import { loadPdfKit } from '../lazy-libraries.ts';
import type { FontBook } from '../printing/fonts.ts';

type Doc = InstanceType<typeof PDFDocument>;

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;

function useFont(doc: Doc, fonts: FontBook, key: string): Doc {
  const registered = ((doc as Doc & { foyerFonts?: Set<string> }).foyerFonts ??= new Set());
  if (!registered.has(key)) {
    doc.registerFont(`subset-${key}`, fonts.font(key) as unknown as Buffer);
    registered.add(key);
  }
  return doc.font(`subset-${key}`);
}

/** Words of a value, wrapped to the page's width, in the subsets their characters need. */
function wrap(doc: Doc, fonts: FontBook, text: string, size: number, width: number): string[] {
  const widthOf = (s: string) =>
    fonts.runs(s).reduce((sum, run) => sum + useFont(doc, fonts, run.key).fontSize(size).widthOfString(run.text), 0);
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/(\s+)/)) {
    const next = current + word;
    if (current && widthOf(next) > width) {
      lines.push(current.trimEnd());
      current = word.trimStart();
      // One word longer than the line (a JSON value, an email): cut it.
      while (widthOf(current) > width && current.length > 1) {
        let cut = current.length - 1;
        while (cut > 1 && widthOf(current.slice(0, cut)) > width) cut--;
        lines.push(current.slice(0, cut));
        current = current.slice(cut);
      }
    } else current = next;
  }
  if (current.trim()) lines.push(current.trimEnd());
  return lines;
}

const valueText = (value: unknown): string =>
  value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value);

export async function renderPersonPdf(
  title: string,
  generatedAt: string,
  held: Record<string, unknown[]>,
  fonts: FontBook,
): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: [A4.width, A4.height],
    margin: 0,
    font: '',
    info: { Title: title, Creator: 'Foyer' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = A4.width - 2 * MARGIN;
  let y = MARGIN;
  const write = (text: string, size: number, color = '#000000', indent = 0) => {
    for (const part of wrap(doc, fonts, text, size, width - indent)) {
      if (y + size * 1.3 > A4.height - MARGIN) {
        doc.addPage({ size: [A4.width, A4.height], margin: 0 });
        y = MARGIN;
      }
      let x = MARGIN + indent;
      doc.fillColor(color);
      for (const run of fonts.runs(part)) {
        useFont(doc, fonts, run.key).fontSize(size);
        doc.text(run.text, x, y, { lineBreak: false });
        x += doc.widthOfString(run.text);
      }
      y += size * 1.3;
    }
  };
  write(title, 18);
  write(`Made by Foyer on ${generatedAt}: everything this site holds about this person.`, 9, '#555555');
  y += 10;
  const sections = Object.entries(held);
  if (sections.length === 0) write('Nothing.', 11);
  for (const [name, items] of sections) {
    y += 6;
    write(`${name} (${items.length})`, 13, '#0f6b6b');
    for (const item of items) {
      y += 3;
      const entries = item && typeof item === 'object' ? Object.entries(item) : [['value', item]];
      for (const [key, value] of entries) write(`${key}: ${valueText(value)}`, 9, '#000000', 10);
    }
  }
  doc.end();
  return done;
}
