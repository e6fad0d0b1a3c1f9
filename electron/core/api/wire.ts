/**
 * What the API client does on the wire below HTTP semantics: reading an
 * answer's body within a size bound (decoding gzip and deflate), telling a
 * network failure from a bug, and reading Retry-After.
 */
import { createUnzip } from 'node:zlib';

const RETRY_AFTER_CAP_MS = 60_000;

export function parseRetryAfter(header: string | string[] | undefined, now = Date.now()): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - now;
  return Number.isFinite(ms) ? Math.min(RETRY_AFTER_CAP_MS, Math.max(0, ms)) : undefined;
}

export const DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;
export const mib = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MiB`;

export class BodyTooLarge extends Error {}

/**
 * Reads an answer's body as text, decoding gzip and deflate (a server may
 * compress whatever was asked), and stops at `max` bytes after decoding: a
 * huge, endless or compressed-bomb answer costs at most `max` of memory.
 */
export async function readBody(
  body: AsyncIterable<Buffer> & { destroy(error?: Error): unknown },
  encoding: string | undefined,
  length: number,
  max: number,
): Promise<string> {
  if (length > max) {
    body.destroy();
    throw new BodyTooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const take = (chunk: Buffer) => {
    size += chunk.length;
    if (size > max) throw new BodyTooLarge();
    chunks.push(chunk);
  };
  const coding = (encoding ?? '').trim().toLowerCase();
  try {
    if (coding === '' || coding === 'identity') for await (const chunk of body) take(chunk);
    else if (coding === 'gzip' || coding === 'x-gzip' || coding === 'deflate') {
      // Unzip tells gzip from zlib-wrapped deflate by the header.
      const unzip = createUnzip();
      const feeding = (async () => {
        for await (const chunk of body) if (!unzip.write(chunk)) await new Promise((r) => unzip.once('drain', r));
        unzip.end();
      })();
      feeding.catch((error: unknown) => unzip.destroy(error as Error));
      try {
        for await (const chunk of unzip) take(chunk as Buffer);
      } finally {
        unzip.destroy();
      }
      await feeding;
    } else throw new UnknownEncoding(coding);
  } catch (error) {
    body.destroy();
    throw error;
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

export class UnknownEncoding extends Error {}

/** A network-level failure of undici, as opposed to a bug. */
export function isNetworkError(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code ?? '';
  return (
    code.startsWith('UND_ERR') ||
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'EPIPE',
      'ENOTFOUND',
      'EHOSTUNREACH',
      'ENETUNREACH',
      'EAI_AGAIN',
      'ETIMEDOUT',
    ].includes(code)
  );
}

/** The id of a record as the service gave it (shortened), for saying which one was set aside. */
export function rawId(value: unknown): string | number | null {
  const id =
    (value as { id?: unknown; sourceId?: unknown } | null)?.id ?? (value as { sourceId?: unknown } | null)?.sourceId;
  if (typeof id === 'number' && Number.isFinite(id)) return id;
  if (typeof id === 'string' && id.length > 0) return /^\d{1,15}$/.test(id) ? Number(id) : id.slice(0, 40);
  return null;
}
