/**
 * The large libraries a command may never need, loaded the first time they are used rather than when their module
 * is imported: every handler is imported with the core, and `foyer status` (a read of the mirror) paid for pdfkit,
 * fontkit, zip-stream, selfsigned and pinyin-pro (about 0.8 s together) at every run. Asynchronous callers import
 * them (`await import`); the synchronous ones (a font parsed while a badge is drawn, a name transliterated while a
 * lookup ranks) read them once through `require`, from their CommonJS builds.
 */
import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';
import type * as Fontkit from 'fontkit';
import type * as PinyinPro from 'pinyin-pro';
import type ZipStreamType from 'zip-stream';

const require = createRequire(import.meta.url);

/** A value made the first time it is asked for, then kept. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

export const loadPdfKit = async (): Promise<typeof PDFDocument> => (await import('pdfkit')).default;

export const loadZipStream = async (): Promise<typeof ZipStreamType> => (await import('zip-stream')).default;

export const fontkit = once(() => require('fontkit') as typeof Fontkit);

export const pinyinPro = once(() => require('pinyin-pro') as typeof PinyinPro);
