/**
 * `foyer push identities` and `foyer push profiles` against the reference
 * service: exit 0 when delivered or queued (also with the service down),
 * 1 for files with errors (nothing queued unless --allow-partial), 2 for
 * wrong usage; confirmation of profile uploads; `outbox --json` and
 * `outbox export`. The other outbox commands: cli-commands.test.ts.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers.ts';
import { dataDir, downUrl, foyer, outboxRows, SAMPLES, setUpCliService, svc } from './cli-fixture.ts';

setUpCliService();

describe('push identities', () => {
  it('exit 0: queued and delivered, per-item results, unknown access profiles pointed out', async () => {
    const dir = await dataDir(svc.baseUrl, false);
    const run = await foyer('push', 'identities', `${SAMPLES}identities.csv`, '--data-dir', dir);
    expect(run.code, run.out + run.err).toBe(0);
    expect(run.out).toContain('identities.csv: 6 row(s) read, 6 valid identities, 0 row(s) with errors');
    expect(run.out).toMatch(/queued as batch \d+/);
    expect(run.out).toContain('results: 6 SUCCESS');
    expect(run.out).toMatch(
      /5 item\(s\) name access profiles the service does not know \(see "foyer outbox export \d+"\)/,
    );
    const stored = svc.db
      .prepare("SELECT first_name FROM permanent_identities WHERE source_id = 'ext-0101'")
      .pluck()
      .get();
    expect(stored).toBe('伟');

    // outbox --json: the row, its payload, and its per-item results.
    const json = await foyer('outbox', '--json', '--data-dir', dir);
    expect(json.code).toBe(0);
    const listed = JSON.parse(json.out) as { items: Record<string, unknown>[]; conflicts: unknown[] };
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toMatchObject({
      kind: 'identities',
      state: 'delivered',
      results: { SUCCESS: 6 },
      label: 'identities from identities.csv: items 1-6 of 6',
    });
    expect((listed.items[0]!.payload as { permanentIdentities: unknown[] }).permanentIdentities).toHaveLength(6);
    expect((listed.items[0]!.result as { permanentIdentities: unknown[] }).permanentIdentities).toHaveLength(6);
    expect(listed.conflicts).toEqual([]);

    // outbox export: a header, then one line per item with its line in the file.
    const id = listed.items[0]!.id as number;
    const exported = await foyer('outbox', 'export', String(id), '--data-dir', dir);
    expect(exported.code).toBe(0);
    const lines = exported.out.trimEnd().split('\n');
    expect(lines[0]).toBe('line,sourceId,email,status,message,unknownAccessProfiles,outboxItem');
    expect(lines).toHaveLength(7);
    const records = parse(exported.out, { columns: true }) as Record<string, string>[];
    expect(records.map((r) => [r.line, r.sourceId, r.status])).toEqual([
      ['2', 'emp-0001', 'SUCCESS'],
      ['3', 'emp-0002', 'SUCCESS'],
      ['4', 'emp-0003', 'SUCCESS'],
      ['5', 'ext-0101', 'SUCCESS'],
      ['6', 'ext-0102', 'SUCCESS'],
      ['7', 'emp-0004', 'SUCCESS'],
    ]);
    expect(records[0]!.unknownAccessProfiles).toBe('berlin-lobby:ber-main-entrance;berlin-floors:ber-floor-3');
    expect(records.every((r) => r.outboxItem === String(id))).toBe(true);

    const file = join(dir, 'results.csv');
    expect((await foyer('outbox', 'export', String(id), '--out', file, '--data-dir', dir)).out).toContain(
      `wrote ${file}`,
    );
  });

  it('exit 1 for a file with errors: nothing queued; --allow-partial queues only the valid rows', async () => {
    const dir = await dataDir(svc.baseUrl, false);
    const file = `${SAMPLES}identities-with-errors.csv`;
    const refused = await foyer('push', 'identities', file, '--data-dir', dir);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('5 row(s) read, 1 valid identities, 4 row(s) with errors');
    expect(refused.out).toContain('identities-with-errors.csv, line 3, column startsAt: "01.02.2026"');
    expect(refused.out).toContain('Nothing was queued');
    expect(outboxRows(dir)).toEqual([]);

    const dry = await foyer('push', 'identities', file, '--dry-run', '--data-dir', dir);
    expect(dry.code).toBe(1);
    expect(outboxRows(dir)).toEqual([]);

    const partial = await foyer('push', 'identities', file, '--allow-partial', '--data-dir', dir);
    expect(partial.code, partial.out + partial.err).toBe(0);
    expect(partial.out).toContain('results: 1 SUCCESS');
    const rows = outboxRows(dir);
    expect(rows).toHaveLength(1);
    const sent = JSON.parse(rows[0]!.payload).permanentIdentities as { sourceId: string }[];
    expect(sent.map((i) => i.sourceId)).toEqual(['err-0001']);
    expect(JSON.parse(rows[0]!.itemLines!)).toEqual([2]);
    expect(svc.db.prepare("SELECT count(*) FROM permanent_identities WHERE source_id LIKE 'err-%'").pluck().get()).toBe(
      1,
    );
  });

  it('exit 0 for a dry run of a valid file, nothing queued', async () => {
    const dir = await dataDir(svc.baseUrl, false);
    const dry = await foyer('push', 'identities', `${SAMPLES}identities.json`, '--dry-run', '--data-dir', dir);
    expect(dry.code).toBe(0);
    expect(dry.out).toContain('Dry run: nothing was queued.');
    expect(outboxRows(dir)).toEqual([]);
  });

  it('exit 0 with the service down: queued, waiting', async () => {
    const dir = await dataDir(downUrl, false);
    const run = await foyer('push', 'identities', `${SAMPLES}identities-semicolon.csv`, '--data-dir', dir);
    expect(run.code, run.out + run.err).toBe(0);
    expect(run.out).toContain('1 item(s) waiting in the outbox');
    expect(run.out).toContain('results: 2 PENDING');
    expect(outboxRows(dir).map((r) => r.state)).toEqual(['pending']);
  });

  it('exit 1 for a file that cannot be read as identities, naming the problem', async () => {
    const dir = await dataDir(svc.baseUrl, false);
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, 'sourceId,shoeSize\na,42\n');
    const unknown = await foyer('push', 'identities', bad, '--data-dir', dir);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('bad.csv, line 1, column shoeSize');
    const missing = await foyer('push', 'identities', join(dir, 'nope.csv'), '--data-dir', dir);
    expect(missing.code).toBe(1);
    expect(outboxRows(dir)).toEqual([]);
  });

  it('exit 2 for wrong usage', async () => {
    const dir = tempDir('foyer-cli-usage-');
    for (const argv of [
      ['push'],
      ['push', 'identities'],
      ['push', 'people', 'x.csv'],
      ['push', 'profiles', 'berlin-doors'],
      ['push', 'profiles', 'berlin-doors', 'x.csv', '--allow-partial'],
      ['push', 'identities', 'a.csv', 'b.csv'],
      ['push', 'identities', 'a.csv', '--bogus'],
      ['outbox', 'retry'],
      ['outbox', 'retry', 'abc'],
      ['outbox', 'export', '0'],
      ['outbox', 'frobnicate', '1'],
    ]) {
      const run = await foyer(...argv, '--data-dir', dir);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.err).toContain('Usage: foyer');
    }
  });
});

describe('push profiles', () => {
  const profiles = (dir: string, name: string, rows: string[]) => {
    const path = join(dir, name);
    writeFileSync(path, ['sourceId,name,description', ...rows].join('\n'));
    return path;
  };
  const stored = () =>
    svc.db
      .prepare(
        `SELECT p.source_id FROM access_profiles p JOIN access_profile_groups g ON g.id = p.group_id
         WHERE g.source_id = 'hamburg-doors' ORDER BY p.source_id`,
      )
      .pluck()
      .all();

  it('needs --yes for a first upload and for removals; exit 1 and nothing queued without it', async () => {
    const dir = await dataDir(svc.baseUrl, false);
    const first = profiles(dir, 'first.csv', ['main,Main entrance,', 'lift,Lifts,', 'roof,Roof,']);

    const unconfirmed = await foyer('push', 'profiles', 'hamburg-doors', first, '--data-dir', dir);
    expect(unconfirmed.code).toBe(1);
    expect(unconfirmed.out).toContain('First upload to "hamburg-doors"');
    expect(unconfirmed.out).toContain('Run again with --yes');
    expect(outboxRows(dir)).toEqual([]);

    const dry = await foyer('push', 'profiles', 'hamburg-doors', first, '--dry-run', '--data-dir', dir);
    expect(dry.code).toBe(0);
    expect(dry.out).toContain('3 added, 0 removed');
    expect(outboxRows(dir)).toEqual([]);

    const confirmed = await foyer('push', 'profiles', 'hamburg-doors', first, '--yes', '--data-dir', dir);
    expect(confirmed.code, confirmed.out + confirmed.err).toBe(0);
    expect(confirmed.out).toContain('upload delivered');
    expect(stored()).toEqual(['lift', 'main', 'roof']);

    // Adding and renaming only: no confirmation needed.
    const grown = profiles(dir, 'grown.csv', ['main,Main door,', 'lift,Lifts,', 'roof,Roof,', 'bike,Bikes,']);
    const added = await foyer('push', 'profiles', 'hamburg-doors', grown, '--data-dir', dir);
    expect(added.code, added.out).toBe(0);
    expect(added.out).toContain('  + bike  Bikes');
    expect(added.out).toContain('  ~ main  "Main entrance" -> "Main door"');
    expect(stored()).toEqual(['bike', 'lift', 'main', 'roof']);

    // A removal: refused without --yes, nothing queued.
    const shrunk = profiles(dir, 'shrunk.csv', ['main,Main door,', 'lift,Lifts,']);
    const before = outboxRows(dir).length;
    const refused = await foyer('push', 'profiles', 'hamburg-doors', shrunk, '--data-dir', dir);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('  - roof  Roof  (removed: people lose this access)');
    expect(refused.out).toContain('  - bike  Bikes  (removed: people lose this access)');
    expect(outboxRows(dir)).toHaveLength(before);
    expect(stored()).toEqual(['bike', 'lift', 'main', 'roof']);

    const removed = await foyer('push', 'profiles', 'hamburg-doors', shrunk, '--yes', '--data-dir', dir);
    expect(removed.code).toBe(0);
    expect(outboxRows(dir)).toHaveLength(before + 1);
    expect(stored()).toEqual(['lift', 'main']);
  });

  it('with --yes and the service down: queued (exit 0), and the next diff is against the queued set', async () => {
    const dir = await dataDir(downUrl, false);
    const set = profiles(dir, 'set.csv', ['a,A,', 'b,B,']);
    const queued = await foyer('push', 'profiles', 'berlin-doors', set, '--yes', '--data-dir', dir);
    expect(queued.code, queued.out + queued.err).toBe(0);
    expect(queued.out).toContain('upload pending');
    const same = await foyer('push', 'profiles', 'berlin-doors', set, '--dry-run', '--data-dir', dir);
    expect(same.out).toContain('0 added, 0 removed, 0 renamed, 0 changed, 2 unchanged');
    expect(same.out).not.toContain('First upload');
  });

  it('a profiles file with errors: exit 1, nothing queued', async () => {
    const dir = await dataDir(svc.baseUrl, false);
    const bad = profiles(dir, 'dups.csv', ['a,A,', 'a,Again,']);
    const run = await foyer('push', 'profiles', 'berlin-doors', bad, '--yes', '--data-dir', dir);
    expect(run.code).toBe(1);
    expect(run.out).toContain('"a" is already used on line 2');
    expect(outboxRows(dir)).toEqual([]);
  });
});
