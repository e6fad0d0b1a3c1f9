/**
 * The roll call's CSV report: a row per person, read alone it still says
 * which roll call; no cell runs as a formula; made for a spreadsheet (plain
 * headers, the site's wall clock with its zone named, a byte-order mark).
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { rollCallCsv, rollCallFileName } from '../../../electron/core/roll-call/report.ts';
import type { RollCall, RollCallEntry } from '../../../shared/contract/evacuation.ts';

const ZONE = 'Europe/Berlin';

const entry = (overrides: Partial<RollCallEntry>): RollCallEntry => ({
  invitationId: 1,
  firstName: 'Ada',
  lastName: 'Lovelace',
  companyName: 'Analytical Engines',
  hostName: 'Charles Babbage',
  arrivedAt: '2025-03-14T08:02:00.000Z',
  checkedInAt: 'Lobby kiosk',
  arrivedDuring: false,
  accounted: true,
  markedAt: '2025-03-14T14:40:00.000Z',
  markedBy: 'Marshal tablet',
  ...overrides,
});

const rollCall = (entries: RollCallEntry[]): RollCall => ({
  id: 3,
  version: 9,
  startedAt: '2025-03-14T14:32:10.000Z',
  startedBy: 'Reception 1',
  endedAt: '2025-03-14T14:55:00.000Z',
  endedBy: 'Reception 1',
  location: { id: 10, name: null },
  assemblyPoint: 'Car park B',
  counts: { total: entries.length, accounted: 0, missing: 0, arrivedDuring: 0 },
  entries,
});

describe('the roll call report', () => {
  it('says of each person accounted or missing, where they checked in, who marked them and when', () => {
    const csv = rollCallCsv(
      ZONE,
      rollCall([
        entry({}),
        entry({
          invitationId: 2,
          lastName: 'Hopper',
          accounted: false,
          markedAt: null,
          markedBy: null,
          arrivedDuring: true,
        }),
      ]),
    );
    expect(csv.startsWith('\uFEFFStatus,Last name,First name,Company,Host,Checked in at,Arrived,')).toBe(true);
    expect(parse(csv, { columns: true, bom: true })).toEqual([
      expect.objectContaining({
        Status: 'accounted',
        'Last name': 'Lovelace',
        'Checked in at': 'Lobby kiosk',
        // 08:02 UTC is 09:02 in Berlin in March (CET).
        Arrived: '2025-03-14 09:02:00',
        'Marked by': 'Marshal tablet',
        Marked: '2025-03-14 15:40:00',
        'Arrived during the roll call': 'no',
        'Roll call started': '2025-03-14 15:32:10',
        'Roll call ended': '2025-03-14 15:55:00',
        Location: 'Location 10',
        'Time zone': ZONE,
      }),
      expect.objectContaining({
        Status: 'missing',
        'Last name': 'Hopper',
        'Marked by': '',
        Marked: '',
        'Arrived during the roll call': 'yes',
      }),
    ]);
  });

  it('neutralises cells a spreadsheet would run as formulas', () => {
    const csv = rollCallCsv(ZONE, rollCall([entry({ lastName: '=HYPERLINK("http://evil")', companyName: '+1 Corp' })]));
    const [row] = parse(csv, { columns: true, bom: true }) as Record<string, string>[];
    expect(row).toMatchObject({ 'Last name': `'=HYPERLINK("http://evil")`, Company: `'+1 Corp` });
  });

  it("is named after its start on the site's clock", () => {
    expect(rollCallFileName(ZONE, rollCall([]))).toBe('roll-call-2025-03-14-1532.csv');
  });
});
