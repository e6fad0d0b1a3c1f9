/** Per-item results of outbox rows: from the service's answer, the file lines, and the row's state. */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { OutboxRow } from '../../../electron/core/db/repos/outbox.ts';
import { countByStatus, itemResults, resultsCsv } from '../../../electron/core/outbox/report.ts';

function row(overrides: Partial<OutboxRow>): OutboxRow {
  return {
    id: 5,
    kind: 'identities',
    target: 'identities',
    payload: '{}',
    label: 'identities from people.csv: items 1-3 of 3',
    batchId: 1,
    itemLines: null,
    state: 'pending',
    uncertain: 0,
    attempts: 0,
    nextAttemptAt: null,
    lastError: null,
    result: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    deliveredAt: null,
    ...overrides,
  };
}

const IDENTITIES = {
  permanentIdentities: [
    { sourceId: 'a', email: 'a@example.test' },
    { email: 'b@example.test' },
    { sourceId: 'c', email: 'c@example.test' },
  ],
};

describe('itemResults', () => {
  it('pairs each sent item with its answer and file line', () => {
    const results = itemResults(
      row({
        state: 'delivered',
        payload: JSON.stringify(IDENTITIES),
        itemLines: JSON.stringify([2, 4, 7]),
        result: JSON.stringify({
          permanentIdentities: [
            {
              status: 'SUCCESS',
              sourceId: 'a',
              email: 'a@example.test',
              unknownAccessProfiles: [
                { accessProfileGroupSourceId: 'lobby', sourceId: 'x' },
                { accessProfileGroupSourceId: 'roof', sourceId: 'y' },
              ],
            },
            {
              status: 'CONFLICT',
              sourceId: null,
              email: 'b@example.test',
              message: 'email taken',
              unknownAccessProfiles: [],
            },
            { status: 'SOMETHING_NEW', sourceId: 'c', email: 'c@example.test', unknownAccessProfiles: [] },
          ],
        }),
      }),
    );
    expect(results).toEqual([
      {
        outboxId: 5,
        line: 2,
        sourceId: 'a',
        email: 'a@example.test',
        status: 'SUCCESS',
        message: null,
        unknownAccessProfiles: 'lobby:x;roof:y',
      },
      {
        outboxId: 5,
        line: 4,
        sourceId: null,
        email: 'b@example.test',
        status: 'CONFLICT',
        message: 'email taken',
        unknownAccessProfiles: null,
      },
      // An unknown status is kept as it came.
      {
        outboxId: 5,
        line: 7,
        sourceId: 'c',
        email: 'c@example.test',
        status: 'SOMETHING_NEW',
        message: null,
        unknownAccessProfiles: null,
      },
    ]);
    expect(countByStatus(results)).toEqual({ SUCCESS: 1, CONFLICT: 1, SOMETHING_NEW: 1 });
  });

  it('shows the row state for items without an answer yet, and the reason of a failed row', () => {
    const pending = itemResults(row({ payload: JSON.stringify(IDENTITIES) }));
    expect(pending.map((r) => [r.status, r.line, r.sourceId, r.email])).toEqual([
      ['PENDING', null, 'a', 'a@example.test'],
      ['PENDING', null, null, 'b@example.test'],
      ['PENDING', null, 'c', 'c@example.test'],
    ]);
    const failed = itemResults(
      row({ state: 'failed', lastError: 'syncPermanentIdentities: 400', payload: JSON.stringify(IDENTITIES) }),
    );
    expect(failed.every((r) => r.status === 'FAILED' && r.message === 'syncPermanentIdentities: 400')).toBe(true);
  });

  it('reads events rows too; transitions and profile uploads have no items', () => {
    const events = itemResults(
      row({
        kind: 'events',
        target: 'events',
        state: 'delivered',
        payload: JSON.stringify({ events: [{ sourceId: 'e1' }, { sourceId: 'e2' }] }),
        itemLines: JSON.stringify([2, 5]),
        result: JSON.stringify({
          events: [
            { sourceId: 'e1', status: 'SUCCESS' },
            { sourceId: 'e2', status: 'INVALID', message: 'no name' },
          ],
        }),
      }),
    );
    expect(events.map((r) => [r.line, r.sourceId, r.status, r.message])).toEqual([
      [2, 'e1', 'SUCCESS', null],
      [5, 'e2', 'INVALID', 'no name'],
    ]);
    expect(itemResults(row({ kind: 'transition', payload: JSON.stringify({ checkInId: 1 }) }))).toEqual([]);
    expect(
      itemResults(row({ kind: 'profiles', payload: JSON.stringify({ groupSourceId: 'g', accessProfiles: [] }) })),
    ).toEqual([]);
  });
});

describe('resultsCsv', () => {
  it('writes a header and one line per item, quoting where needed', () => {
    const csv = resultsCsv([
      {
        outboxId: 3,
        line: 2,
        sourceId: 'a',
        email: 'a@example.test',
        status: 'SUCCESS',
        message: null,
        unknownAccessProfiles: 'lobby:x;roof:y',
      },
      {
        outboxId: 3,
        line: null,
        sourceId: null,
        email: 'b@example.test',
        status: 'CONFLICT',
        message: 'the email "b", is taken',
        unknownAccessProfiles: null,
      },
    ]);
    const lines = csv.trimEnd().split('\n');
    expect(lines[0]).toBe('line,sourceId,email,status,message,unknownAccessProfiles,outboxItem');
    expect(lines).toHaveLength(3);
    expect(parse(csv, { columns: true })).toEqual([
      {
        line: '2',
        sourceId: 'a',
        email: 'a@example.test',
        status: 'SUCCESS',
        message: '',
        unknownAccessProfiles: 'lobby:x;roof:y',
        outboxItem: '3',
      },
      {
        line: '',
        sourceId: '',
        email: 'b@example.test',
        status: 'CONFLICT',
        message: 'the email "b", is taken',
        unknownAccessProfiles: '',
        outboxItem: '3',
      },
    ]);
  });
});
