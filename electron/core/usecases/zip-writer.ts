/**
 * A zip archive written into a stream as its entries come (the workbooks
 * Foyer exports, see xlsx-writer.ts), never held whole. The archive is
 * zip-stream's (archiver's own zip writer: headers, data descriptors, CRCs,
 * the central directory, zip64 past 4 GiB); what is Foyer's here is how an
 * entry's pieces are fed to it:
 *
 * - a piece is asked for only when the archive has taken the last: the
 *   pieces come through a stream that reads nothing ahead (Readable.from
 *   would ask for the next piece as soon as it handed one on), and zlib's
 *   stream takes no more until it has deflated what it has and passed it on,
 *   as far as the reader lets it;
 * - each piece is deflated by a zlib stream, on libuv's thread pool, not on
 *   the event loop, and sync-flushed (`flush: Z_SYNC_FLUSH`): its bytes go
 *   out before the next piece is asked for, not when zlib's block is full;
 * - every entry is dated 1980-01-01 00:00 (the earliest date a zip names):
 *   the same file for the same rows, whatever the hour;
 * - when the reader goes away (a browser that closed its download), the
 *   export fails with that reason and asks for no more pieces.
 */
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants } from 'node:zlib';
import { loadZipStream } from '../lazy-libraries.ts';
import { readerWentAway } from './drained.ts';

const DOS_EPOCH = new Date(Date.UTC(1980, 0, 1));

export interface ZipWriter {
  /** One entry: a text, or its pieces (UTF-8 text) deflated and written as they come. */
  entry(name: string, content: string | AsyncIterable<string>): Promise<void>;
  /** Writes the central directory, ends `out` and waits until it has finished (a file is whole on the disk). */
  end(): Promise<void>;
}

/** The pieces as a stream that asks for one only when it is read, and stops once `out` is gone. */
function piecesOf(pieces: AsyncIterable<string>, out: Writable): Readable {
  const iterator = pieces[Symbol.asyncIterator]();
  const next = async (): Promise<string | null> => {
    for (;;) {
      if (out.destroyed) throw readerWentAway();
      const piece = await iterator.next();
      if (piece.done) return null;
      // An empty piece would end nothing and start no read: the next one is asked for instead.
      if (piece.value.length > 0) return piece.value;
    }
  };
  return new Readable({
    // Nothing read ahead: read() is called when the one reading it wants more.
    highWaterMark: 0,
    read() {
      next().then(
        (piece) => this.push(piece),
        (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
      );
    },
    destroy(error, done) {
      // As a for-await loop does when its body throws: the pieces' own finally blocks run.
      iterator.return?.().catch(() => {});
      done(error);
    },
  });
}

export async function createZipWriter(out: Writable, level = constants.Z_DEFAULT_COMPRESSION): Promise<ZipWriter> {
  const ZipStream = await loadZipStream();
  const zip = new ZipStream({ zlib: { level, flush: constants.Z_SYNC_FLUSH } });
  // The zlib stream of the entry under way (zip-stream pipes it into the archive), to end it with the archive.
  let deflating: { destroy(): void } | undefined;
  zip.on('pipe', (source: { destroy(): void }) => (deflating = source));
  const written = pipeline(zip, out).catch((error: unknown) => {
    throw (error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE' ? readerWentAway() : error;
  });
  // Awaited by entry() and end(); until then a failure is not left unhandled.
  written.catch(() => {});

  async function unlessFailed(step: Promise<void>, source?: Readable): Promise<void> {
    try {
      await Promise.race([step, written]);
    } catch (error) {
      source?.destroy();
      deflating?.destroy();
      zip.destroy();
      throw error;
    }
  }

  return {
    async entry(name, content) {
      const source = typeof content === 'string' ? undefined : piecesOf(content, out);
      const added = new Promise<void>((resolve, reject) => {
        source?.once('error', reject);
        zip.entry(source ?? Buffer.from(content as string, 'utf8'), { name, date: DOS_EPOCH }, (error) =>
          error ? reject(error) : resolve(),
        );
      });
      await unlessFailed(added, source);
    },

    async end() {
      zip.finalize();
      await unlessFailed(written);
    },
  };
}
