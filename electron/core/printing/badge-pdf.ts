/**
 * The visitor badge as a PDF of the label's exact size, drawn by the host
 * (pdfkit) for an IPP printer: the site's accent band with "Visitor", the
 * guest's name as written (Latin, Cyrillic or Chinese, in its own order),
 * company, host, day, the door PIN where the site prints it, the photo taken
 * at the kiosk where there is one, and a QR of the guest's signed pass code. Its words are the kiosk badge's words, in
 * the badge's language (shared/i18n), as on the badge the page prints.
 *
 * The layout follows the label's shape: on a tall label the QR sits under
 * the text, on a wide one beside it; text too long for the label shrinks.
 */
import type PDFDocument from 'pdfkit';
import { loadPdfKit } from '../lazy-libraries.ts';
import { readableAccent } from '../../../shared/contrast.ts';
import { qrModules } from '../../../shared/qr.ts';
import type { FontBook } from './fonts.ts';

export interface BadgeContent {
  /** The name as written, in its own order ("王超", "Maria Popa"). */
  name: string;
  company: string | null;
  hostName: string | null;
  /** The day as the badge shows it, already formatted in the badge's language. */
  day: string;
  /** The signed pass code: the QR holds exactly this text; null draws none. */
  passCode: string | null;
  /** Printed only when the site's setting says so (kiosk.badge.doorPin). */
  doorPin: string | null;
  accentColor: string | null;
  labels: { visitor: string; host: string; doorPin: string };
  /** The guest's photo taken at the kiosk (PNG or JPEG bytes, issue 34), where the site takes photos. */
  photo?: Buffer | null;
}

const PT_PER_MM = 72 / 25.4;
const DEFAULT_ACCENT = '#0f6b6b';

type Doc = InstanceType<typeof PDFDocument>;

/** Selects a subset's font, registered with the document once (a font given as bytes is embedded per call). */
function useFont(doc: Doc, fonts: FontBook, key: string): Doc {
  const registered = ((doc as Doc & { foyerFonts?: Set<string> }).foyerFonts ??= new Set());
  if (!registered.has(key)) {
    // pdfkit takes a parsed fontkit font as it takes bytes; its types name only bytes.
    doc.registerFont(`subset-${key}`, fonts.font(key) as unknown as Buffer);
    registered.add(key);
  }
  return doc.font(`subset-${key}`);
}

/** Draws one line of text (runs in the subsets its characters need), shrunk to fit `width`. */
function line(
  doc: Doc,
  fonts: FontBook,
  text: string,
  at: { x: number; y: number; width: number; size: number; minSize?: number; color?: string },
): number {
  const runs = fonts.runs(text);
  const widthAt = (size: number) =>
    runs.reduce((sum, run) => sum + useFont(doc, fonts, run.key).fontSize(size).widthOfString(run.text), 0);
  let size = at.size;
  const min = at.minSize ?? Math.min(at.size, 5);
  while (size > min && widthAt(size) > at.width) size -= 0.5;
  let x = at.x;
  doc.fillColor(at.color ?? '#000000');
  for (const run of runs) {
    useFont(doc, fonts, run.key).fontSize(size);
    doc.text(run.text, x, at.y, { lineBreak: false });
    x += doc.widthOfString(run.text);
  }
  return size * 1.25;
}

function drawQr(doc: Doc, code: string, x: number, y: number, side: number) {
  const { size, modules } = qrModules(code);
  const quiet = 2; // modules of white around the code, as scanners need
  const unit = side / (size + quiet * 2);
  // Each row's runs of dark modules as one rectangle: far fewer path commands than a square per module.
  for (let row = 0; row < size; row++)
    for (let col = 0; col < size;) {
      if (!modules(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && modules(row, col)) col++;
      doc.rect(x + (quiet + start) * unit, y + (quiet + row) * unit, (col - start) * unit, unit);
    }
  doc.fill('#000000');
}

function drawPhoto(doc: Doc, photo: Buffer, x: number, y: number, side: number) {
  doc.image(photo, x, y, { fit: [side, side], align: 'center', valign: 'center' });
}

/** The badge on a page of widthMm × heightMm, as PDF bytes. */
export async function renderBadgePdf(
  content: BadgeContent,
  page: { widthMm: number; heightMm: number },
  fonts: FontBook,
): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const width = page.widthMm * PT_PER_MM;
  const height = page.heightMm * PT_PER_MM;
  const doc = new PDFDocument({
    size: [width, height],
    margin: 0,
    // No default font: pdfkit would parse Helvetica's metrics for every badge, and the badge draws none.
    font: '',
    info: { Title: `Visitor badge: ${content.name}`, Creator: 'Foyer' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const short = Math.min(width, height);
  const pad = Math.max(short * 0.06, 4);
  const accent = readableAccent(content.accentColor) ?? DEFAULT_ACCENT;
  const band = Math.max(short * 0.14, 10);
  doc.rect(0, 0, width, band).fill(accent);
  line(doc, fonts, content.labels.visitor.toLocaleUpperCase(), {
    x: pad,
    y: band * 0.2,
    width: width - 2 * pad,
    size: band * 0.55,
    color: '#ffffff',
  });

  // A tall label: the code under the text; a wide one: beside it.
  const tall = height > width * 1.15;
  const qrSide = content.passCode
    ? tall
      ? Math.min(width * 0.55, height * 0.4)
      : Math.min(height - band - 2 * pad, width * 0.35)
    : 0;
  // A wide label: the photo at the left of the text. A tall one: between the text and the code, else beside the code.
  const photoSide = content.photo && !tall ? Math.min(height - band - 2 * pad, width * 0.22) : 0;
  if (content.photo && photoSide > 0) drawPhoto(doc, content.photo, pad, band + pad, photoSide);
  const beside = photoSide > 0 ? photoSide + pad : 0;
  const textX = pad + beside;
  const textWidth = (tall || !qrSide ? width - 2 * pad : width - 3 * pad - qrSide) - beside;
  const nameSize = Math.min(short * 0.13, 28);
  const smallSize = Math.max(Math.min(short * 0.065, 11), 5);
  let y = band + pad;
  y += line(doc, fonts, content.name || '—', { x: textX, y, width: textWidth, size: nameSize });
  const rows = [
    content.company,
    content.hostName ? `${content.labels.host}: ${content.hostName}` : null,
    content.day,
    content.doorPin ? `${content.labels.doorPin}: ${content.doorPin}` : null,
  ].filter((row): row is string => Boolean(row));
  for (const row of rows)
    y += line(doc, fonts, row, { x: textX, y, width: textWidth, size: smallSize, color: '#222222' });

  if (tall) {
    const qrTop = Math.max(y + pad / 2, height - pad - qrSide);
    const gap = (qrSide ? qrTop : height) - y - pad;
    if (content.photo && gap >= width * 0.25) {
      const side = Math.min(gap, width * 0.45);
      drawPhoto(doc, content.photo, (width - side) / 2, y + (gap - side) / 2 + pad / 2, side);
      if (qrSide) drawQr(doc, content.passCode!, (width - qrSide) / 2, qrTop, qrSide);
    } else if (content.photo && qrSide) {
      const side = Math.min(width - 3 * pad - qrSide, qrSide);
      drawPhoto(doc, content.photo, pad, qrTop + (qrSide - side) / 2, side);
      drawQr(doc, content.passCode!, width - pad - qrSide, qrTop, qrSide);
    } else if (qrSide) drawQr(doc, content.passCode!, (width - qrSide) / 2, qrTop, qrSide);
  } else if (content.passCode && qrSide > 0) drawQr(doc, content.passCode, width - pad - qrSide, band + pad, qrSide);
  doc.end();
  return done;
}
