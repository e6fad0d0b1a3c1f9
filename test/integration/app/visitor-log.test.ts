/**
 * The visitor log against the reference service over HTTP: through the core
 * (visits.export, desk role) as CSV and XLSX, both parsed back, over a date
 * range that leaves other days out; and through `foyer visits` (exit codes,
 * stdout, --out by the file's ending).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../electron/core/app/core.ts';
import { createSession } from '../../../electron/core/app/session.ts';
import type { Runtime } from '../../../electron/core/runtime.ts';
import { dayBounds, dayKey, DAY, iso } from '../../../shared/time.ts';
import { openApp } from '../../support/app.ts';
import { runFoyer } from '../../support/cli.ts';
import { TEST_TOKEN } from '../../support/world.ts';
import { cleanup, seedGuests, startServiceOn, tempDir } from '../outbox/helpers.ts';

let service: Awaited<ReturnType<typeof startServiceOn>>;
let runtime: Runtime;
let core: AppCore;
let dataDir: string;
const desk = createSession('visits-desk', 'desk', 'desk', 'desktop');
const admin = createSession('visits-admin', 'admin', 'admin', 'desktop');
let ids: number[];
// Yesterday to tomorrow: the arrivals of this run are inside whatever the hour (the service stamps them on its clock).
const yesterday = dayKey(Date.now() - DAY);
const tomorrow = dayKey(Date.now() + DAY);
let closed = false;

const rangeOf = (firstDay: string, lastDay: string, format: 'csv' | 'xlsx' = 'csv') => ({
  from: iso(dayBounds(firstDay).from),
  to: iso(dayBounds(lastDay).to),
  firstDay,
  lastDay,
  format,
});
const csvRows = (text: string) => parse(text, { columns: true }) as Record<string, string>[];

beforeAll(async () => {
  service = await startServiceOn(tempDir('foyer-visits-svc-'));
  const people = [
    { firstName: 'Ada', lastName: 'Lovelace', companyName: 'Analytical' },
    { firstName: '=SUM(1)', lastName: 'Sly', companyName: '+Formula Ltd' },
    { firstName: 'Not', lastName: 'Arrived', companyName: 'Nobody' },
  ];
  const seeded = await seedGuests(service, people.length, { eventName: 'Board meeting', endsIn: DAY, people });
  ids = seeded.guests.map((g) => g.id);
  dataDir = tempDir('foyer-visits-data-');
  ({ runtime, core } = await openApp(dataDir, { service, config: { locationId: 10, companyId: 1 } }));
  await core.call(desk, 'sync.now', { full: true });
  await core.call(desk, 'guests.transition', { invitationId: ids[0]!, action: 'checkIn' });
  await core.call(desk, 'guests.transition', { invitationId: ids[1]!, action: 'checkIn' });
  await runtime.engine.deliver();
  await core.call(desk, 'guests.transition', { invitationId: ids[0]!, action: 'checkOut' });
  await runtime.engine.deliver();
}, 30_000);

afterAll(async () => {
  if (!closed) await runtime?.close();
  await cleanup();
});

describe('the visitor log through the core', () => {
  it('lists every arrival of the range as CSV, with both times of each move, neutralised', async () => {
    const file = await core.call(desk, 'visits.export', rangeOf(yesterday, tomorrow));
    expect(file).toMatchObject({ fileName: `foyer-visitors-${yesterday}_${tomorrow}.csv`, rows: 2, encoding: 'utf8' });
    const rows = csvRows(file.content);
    expect(rows.map((r) => r.Invitation)).toEqual([String(ids[0]), String(ids[1])]);
    const ada = rows[0]!;
    expect(ada).toMatchObject({ Name: 'Ada Lovelace', Company: 'Analytical', Event: 'Board meeting' });
    for (const column of ['Arrived (tapped here)', 'Arrived (service)', 'Left (tapped here)', 'Left (service)'])
      expect(Date.parse(ada[column]!), column).not.toBeNaN();
    expect(rows[1]).toMatchObject({ Name: "'=SUM(1) Sly", Company: "'+Formula Ltd", 'Left (service)': '' });
  });

  it('leaves other days out', async () => {
    const before = dayKey(Date.now() - 3 * DAY);
    const file = await core.call(desk, 'visits.export', rangeOf(before, before));
    expect(file.rows).toBe(0);
    expect(csvRows(file.content)).toEqual([]);
  });

  it('as an Excel workbook the same rows, read back', async () => {
    const file = await core.call(desk, 'visits.export', rangeOf(yesterday, tomorrow, 'xlsx'));
    expect(file).toMatchObject({
      fileName: `foyer-visitors-${yesterday}_${tomorrow}.xlsx`,
      rows: 2,
      encoding: 'base64',
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(file.content, 'base64') as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Visitor log')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Name');
    expect(sheet.getRow(2).getCell(1).value).toBe('Ada Lovelace');
    expect(sheet.getRow(3).getCell(1).value).toBe("'=SUM(1) Sly");
    expect(sheet.getRow(2).getCell(10).value).toBe(ids[0]);
    expect(sheet.rowCount).toBe(3);
  });

  it('refuses a range that ends before it starts, and is in the audit log', async () => {
    const backwards = {
      ...rangeOf(yesterday, tomorrow),
      from: iso(dayBounds(tomorrow).to),
      to: iso(dayBounds(yesterday).from),
    };
    await expect(core.call(desk, 'visits.export', backwards)).rejects.toThrow(/the range must end after it starts/);
    const { entries } = await core.call(admin, 'audit.list', { action: 'visitor-log-export' });
    expect(entries.map((e) => e.detail)).toEqual(['2 visits as XLSX', '0 visits as CSV', '2 visits as CSV']);
  });
});

describe('foyer visits', () => {
  beforeAll(async () => {
    // The CLI opens the data folder itself: the core's runtime lets go of it first.
    await runtime.close();
    closed = true;
    expect((await runFoyer('config', 'set', 'token', TEST_TOKEN, '--data-dir', dataDir)).code).toBe(0);
  });

  it('writes the CSV to stdout without --out', async () => {
    const run = await runFoyer('visits', '--from', yesterday, '--to', tomorrow, '--data-dir', dataDir);
    expect(run.code, run.err).toBe(0);
    expect(csvRows(run.out).map((r) => r.Name)).toEqual(['Ada Lovelace', "'=SUM(1) Sly"]);
  });

  it('writes the file --out names, CSV or XLSX by its ending', async () => {
    const csvPath = join(tempDir('foyer-visits-out-'), 'log.csv');
    const csv = await runFoyer(
      'visits',
      '--from',
      yesterday,
      '--to',
      tomorrow,
      '--out',
      csvPath,
      '--data-dir',
      dataDir,
    );
    expect(csv.code, csv.err).toBe(0);
    expect(csv.out).toBe(`2 visits written to ${csvPath}\n`);
    expect(csvRows(readFileSync(csvPath, 'utf8'))).toHaveLength(2);
    const xlsxPath = join(tempDir('foyer-visits-out-'), 'log.XLSX');
    const xlsx = await runFoyer(
      'visits',
      '--from',
      yesterday,
      '--to',
      tomorrow,
      '--out',
      xlsxPath,
      '--data-dir',
      dataDir,
    );
    expect(xlsx.code, xlsx.err).toBe(0);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync(xlsxPath) as unknown as ArrayBuffer);
    expect(book.getWorksheet('Visitor log')!.rowCount).toBe(3);
  });

  it('exit 2 for wrong usage, saying what to fix', async () => {
    const cases: [string[], RegExp][] = [
      [['--to', tomorrow], /--from is required/],
      [['--from', '2026-13-45', '--to', tomorrow], /--from "2026-13-45" is not a day/],
      [['--from', yesterday, '--to', '2000-01-01'], /--to 2000-01-01 is before --from/],
      [['--from', yesterday, '--to', tomorrow, '--out', 'log.pdf'], /must end in \.csv or \.xlsx/],
    ];
    for (const [args, message] of cases) {
      const run = await runFoyer('visits', ...args, '--data-dir', dataDir);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.err).toMatch(message);
    }
  });
});
