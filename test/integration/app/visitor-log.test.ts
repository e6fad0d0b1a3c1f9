/**
 * The visitor log against the reference service over HTTP: through the core
 * (visits.export, desk role) as CSV and XLSX, both parsed back, over a date
 * range that leaves other days out; made for a spreadsheet (the site's wall
 * clock with its zone named, real dates, a frozen header and filters, a
 * byte-order mark, every column filled, a walk-in's too); streamed as the
 * answer of the browser host; and through `foyer visits` (exit codes, stdout,
 * --out by the file's ending).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../electron/core/app/core.ts';
import { createSession } from '../../../electron/core/access/session.ts';
import type { Runtime } from '../../../electron/core/runtime.ts';
import { startBrowserHost } from '../../../electron/core/web/host.ts';
import { dayBounds, dayKey, DAY, iso, wallClock, wallStamp } from '../../../shared/time.ts';
import { openApp } from '../../support/app.ts';
import { runFoyer } from '../../support/cli.ts';
import { TEST_TOKEN } from '../../support/world.ts';
import { cleanup, seedGuests, startServiceOn, tempDir } from '../outbox/helpers.ts';
import { walkInRecords } from '../../../electron/core/db/repos/walk-in-records.ts';

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
const csvRows = (text: string) => parse(text, { columns: true, bom: true }) as Record<string, string>[];
// A zone far from the machine's (and without summer time), so that a UTC stamp passed as local would show.
const ZONE = 'Asia/Tokyo';
const TIMES = ['Arrived (tapped here)', 'Arrived (service)', 'Left (tapped here)', 'Left (service)'];
/** Every visit's times in the mirror (as stored, UTC), by invitation id, in the order of TIMES. */
const storedTimes = new Map<number, (string | null)[]>();

/** The log of the range as a workbook: one row per visit, its times real dates on the site's wall clock. */
async function expectWorkbook(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.getWorksheet('Visitor log')!;
  expect(sheet.rowCount).toBe(5);
  expect(sheet.getRow(1).getCell(1).value).toBe('Name');
  expect(sheet.getRow(1).getCell(11).value).toBe('Time zone');
  expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  expect(sheet.autoFilter).toBe('A1:L1');
  expect(sheet.getRow(2).getCell(1).value).toBe('Ada Lovelace');
  expect(sheet.getRow(3).getCell(1).value).toBe("'=SUM(1) Sly");
  expect(sheet.getRow(5).getCell(1).value).toBe('王超');
  expect(sheet.getRow(2).getCell(10).value).toBe(ids[0]);
  expect(sheet.getRow(2).getCell(11).value).toBe(ZONE);
  for (const [i, column] of TIMES.entries()) {
    const cell = sheet.getRow(2).getCell(5 + i);
    expect(cell.type, column).toBe(ExcelJS.ValueType.Date);
    expect(cell.numFmt, column).toBe('yyyy-mm-dd hh:mm:ss');
    const wall = wallClock(Date.parse(storedTimes.get(ids[0]!)![i]!), ZONE);
    expect(Math.abs((cell.value as Date).getTime() - wall), column).toBeLessThan(1000);
  }
  expect(sheet.getRow(5).getCell(8).value).toBeNull();
}

beforeAll(async () => {
  service = await startServiceOn(tempDir('foyer-visits-svc-'));
  const people = [
    { firstName: 'Ada', lastName: 'Lovelace', companyName: 'Analytical' },
    { firstName: '=SUM(1)', lastName: 'Sly', companyName: '+Formula Ltd' },
    { firstName: 'Not', lastName: 'Arrived', companyName: 'Nobody' },
    { firstName: 'Jörg', lastName: 'Müller', companyName: 'Straße AG' },
  ];
  const seeded = await seedGuests(service, people.length, { eventName: 'Board meeting', endsIn: DAY, people });
  ids = seeded.guests.map((g) => g.id);
  dataDir = tempDir('foyer-visits-data-');
  ({ runtime, core } = await openApp(dataDir, {
    service,
    config: (c) => ({ locationId: 10, companyId: 1, kiosk: { ...c.kiosk, timeZone: ZONE } }),
    pins: { desk: '1357' },
  }));
  await core.call(desk, 'sync.now', { full: true });
  await core.call(desk, 'guests.transition', { invitationId: ids[0]!, action: 'checkIn' });
  await core.call(desk, 'guests.transition', { invitationId: ids[1]!, action: 'checkIn' });
  await runtime.engine.deliver();
  await core.call(desk, 'guests.transition', { invitationId: ids[0]!, action: 'checkOut' });
  await core.call(desk, 'guests.transition', { invitationId: ids[3]!, action: 'checkIn' });
  await runtime.engine.deliver();
  // A walk-in the desk lets in: its visit reaches the service, and comes back with its check-in queued.
  await core.call(desk, 'walkIns.add', { firstName: '超', lastName: '王', hostId: 102 });
  await runtime.engine.deliver();
  await runtime.engine.syncNow({ resources: ['invitations'] });
  await runtime.engine.deliver();
  await runtime.engine.syncNow();
  const wang = walkInRecords(runtime.mirror).byId(1)!.invitationId!;
  ids.push(wang);
  for (const id of [ids[0]!, ids[1]!, ids[3]!, wang]) {
    const [row] = runtime.mirror.visits
      .arrivedBetween(iso(0), iso(Date.now() + DAY), 10, undefined)
      .filter((r) => r.invitationId === id);
    storedTimes.set(id, [row!.arrivedTappedAt, row!.arrivedAt, row!.leftTappedAt, row!.leftAt]);
  }
}, 30_000);

afterAll(async () => {
  if (!closed) await runtime?.close();
  await cleanup();
});

describe('the visitor log through the core', () => {
  it('lists every arrival of the range as CSV, with both times of each move, neutralised', async () => {
    const file = await core.call(desk, 'visits.export', rangeOf(yesterday, tomorrow));
    expect(file).toMatchObject({ fileName: `foyer-visitors-${yesterday}_${tomorrow}.csv`, rows: 4, encoding: 'utf8' });
    const rows = csvRows(file.content);
    expect(rows.map((r) => r.Invitation)).toEqual([ids[0], ids[1], ids[3], ids[4]].map(String));
    const ada = rows[0]!;
    expect(ada).toMatchObject({ Name: 'Ada Lovelace', Company: 'Analytical', Event: 'Board meeting' });
    for (const column of TIMES) expect(ada[column], column).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(rows[1]).toMatchObject({ Name: "'=SUM(1) Sly", Company: "'+Formula Ltd", 'Left (service)': '' });
  });

  it("is made for a spreadsheet: the site's wall clock with its zone named, a byte-order mark, every column filled", async () => {
    const file = await core.call(desk, 'visits.export', rangeOf(yesterday, tomorrow));
    // Excel on Windows reads a CSV as UTF-8 only with the mark: else "JÃ¶rg", and 王超 lost.
    expect([...Buffer.from(file.content, 'utf8').subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = csvRows(file.content);
    expect(Object.keys(rows[0]!)).toEqual([
      'Name',
      'Company',
      'Host',
      'Event',
      ...TIMES,
      'Checked in at',
      'Invitation',
      'Time zone',
      'Agreements',
    ]);
    for (const row of rows) {
      const stored = storedTimes.get(Number(row.Invitation))!;
      TIMES.forEach((column, i) =>
        expect(row[column], column).toBe(stored[i] ? wallStamp(Date.parse(stored[i]), ZONE) : ''),
      );
      expect(row['Time zone']).toBe(ZONE);
      expect(row['Checked in at'], row.Name).not.toBe('');
    }
    expect(rows[2]).toMatchObject({ Name: 'Jörg Müller', Company: 'Straße AG', 'Checked in at': 'desk' });
    expect(rows[3]).toMatchObject({ Name: '王超', 'Checked in at': 'desktop (walk-in)' });
    expect(rows[3]!.Host).not.toBe('');
    // A visit under way has no time of leaving: the one column left empty, and only then.
    expect(rows[3]!['Left (service)']).toBe('');
  });

  it('leaves other days out', async () => {
    const before = dayKey(Date.now() - 3 * DAY);
    const file = await core.call(desk, 'visits.export', rangeOf(before, before));
    expect(file.rows).toBe(0);
    expect(csvRows(file.content)).toEqual([]);
  });

  it('as an Excel workbook the same rows, read back, with real dates, a frozen header and filters', async () => {
    const file = await core.call(desk, 'visits.export', rangeOf(yesterday, tomorrow, 'xlsx'));
    expect(file).toMatchObject({
      fileName: `foyer-visitors-${yesterday}_${tomorrow}.xlsx`,
      rows: 4,
      encoding: 'base64',
    });
    await expectWorkbook(Buffer.from(file.content, 'base64'));
  });

  it('refuses a range that ends before it starts, and is in the audit log', async () => {
    const backwards = {
      ...rangeOf(yesterday, tomorrow),
      from: iso(dayBounds(tomorrow).to),
      to: iso(dayBounds(yesterday).from),
    };
    await expect(core.call(desk, 'visits.export', backwards)).rejects.toThrow(/the range must end after it starts/);
    const { entries } = await core.call(admin, 'audit.list', { action: 'visitor-log-export' });
    expect(entries.map((e) => e.detail)).toEqual([
      '4 visits as XLSX',
      '0 visits as CSV',
      '4 visits as CSV',
      '4 visits as CSV',
    ]);
  });
});

describe('the visitor log through the browser host, as the answer itself', () => {
  let host: Awaited<ReturnType<typeof startBrowserHost>>;
  let cookie: string;
  const post = (body: unknown, accept = 'application/octet-stream', session = cookie) =>
    request(`${host.url}app/visits.export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept, cookie: session },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    const renderer = tempDir('foyer-visits-renderer-');
    writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Foyer</title>');
    host = await startBrowserHost({ core, rendererDir: renderer, host: '127.0.0.1', port: 0, pinsSet: true });
    const page = await request(host.url);
    await page.body.text();
    const kiosk = String(page.headers['set-cookie']).split(';')[0]!;
    const unlocked = await request(`${host.url}app/session.unlock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: kiosk },
      body: JSON.stringify({ pin: '1357' }),
    });
    expect(await unlocked.body.json()).toEqual({ role: 'desk' });
    cookie = String(unlocked.headers['set-cookie']).split(';')[0]!;
  });
  afterAll(() => host?.close());

  it('sends the CSV as it is written, named, with the same rows as the core gives', async () => {
    const response = await post(rangeOf(yesterday, tomorrow));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="foyer-visitors-${yesterday}_${tomorrow}.csv"`,
    );
    const bytes = Buffer.from(await response.body.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const whole = await core.call(desk, 'visits.export', rangeOf(yesterday, tomorrow));
    expect(bytes.toString('utf8')).toBe(whole.content);
  });

  it('sends the workbook as it is written', async () => {
    const response = await post(rangeOf(yesterday, tomorrow, 'xlsx'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    await expectWorkbook(Buffer.from(await response.body.arrayBuffer()));
  });

  it("answers JSON to a call that does not ask for the file, and refuses a kiosk in the contract's error shape", async () => {
    const asJson = await post(rangeOf(yesterday, tomorrow), 'application/json');
    expect(await asJson.body.json()).toMatchObject({ rows: 4, encoding: 'utf8' });
    const page = await request(host.url);
    await page.body.text();
    const kiosk = await post(
      rangeOf(yesterday, tomorrow),
      undefined,
      String(page.headers['set-cookie']).split(';')[0]!,
    );
    expect(kiosk.statusCode).toBe(403);
    expect(await kiosk.body.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
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
    expect(csvRows(run.out).map((r) => r.Name)).toEqual(['Ada Lovelace', "'=SUM(1) Sly", 'Jörg Müller', '王超']);
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
    expect(csv.out).toBe(`4 visits written to ${csvPath}\n`);
    expect(csvRows(readFileSync(csvPath, 'utf8'))).toHaveLength(4);
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
    await expectWorkbook(readFileSync(xlsxPath));
    expect(existsSync(`${xlsxPath}.part`)).toBe(false);
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
