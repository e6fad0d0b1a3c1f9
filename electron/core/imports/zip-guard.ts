/**
 * An XLSX workbook is a zip archive, and exceljs inflates whatever it holds:
 * a 400 KB file that unpacks to gigabytes took two minutes and 2.2 GB. So the
 * archive is looked at (with yauzl) before exceljs reads a byte of it: its
 * central directory against limits, its entries laid end to end as that
 * directory says (so that exceljs, which reads the local headers in order,
 * meets the same entries), and each entry inflated once to check that it
 * holds no more than the directory claims.
 */
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

export interface ZipLimits {
  /** Entries in the archive (a workbook has a few dozen). */
  entries: number;
  /** Bytes of all entries unpacked. */
  unpackedBytes: number;
  /** Unpacked to packed size, for entries over `ratioFloorBytes` (XML packs 5 to 20 times; bombs a thousand). */
  ratio: number;
  ratioFloorBytes: number;
}

export const ZIP_LIMITS: ZipLimits = {
  entries: 1_000,
  unpackedBytes: 256 * 1024 * 1024,
  ratio: 100,
  ratioFloorBytes: 1024 * 1024,
};

const MB = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Gaps allowed after an entry's data: a data descriptor (12, 16 or 24 bytes with zip64). */
const DESCRIPTOR_BYTES = 24;

/** Why the archive is refused, in words for people, or null when it is within the limits. */
export async function zipProblem(path: string, limits: ZipLimits = ZIP_LIMITS): Promise<string | null> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true });
  } catch {
    return 'the file is not a readable XLSX workbook (not a zip archive); save it from Excel as "Excel Workbook (.xlsx)"';
  }
  try {
    if (zip.entryCount > limits.entries)
      return `the workbook holds ${zip.entryCount} parts, more than the ${limits.entries} a workbook can have`;
    // Where the central directory starts: yauzl's cursor before the first entry is read.
    const directoryOffset = (zip as unknown as { readEntryCursor?: unknown }).readEntryCursor;
    const entries: yauzl.Entry[] = [];
    let unpacked = 0;
    for await (const entry of zip.eachEntry()) {
      unpacked += entry.uncompressedSize;
      if (unpacked > limits.unpackedBytes)
        return `the workbook unpacks to more than ${MB(limits.unpackedBytes)}; split it into smaller files`;
      if (
        entry.uncompressedSize > limits.ratioFloorBytes &&
        entry.uncompressedSize > limits.ratio * Math.max(entry.compressedSize, 1)
      )
        return `the workbook is packed ${Math.round(entry.uncompressedSize / Math.max(entry.compressedSize, 1))} times smaller than it unpacks (a "zip bomb"); save it again from Excel`;
      entries.push(entry);
    }
    entries.sort((a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader);
    let end = 0;
    for (const entry of entries) {
      if (!laidAfter(entry.relativeOffsetOfLocalHeader, end)) return hiddenData;
      const header = await zip.readLocalFileHeaderPromise(entry);
      if (header.fileName.toString('utf8') !== entry.fileName) return hiddenData;
      end = header.fileDataStart + entry.compressedSize;
      // Inflating checks the entry's true size against the directory's (validateEntrySizes).
      if (entry.uncompressedSize > 0) await drain(await zip.openReadStreamPromise(entry));
    }
    // (A yauzl without that cursor skips this last check; the entries' own layout was checked above.)
    if (typeof directoryOffset === 'number' && !laidAfter(directoryOffset, end)) return hiddenData;
    return null;
  } catch (error) {
    return `the file is not a readable XLSX workbook (${(error as Error).message.slice(0, 100)})`;
  } finally {
    zip.close();
  }
}

const hiddenData = 'the workbook holds data its table of contents does not list; save it again from Excel';

const laidAfter = (offset: number, end: number) => offset >= end && offset - end <= DESCRIPTOR_BYTES;

async function drain(stream: Readable): Promise<void> {
  for await (const _ of stream);
}
