/**
 * A large visitor log as a workbook (issue 31): 20,000 visits written into a
 * file as `foyer visits --out` writes it, page by page, and read back whole by
 * a spreadsheet reader (exceljs), every row in order and as stored: names in
 * Cyrillic and Chinese, a name that starts a formula (neutralised), real
 * dates on the site's wall clock, a visit still under way without a time of
 * leaving. The mirror is written straight (a sync of this size would take
 * minutes and test the sync).
 */
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfigStore } from '../../../electron/core/config/config.ts';
import { personName } from '../../../shared/domain/person-name.ts';
import { openRuntime, type Runtime } from '../../../electron/core/runtime.ts';
import { writeVisitorLog } from '../../../electron/core/usecases/visitor-log.ts';
import { neutraliseCell } from '../../../shared/csv.ts';
import { HOUR, iso, wallClock } from '../../../shared/time.ts';
import { cleanup, tempDir } from '../outbox/helpers.ts';

const VISITS = 20_000;
const ZONE = 'Asia/Tokyo';
const START = Date.UTC(2026, 0, 5, 0, 0, 0);
const PEOPLE: [string, string, string][] = [
  ['Дмитрий', 'Соловьёв', 'ООО «Ромашка»'],
  ['超', '王', '北京有限公司'],
  ['=HYPERLINK("http://example.test")', 'Sly', '+Formula Ltd'],
  ['Jörg', 'Müller', 'Straße & Söhne <AG>'],
];

/** The visit `i` (1-based) as written into the mirror. */
function visit(i: number) {
  const [first, last, company] = PEOPLE[i % PEOPLE.length]!;
  const arrived = START + i * 37_000;
  return { first, last: `${last}${i}`, company, arrived, left: i % 5 === 0 ? null : arrived + 3 * HOUR };
}

let dataDir: string;
let runtime: Runtime;

beforeAll(async () => {
  dataDir = tempDir('foyer-visits-large-');
  const store = createConfigStore(dataDir);
  store.write({ ...store.read(), locationId: 10, companyId: 1, kiosk: { ...store.read().kiosk, timeZone: ZONE } });
  runtime = await openRuntime({ dataDir });
  const { db } = runtime.mirror;
  const checkIn = db.prepare(`INSERT INTO check_ins (id, location_id, state, first_name, last_name, company_name,
    arrived_at, left_at) VALUES (?, 10, ?, ?, ?, ?, ?, ?)`);
  db.transaction(() => {
    for (let i = 1; i <= VISITS; i++) {
      const v = visit(i);
      const state = v.left === null ? 'CHECKED_IN' : 'CHECKED_OUT';
      checkIn.run(i, state, v.first, v.last, v.company, iso(v.arrived), v.left === null ? null : iso(v.left));
    }
  })();
}, 60_000);

afterAll(async () => {
  await runtime?.close();
  await cleanup();
});

describe('a visitor log of 20,000 visits as a workbook', () => {
  it('is read back whole, every row in order and as stored', async () => {
    const path = join(dataDir, 'log.xlsx');
    const range = { from: iso(START), to: iso(START + 30 * 24 * HOUR), format: 'xlsx' as const, days: 'all' };
    expect(await writeVisitorLog(runtime, range, createWriteStream(path))).toBe(VISITS);

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path);
    const sheet = book.getWorksheet('Visitor log')!;
    expect(sheet.rowCount).toBe(VISITS + 1);
    expect(sheet.getRow(1).getCell(5).value).toBe('Arrived (tapped here)');
    for (let i = 1; i <= VISITS; i++) {
      const v = visit(i);
      const row = sheet.getRow(i + 1);
      expect(row.getCell(1).value, `row ${i + 1}`).toBe(
        neutraliseCell(personName({ firstName: v.first, lastName: v.last })),
      );
      expect(row.getCell(2).value, `row ${i + 1}`).toBe(neutraliseCell(v.company));
      expect((row.getCell(6).value as Date).getTime(), `row ${i + 1}`).toBe(wallClock(v.arrived, ZONE));
      const left = row.getCell(8).value as Date | null;
      expect(left && left.getTime(), `row ${i + 1}`).toBe(v.left === null ? null : wallClock(v.left, ZONE));
      expect(row.getCell(10).value, `row ${i + 1}`).toBe(i);
      expect(row.getCell(11).value, `row ${i + 1}`).toBe(ZONE);
    }
    expect([2, 3, 4, 5].map((n) => sheet.getRow(n).getCell(1).value)).toEqual([
      '王1超',
      '\'=HYPERLINK("http://example.test") Sly2',
      'Jörg Müller3',
      'Дмитрий Соловьёв4',
    ]);
    expect(sheet.getRow(4).getCell(2).value).toBe('Straße & Söhne <AG>');
    expect(sheet.getRow(6).getCell(8).value).toBeNull();
  }, 120_000);
});
