/** Temp files for the import tests: written as given (text as UTF-8, or raw bytes), removed after the file's tests. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ImportError, type ImportIssue } from '../../../electron/core/imports/issues.ts';

export interface TempFiles {
  dir: string;
  /** Writes the file and returns its path. */
  write(name: string, content: string | Uint8Array): string;
  remove(): void;
}

export function tempFiles(prefix = 'foyer-import-'): TempFiles {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return {
    dir,
    write(name, content) {
      const path = join(dir, name);
      writeFileSync(path, content);
      return path;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** UTF-16 little endian with its byte order mark (FF FE). */
export function utf16le(text: string): Buffer {
  return Buffer.from(`\uFEFF${text}`, 'utf16le');
}

/** UTF-16 big endian with its byte order mark (FE FF). */
export function utf16be(text: string): Buffer {
  return Buffer.from(`\uFEFF${text}`, 'utf16le').swap16();
}

/** UTF-8 with its byte order mark (EF BB BF), as Excel's "CSV UTF-8" writes it. */
export function utf8bom(text: string): Buffer {
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
}

/** Awaits a promise that must reject with an ImportError; returns its issue. */
export async function importErrorOf(promise: Promise<unknown>): Promise<ImportIssue> {
  const error = await promise.then(
    (value) => value,
    (e: unknown) => e,
  );
  expect(error, `expected an ImportError, got ${JSON.stringify(error)}`).toBeInstanceOf(ImportError);
  return (error as ImportError).issue;
}
