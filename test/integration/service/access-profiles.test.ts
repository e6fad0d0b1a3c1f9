/**
 * Access profile groups and profiles: docs/interface.md "Access profile
 * groups and profiles". The world has 103 extra
 * groups mapped to TEST_TOKEN (declared in scrambled order), so that the
 * default limit and the order by sourceId can be seen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessProfileGroupsPage, LIMITS } from '../../../shared/api/index.ts';
import { startTestService, type TestService } from '../../support/service.ts';
import { TEST_TOKEN } from '../../support/world.ts';
import { expectNothingStored, extendWorld, ISO_MS, scrambled } from './helpers.ts';

const EXTRA_GROUPS = 103;
const extraId = (n: number) => `g-${String(n).padStart(3, '0')}`;

let svc: TestService;
beforeAll(async () => {
  const world = extendWorld((w) => {
    const acme = w.companies[0]!;
    for (const n of scrambled(EXTRA_GROUPS)) {
      acme.accessProfileGroups!.push({ sourceId: extraId(n), name: `Group ${n}`, locationId: 11 });
      acme.integrations.find((i) => i.token === TEST_TOKEN)!.accessProfileGroups!.push(extraId(n));
    }
  });
  svc = await startTestService({ world });
});
afterAll(async () => {
  await svc?.close();
});

const MAPPED = ['berlin-doors', ...Array.from({ length: EXTRA_GROUPS }, (_, n) => extraId(n)), 'hamburg-doors'];

function upload(group: string, accessProfiles: unknown[]) {
  return svc.call('PUT', `/access-control/access-profile-groups/${group}/access-profiles`, {
    body: { accessProfiles },
  });
}

async function uploadOk(group: string, accessProfiles: unknown[]) {
  const res = await upload(group, accessProfiles);
  expect(res.status, res.text).toBe(204);
  expect(res.text).toBe('');
}

function stored(group: string) {
  return svc.db
    .prepare(
      `SELECT p.source_id AS sourceId, p.name, p.description FROM access_profiles p
       JOIN access_profile_groups g ON g.id = p.group_id WHERE g.company_id = 1 AND g.source_id = ? ORDER BY p.source_id`,
    )
    .all(group);
}

async function listGroups(query: Record<string, number> = {}) {
  const res = await svc.call('GET', '/access-control/access-profile-groups', { query });
  expect(res.status, res.text).toBe(200);
  expect(AccessProfileGroupsPage.safeParse(res.body).success, res.text.slice(0, 500)).toBe(true);
  return res.body as {
    groups: {
      sourceId: string;
      name: string;
      location: { id: number; name: string };
      createdAt: string;
      updatedAt: string;
    }[];
    pageInfo: { totalCount: number };
  };
}

describe('uploading access profiles', () => {
  it('answers 204 with an empty body and stores the profiles', async () => {
    await uploadOk('g-000', [
      { sourceId: 'front', name: 'Front door', description: 'Main entrance' },
      { sourceId: 'lab', name: 'Lab' },
    ]);
    expect(stored('g-000')).toEqual([
      { sourceId: 'front', name: 'Front door', description: 'Main entrance' },
      { sourceId: 'lab', name: 'Lab', description: null },
    ]);
  });

  it('replaces the whole set: missing profiles are removed, listed ones updated or added', async () => {
    await uploadOk('g-001', [
      { sourceId: 'a', name: 'A' },
      { sourceId: 'b', name: 'B', description: 'old' },
      { sourceId: 'c', name: 'C' },
    ]);
    await uploadOk('g-001', [
      { sourceId: 'b', name: 'B2', description: 'new' },
      { sourceId: 'd', name: 'D' },
    ]);
    expect(stored('g-001')).toEqual([
      { sourceId: 'b', name: 'B2', description: 'new' },
      { sourceId: 'd', name: 'D', description: null },
    ]);
  });

  it('an empty list clears the group', async () => {
    await uploadOk('g-002', [{ sourceId: 'a', name: 'A' }]);
    await uploadOk('g-002', []);
    expect(stored('g-002')).toEqual([]);
  });

  it('an upload leaves the other groups’ profiles alone', async () => {
    await uploadOk('berlin-doors', [{ sourceId: 'berlin-1', name: 'Berlin 1' }]);
    await uploadOk('hamburg-doors', [{ sourceId: 'hamburg-1', name: 'Hamburg 1' }]);
    await uploadOk('hamburg-doors', [{ sourceId: 'hamburg-2', name: 'Hamburg 2' }]);
    expect(stored('berlin-doors')).toEqual([{ sourceId: 'berlin-1', name: 'Berlin 1', description: null }]);
    expect(stored('hamburg-doors')).toEqual([{ sourceId: 'hamburg-2', name: 'Hamburg 2', description: null }]);
  });

  it('the same profile sourceId may exist in two groups', async () => {
    await uploadOk('g-003', [{ sourceId: 'shared', name: 'In 3' }]);
    await uploadOk('g-004', [{ sourceId: 'shared', name: 'In 4' }]);
    expect(stored('g-003')).toEqual([{ sourceId: 'shared', name: 'In 3', description: null }]);
    expect(stored('g-004')).toEqual([{ sourceId: 'shared', name: 'In 4', description: null }]);
  });

  it('uploading the same set again is 204 and changes nothing', async () => {
    const set = [{ sourceId: 'x', name: 'X', description: 'same' }];
    await uploadOk('g-005', set);
    const res = await expectNothingStored(svc, () => upload('g-005', set));
    expect(res.status, res.text).toBe(204);
  });

  it('duplicate sourceIds are a 400 and the stored set stays', async () => {
    await uploadOk('g-006', [{ sourceId: 'keep', name: 'Keep' }]);
    const res = await expectNothingStored(svc, () =>
      upload('g-006', [
        { sourceId: 'x', name: 'X' },
        { sourceId: 'x', name: 'X again' },
      ]),
    );
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(stored('g-006')).toEqual([{ sourceId: 'keep', name: 'Keep', description: null }]);
  });
});

describe('listing access profile groups', () => {
  it('lists only the mapped groups, ordered by sourceId, with their location', async () => {
    const body = await listGroups({ limit: LIMITS.accessProfileGroups.maxLimit });
    expect(body.pageInfo.totalCount).toBe(MAPPED.length);
    expect(body.groups.map((g) => g.sourceId)).toEqual(MAPPED);
    expect(body.groups[0]).toMatchObject({
      sourceId: 'berlin-doors',
      name: 'Berlin doors',
      location: { id: 10, name: 'Berlin HQ' },
    });
    expect(body.groups.at(-1)).toMatchObject({
      sourceId: 'hamburg-doors',
      name: 'Hamburg doors',
      location: { id: 11, name: 'Hamburg' },
    });
    expect(body.groups.map((g) => g.sourceId)).not.toContain('unmapped-doors');
    expect(body.groups.map((g) => g.sourceId)).not.toContain('globex-doors');
    for (const g of body.groups) {
      expect(g.createdAt).toMatch(ISO_MS);
      expect(g.updatedAt).toMatch(ISO_MS);
    }
  });

  it(`has a default limit of ${LIMITS.accessProfileGroups.defaultLimit}`, async () => {
    const body = await listGroups();
    expect(body.groups).toHaveLength(LIMITS.accessProfileGroups.defaultLimit);
    expect(body.pageInfo.totalCount).toBe(MAPPED.length);
    expect(body.groups.map((g) => g.sourceId)).toEqual(MAPPED.slice(0, LIMITS.accessProfileGroups.defaultLimit));
  });

  it('pages with limit and offset', async () => {
    const page = await listGroups({ limit: 3, offset: 100 });
    expect(page.groups.map((g) => g.sourceId)).toEqual(MAPPED.slice(100, 103));
    expect(page.pageInfo.totalCount).toBe(MAPPED.length);
    const last = await listGroups({ limit: 10, offset: MAPPED.length - 1 });
    expect(last.groups.map((g) => g.sourceId)).toEqual(['hamburg-doors']);
    const beyond = await listGroups({ offset: MAPPED.length });
    expect(beyond.groups).toEqual([]);
  });
});
