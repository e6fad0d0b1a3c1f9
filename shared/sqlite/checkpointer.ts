/**
 * WAL checkpoints off the main thread.
 *
 * SQLite's automatic checkpoint runs inside the commit that takes the WAL
 * past 1,000 pages, on the thread that commits. During a full sync that is
 * every few transactions, and a kiosk check-in whose commit happens to cross
 * the mark waits while ~4 MB are copied back and synced (sync bench (g),
 * measured on a quiet machine: a check-in's p99 85 ms with it, 29 ms without;
 * the full sync itself 1.50 s against 1.13 s).
 *
 * So the writer's automatic checkpoint is turned off and a worker thread,
 * with a connection of its own, copies the WAL back every few hundred
 * milliseconds. PASSIVE: it neither waits for the writer nor blocks it.
 * Should the worker fail to start or die, the automatic checkpoint is turned
 * back on at once: the WAL never grows without bound. Closing waits (briefly,
 * synchronously) until the worker closed its connection, so the writer's
 * close is still the last one and folds the WAL in.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { nativeBindingPath } from './open.ts';

const EVERY_MS = 250;
/** How long a close waits for the worker to let its connection go. */
const CLOSE_WAIT_MS = 2_000;
const AUTOCHECKPOINT_PAGES = 1_000;

// CommonJS, as an eval'd worker runs; everything it needs comes in workerData.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.path, workerData.nativeBinding ? { nativeBinding: workerData.nativeBinding } : {});
const done = new Int32Array(workerData.done);
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy or closing: the next turn tries again */ }
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  try { db.close(); } finally {
    Atomics.store(done, 0, 1);
    Atomics.notify(done, 0);
    parentPort.close();
  }
});
`;

export interface Checkpointer {
  /** Stops the worker and waits until its connection is closed; the writer can then close. */
  close(): void;
  /** The worker thread while it runs (tests end it as a crash would). */
  readonly thread: Worker | undefined;
}

export function startCheckpointer(db: Database.Database, path: string, everyMs = EVERY_MS): Checkpointer {
  if (path === ':memory:' || db.memory) return { close() {}, thread: undefined };
  const done = new SharedArrayBuffer(4);
  let worker: Worker | undefined;
  const fallBack = () => {
    worker = undefined;
    if (db.open) db.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  };
  try {
    worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        module: createRequire(import.meta.url).resolve('better-sqlite3'),
        nativeBinding: nativeBindingPath(),
        path,
        done,
        everyMs,
      },
    });
    worker.unref();
    worker.on('error', fallBack);
    worker.on('exit', () => {
      if (Atomics.load(new Int32Array(done), 0) === 0) fallBack();
    });
    db.pragma('wal_autocheckpoint = 0');
  } catch {
    fallBack();
  }
  return {
    close() {
      const running = worker;
      worker = undefined;
      if (!running) return;
      running.postMessage('close');
      Atomics.wait(new Int32Array(done), 0, 0, CLOSE_WAIT_MS);
    },
    get thread() {
      return worker;
    },
  };
}
