/**
 * The WAL is copied back by a worker thread (shared/sqlite/checkpointer.ts):
 * the writer's commits never do it, the WAL stays bounded, and a close
 * still folds it in.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startCheckpointer } from '../../../shared/sqlite/checkpointer.ts';
import { configureDatabase } from '../../../shared/sqlite/migrate.ts';
import { openDatabase } from '../../../shared/sqlite/open.ts';
import { openMirror } from '../../../electron/core/db/mirror.ts';
import { until } from '../../support/until.ts';

const dirs: string[] = [];
function tempFile(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-checkpointer-'));
  dirs.push(dir);
  return join(dir, name);
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const walSize = (path: string) => (existsSync(`${path}-wal`) ? statSync(`${path}-wal`).size : 0);

/**
 * Whether every frame of the WAL was copied into the database: the WAL-index (the -shm file, in this machine's byte
 * order) holds the frames written (mxFrame, at 16) and those checkpointed (nBackfill, at 96).
 */
function checkpointed(path: string): boolean {
  const shm = readFileSync(`${path}-shm`);
  return shm.readUInt32LE(96) === shm.readUInt32LE(16);
}

/** 40 MB in 80 commits, letting the event loop go between two until the checkpointer had its turn, as the sync's batches do. */
async function write(db: ReturnType<typeof openDatabase>) {
  db.exec('CREATE TABLE IF NOT EXISTS blobs (id INTEGER PRIMARY KEY, data BLOB)');
  const insert = db.prepare('INSERT INTO blobs (data) VALUES (?)');
  let largest = 0;
  for (let i = 0; i < 80; i++) {
    db.transaction(() => {
      for (let j = 0; j < 8; j++) insert.run(Buffer.alloc(64 * 1024, i));
    })();
    largest = Math.max(largest, walSize(db.name));
    await until(() => checkpointed(db.name), 'the checkpointer to take its turn');
  }
  return largest;
}

describe('the checkpointer', () => {
  it('turns off the automatic checkpoint of the writer and keeps the WAL bounded from its own thread', async () => {
    const path = tempFile('a.sqlite');
    const db = openDatabase(path);
    configureDatabase(db);
    const checkpointer = startCheckpointer(db, path, 50);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    const largest = await write(db);
    // Without any checkpoint the WAL would hold all 40 MB.
    expect(largest).toBeLessThan(16 * 1024 * 1024);
    checkpointer.close();
    db.close();
    expect(existsSync(`${path}-wal`)).toBe(false);
  });

  it('turns the automatic checkpoint back on when its worker dies', async () => {
    const path = tempFile('b.sqlite');
    const db = openDatabase(path);
    configureDatabase(db);
    const checkpointer = startCheckpointer(db, path, 50);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    // The worker's thread ends as a crash would: killed from outside.
    await checkpointer.thread!.terminate();
    await until(() => checkpointer.thread === undefined, 'the checkpointer to see its worker gone');
    expect(checkpointer.thread).toBeUndefined();
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    checkpointer.close();
    db.close();
  });

  it('lets the mirror close fold the WAL in (the worker closed its connection first)', () => {
    const path = tempFile('mirror.sqlite');
    const mirror = openMirror(path);
    mirror.transaction(() => mirror.db.exec("INSERT INTO mirror_flags (name) VALUES ('x')"));
    mirror.close();
    expect(existsSync(`${path}-wal`)).toBe(false);
    const again = openMirror(path);
    expect(again.db.prepare("SELECT count(*) AS n FROM mirror_flags WHERE name = 'x'").get()).toEqual({ n: 1 });
    again.close();
  });
});
