/**
 * A zip archive written into a stream as its entries come (the workbooks
 * Foyer exports, see xlsx-writer.ts), never held whole: what an entry is
 * given is deflated piece by piece on libuv's thread pool, not on the event
 * loop, and written out before the next piece is asked for; the CRC and the
 * sizes follow each entry in a data descriptor, and the central directory
 * comes last.
 *
 * Each piece is deflated on its own, ended by a sync flush (byte-aligned,
 * not final), and the entry is closed by an empty final block: the pieces
 * join into one deflate stream, as pigz does it. A piece cannot refer back
 * into the one before (a little less compression on pieces of 100 KB and
 * more), and no zlib stream lives between two pieces.
 *
 * No zip64: an archive past 4 GiB is refused rather than written wrong.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { constants, crc32, deflateRaw, deflateRawSync } from 'node:zlib';
import { drained } from './drained.ts';

const deflatePiece = promisify(deflateRaw);
/** The empty last block that ends an entry's deflate stream. */
const FINAL_BLOCK = deflateRawSync(Buffer.alloc(0));
const LIMIT = 0xffffffff;

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
/** Sizes and CRC after the data (bit 3), names in UTF-8 (bit 11). */
const FLAGS = 0x0008 | 0x0800;
const DEFLATE = 8;
const VERSION = 20;
/** 1980-01-01 00:00, the earliest DOS date: the same file for the same rows, whatever the hour. */
const DOS_TIME = 0;
const DOS_DATE = (1 << 5) | 1;

interface Written {
  name: Buffer;
  offset: number;
  crc: number;
  size: number;
  compressed: number;
}

export interface ZipWriter {
  /** One entry, its pieces (UTF-8 text) deflated and written as they come. */
  entry(name: string, pieces: Iterable<string> | AsyncIterable<string>): Promise<void>;
  /** Writes the central directory, ends `out` and waits until it has finished (a file is whole on the disk). */
  end(): Promise<void>;
}

export function createZipWriter(out: Writable, level = constants.Z_DEFAULT_COMPRESSION): ZipWriter {
  const entries: Written[] = [];
  let offset = 0;

  async function put(bytes: Buffer): Promise<void> {
    if (offset + bytes.length > LIMIT)
      throw new Error('the file would pass 4 GiB, more than a zip without zip64 holds');
    offset += bytes.length;
    out.write(bytes);
    await drained(out);
  }

  return {
    async entry(name, pieces) {
      const entry: Written = { name: Buffer.from(name, 'utf8'), offset, crc: 0, size: 0, compressed: 0 };
      const header = Buffer.alloc(30);
      header.writeUInt32LE(LOCAL_HEADER, 0);
      header.writeUInt16LE(VERSION, 4);
      header.writeUInt16LE(FLAGS, 6);
      header.writeUInt16LE(DEFLATE, 8);
      header.writeUInt16LE(DOS_TIME, 10);
      header.writeUInt16LE(DOS_DATE, 12);
      // CRC and sizes (14-25) stay 0: the data descriptor has them.
      header.writeUInt16LE(entry.name.length, 26);
      await put(Buffer.concat([header, entry.name]));
      for await (const piece of pieces) {
        const bytes = Buffer.from(piece, 'utf8');
        if (bytes.length === 0) continue;
        entry.crc = crc32(bytes, entry.crc);
        entry.size += bytes.length;
        const packed = await deflatePiece(bytes, { level, finishFlush: constants.Z_SYNC_FLUSH });
        entry.compressed += packed.length;
        await put(packed);
      }
      entry.compressed += FINAL_BLOCK.length;
      if (entry.size > LIMIT) throw new Error('the file would pass 4 GiB, more than a zip without zip64 holds');
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
      descriptor.writeUInt32LE(entry.crc, 4);
      descriptor.writeUInt32LE(entry.compressed, 8);
      descriptor.writeUInt32LE(entry.size, 12);
      await put(Buffer.concat([FINAL_BLOCK, descriptor]));
      entries.push(entry);
    },

    async end() {
      const start = offset;
      for (const entry of entries) {
        const central = Buffer.alloc(46);
        central.writeUInt32LE(CENTRAL_HEADER, 0);
        central.writeUInt16LE(VERSION, 4);
        central.writeUInt16LE(VERSION, 6);
        central.writeUInt16LE(FLAGS, 8);
        central.writeUInt16LE(DEFLATE, 10);
        central.writeUInt16LE(DOS_TIME, 12);
        central.writeUInt16LE(DOS_DATE, 14);
        central.writeUInt32LE(entry.crc, 16);
        central.writeUInt32LE(entry.compressed, 20);
        central.writeUInt32LE(entry.size, 24);
        central.writeUInt16LE(entry.name.length, 28);
        // Extra field, comment, disk, attributes (30-41): none.
        central.writeUInt32LE(entry.offset, 42);
        await put(Buffer.concat([central, entry.name]));
      }
      const end = Buffer.alloc(22);
      end.writeUInt32LE(END_OF_DIRECTORY, 0);
      end.writeUInt16LE(entries.length, 8);
      end.writeUInt16LE(entries.length, 10);
      end.writeUInt32LE(offset - start, 12);
      end.writeUInt32LE(start, 16);
      await put(end);
      const finished = once(out, 'finish');
      out.end();
      await finished;
    },
  };
}
