/** The roll call's CSV report: a row per person, read alone it still says which roll call; no cell runs as a formula. */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { rollCallCsv, rollCallFileName } from '../../../electron/core/usecases/roll-call-report.ts';
import type { RollCall, RollCallEntry } from '../../../shared/contract/evacuation.ts';

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
    expect(parse(csv, { columns: true })).toEqual([
      expect.objectContaining({
        status: 'accounted',
        lastName: 'Lovelace',
        checkedInAt: 'Lobby kiosk',
        markedBy: 'Marshal tablet',
        markedAt: '2025-03-14T14:40:00.000Z',
        arrivedDuringRollCall: 'no',
        rollCallStarted: '2025-03-14T14:32:10.000Z',
        rollCallEnded: '2025-03-14T14:55:00.000Z',
        location: 'Location 10',
      }),
      expect.objectContaining({ status: 'missing', lastName: 'Hopper', markedBy: '', arrivedDuringRollCall: 'yes' }),
    ]);
  });

  it('neutralises cells a spreadsheet would run as formulas', () => {
    const csv = rollCallCsv(rollCall([entry({ lastName: '=HYPERLINK("http://evil")', companyName: '+1 Corp' })]));
    const [row] = parse(csv, { columns: true }) as Record<string, string>[];
    expect(row).toMatchObject({ lastName: `'=HYPERLINK("http://evil")`, company: `'+1 Corp` });
  });

  it('is named after its start', () => {
    expect(rollCallFileName(rollCall([]))).toBe('roll-call-2025-03-14-1432.csv');
  });
});
