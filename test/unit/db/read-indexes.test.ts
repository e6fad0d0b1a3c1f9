/**
 * The big reads (issue 31) run on the indexes of migration 0015, as the
 * repositories prepare their statements (EXPLAIN QUERY PLAN): the visitor
 * log's pages on the arrivals, the arrivals feed on its location's arrivals,
 * the audit view's filters on theirs, the evacuation list on the on-site state;
 * a check-in's facts (migration 0021) on theirs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openMirror } from '../../../electron/core/db/mirror.ts';
import { createArrivalsRepo } from '../../../electron/core/db/repos/arrivals.ts';
import { createAuditLogRepo } from '../../../electron/core/db/repos/audit-log.ts';
import { createGuestsRepo } from '../../../electron/core/db/repos/guests.ts';
import { createVisitsRepo } from '../../../electron/core/db/repos/visits.ts';

const dir = mkdtempSync(join(tmpdir(), 'foyer-read-indexes-'));
const mirror = openMirror(join(dir, 'mirror.db'));
afterAll(() => {
  mirror.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The statements a repository prepares, as it prepares them. */
function statementsOf(create: (db: Database.Database) => unknown): string[] {
  const sources: string[] = [];
  const spy = new Proxy(mirror.db, {
    get(target, property) {
      if (property === 'prepare')
        return (source: string) => {
          sources.push(source);
          return target.prepare(source);
        };
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  create(spy);
  return sources;
}

const plan = (source: string, params: Record<string, unknown>) =>
  (mirror.db.prepare(`EXPLAIN QUERY PLAN ${source}`).all(params) as { detail: string }[]).map((r) => r.detail);

describe('the indexes of the big reads', () => {
  it('the visitor log finds a page on the arrivals, in their order', () => {
    const page = statementsOf(createVisitsRepo).find((s) => s.includes('@afterAt'))!;
    const steps = plan(page, { from: '', to: 'z', afterAt: '', afterId: 0, limit: 500 });
    // The check-ins merged in order from the index (LIMIT ends it); only the few queued transitions are sorted.
    expect(steps.join('\n')).toMatch(/MERGE \(UNION ALL\)[^]*SEARCH k USING COVERING INDEX check_ins_arrived/);
    expect(steps.join('\n')).not.toMatch(/SCAN k\b/);
  });

  it('the arrivals feed reads its location from the day on', () => {
    const recent = statementsOf(createArrivalsRepo)[0]!;
    const steps = plan(recent, { locationId: 10, since: '2026-01-01', floor: '2025-12-31', limit: 10 }).join('\n');
    expect(steps).toMatch(
      /check_ins USING COVERING INDEX check_ins_location_arrived \(location_id=\? AND arrived_at>\?\)/,
    );
  });

  it("a check-in's facts (the tap time, the device, the door) on their index, in the feed and the visitor log", () => {
    const facts = /SEARCH f USING (COVERING )?INDEX check_in_facts_of \(check_in_id=\? AND action=\? AND failed=\?\)/;
    const recent = statementsOf(createArrivalsRepo)[0]!;
    const feed = plan(recent, { locationId: 10, since: '2026-01-01', floor: '2025-12-31', limit: 10 }).join('\n');
    expect(feed).toMatch(facts);
    expect(feed).not.toMatch(/SCAN f\b/);
    const details = statementsOf(createVisitsRepo).find((s) => s.includes('@page'))!;
    const log = plan(details, { page: '[]' }).join('\n');
    expect(log).toMatch(facts);
    expect(log).not.toMatch(/SCAN f\b/);
  });

  it('each audit filter on its own index', () => {
    const repo = createAuditLogRepo(mirror.db);
    const cases = [
      ['action', /USING INDEX audit_log_action \(action=\?\)/],
      ['device', /USING INDEX audit_log_device \(device=\?\)/],
      ['role', /USING INDEX audit_log_role \(role=\?\)/],
    ] as const;
    for (const [name, index] of cases) {
      const sources = statementsOf((db) => createAuditLogRepo(db).list({ [name]: 'x', limit: 1 }));
      const select = sources.find((s) => s.includes(`${name} = @${name}`))!;
      expect(plan(select, { [name]: 'x', limit: 1 }).join('\n'), name).toMatch(index);
    }
    expect(repo.list({ action: 'x', limit: 1 })).toEqual([]);
  });

  it('the evacuation list reads the check-ins in an on-site state, not the whole history', () => {
    const onSite = statementsOf((db) => createGuestsRepo(db)).find((s) => s.includes('WITH candidates'))!;
    const steps = plan(onSite, { locationId: 10, initialState: 'INVITED', onsite: '["CHECKED_IN"]' }).join('\n');
    expect(steps).toMatch(/check_ins USING COVERING INDEX check_ins_location_state \(location_id=\? AND state=\?\)/);
  });
});
