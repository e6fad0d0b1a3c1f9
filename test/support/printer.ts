/**
 * A real IPP printer for the tests: CUPS's ippeveprinter (Debian's
 * cups-ipp-utils) on 127.0.0.1, taking PDF and keeping each job in its spool
 * folder, read back with poppler's pdfinfo (page size) and pdftotext.
 *
 * ippeveprinter insists on DNS-SD (Avahi, over the D-Bus system bus) even
 * with advertising off; a machine without a system bus gets a private
 * dbus-daemon for it.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createIppClient } from '../../electron/core/printing/ipp.ts';
import { onCleanup, tempDir } from './fixtures.ts';
import { until } from './until.ts';

export interface TestPrinter {
  uri: string;
  port: number;
  spool: string;
  /** The PDFs it has taken, oldest first. */
  jobs(): string[];
  stop(): Promise<void>;
}

const PT_PER_MM = 72 / 25.4;
const TRUE = existsSync('/bin/true') ? '/bin/true' : '/usr/bin/true';

/** Whether this machine has what the printer tests need. */
export function printerToolsInstalled(): boolean {
  try {
    for (const tool of ['ippeveprinter', 'pdfinfo', 'pdftotext', 'dbus-daemon'])
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let bus: Promise<string> | undefined;

/** The D-Bus system bus address for ippeveprinter: the machine's own, or a private one for the test run. */
function systemBus(): Promise<string> {
  if (process.env.DBUS_SYSTEM_BUS_ADDRESS) return Promise.resolve(process.env.DBUS_SYSTEM_BUS_ADDRESS);
  if (existsSync('/run/dbus/system_bus_socket')) return Promise.resolve('unix:path=/run/dbus/system_bus_socket');
  bus ??= new Promise<string>((resolve, reject) => {
    const dir = tempDir('foyer-dbus-');
    const child = spawn(
      'dbus-daemon',
      ['--session', '--nofork', `--address=unix:path=${join(dir, 'bus')}`, '--print-address=1'],
      {
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    onCleanup(() => {
      child.kill();
      bus = undefined;
    });
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('error', reject);
  });
  return bus;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill();
  });
}

/** An ippeveprinter on an ephemeral loopback port, stopped by cleanup() (or stop()). */
export async function startTestPrinter(name = 'Foyer test label'): Promise<TestPrinter> {
  const spool = tempDir('foyer-spool-');
  const port = await freePort();
  const child = spawn(
    'ippeveprinter',
    // A command that prints at once: without one, ippeveprinter prints each job for 5 to 15 s, busy meanwhile.
    ['-r', 'off', '-n', 'localhost', '-p', String(port), '-f', 'application/pdf', '-c', TRUE, '-d', spool, '-k', name],
    { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, DBUS_SYSTEM_BUS_ADDRESS: await systemBus() } },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const stop = () => stopChild(child);
  onCleanup(stop);
  const uri = `ipp://127.0.0.1:${port}/ipp/print`;
  const client = createIppClient({ timeoutMs: 1_000 });
  try {
    let tries = 0;
    await until(
      async () => {
        if (child.exitCode !== null) throw new Error(`ippeveprinter stopped: ${stderr}`);
        try {
          await client.printerAttributes(uri);
          return true;
        } catch (error) {
          if (++tries > 100) throw new Error(`ippeveprinter did not answer: ${String(error)} ${stderr}`);
          return false;
        }
      },
      'ippeveprinter to answer',
      { every: 50, timeout: 30_000 },
    );
  } finally {
    await client.close();
  }
  return {
    uri,
    port,
    spool,
    jobs: () =>
      readdirSync(spool)
        .filter((f) => f.endsWith('.pdf'))
        .sort((a, b) => parseInt(a, 10) - parseInt(b, 10))
        .map((f) => join(spool, f)),
    stop,
  };
}

/** A PDF's first page in whole millimetres, as pdfinfo gives it. */
export function pageSizeMm(pdf: string): { widthMm: number; heightMm: number } {
  const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
  const match = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
  if (!match) throw new Error(`no page size in pdfinfo's answer: ${info}`);
  return { widthMm: Math.round(Number(match[1]) / PT_PER_MM), heightMm: Math.round(Number(match[2]) / PT_PER_MM) };
}

export const pdfText = (pdf: string): string => execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' });

/** Waits until the printer holds `count` jobs (they arrive over the network), at most `limitMs`. */
export async function waitForJobs(printer: TestPrinter, count: number, limitMs = 10_000): Promise<string[]> {
  let jobs: string[] = [];
  await until(
    () => (jobs = printer.jobs()).length >= count,
    () => `${count} jobs (the printer holds ${jobs.length})`,
    {
      timeout: limitMs,
      every: 50,
    },
  );
  return jobs;
}
