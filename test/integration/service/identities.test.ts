/**
 * PUT /permanent-identities: docs/interface.md "Permanent identities" and
 * "Per-item results".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../support/service.ts';
import { OTHER_TOKEN, TEST_TOKEN, UNMAPPED_TOKEN } from '../../support/world.ts';
import { count, expectRejected, type Item, type SyncResult, uid } from './helpers.ts';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
  const upload = await svc.call('PUT', '/access-control/access-profile-groups/berlin-doors/access-profiles', {
    body: {
      accessProfiles: [
        { sourceId: 'front', name: 'Front door' },
        { sourceId: 'lab', name: 'Lab' },
      ],
    },
  });
  expect(upload.status, upload.text).toBe(204);
});
afterAll(async () => {
  await svc?.close();
});

async function push(items: Item[], token = TEST_TOKEN): Promise<SyncResult[]> {
  const res = await svc.call('PUT', '/permanent-identities', { token, body: { permanentIdentities: items } });
  expect(res.status, res.text).toBe(200);
  expect(res.body.permanentIdentities, res.text).toHaveLength(items.length);
  return res.body.permanentIdentities;
}

async function pushOk(items: Item[], token = TEST_TOKEN): Promise<SyncResult[]> {
  const results = await push(items, token);
  expect(
    results.map((r) => r.status),
    JSON.stringify(results),
  ).toEqual(items.map(() => 'SUCCESS'));
  return results;
}

type Row = Record<string, unknown>;
const bySource = (sourceId: string, companyId = 1) =>
  svc.db
    .prepare('SELECT * FROM permanent_identities WHERE company_id = ? AND source_id = ?')
    .get(companyId, sourceId) as Row | undefined;
const byEmail = (email: string, companyId = 1) =>
  svc.db
    .prepare('SELECT * FROM permanent_identities WHERE company_id = ? AND lower(email) = lower(?)')
    .get(companyId, email) as Row | undefined;
const email = (name = 'pi') => `${uid(name)}@acme-guests.test`;

describe('matching and creating', () => {
  it('creates an identity with all its fields', async () => {
    const item = {
      sourceId: uid('pi'),
      email: email(),
      firstName: 'Perm',
      lastName: 'Anent',
      companyName: 'Staff Ltd',
      customFields: { badge: 7 },
      startsAt: '2026-01-01T00:00:00+01:00',
      endsAt: '2027-01-01T00:00:00Z',
    };
    const [result] = await pushOk([item]);
    expect(result).toMatchObject({ sourceId: item.sourceId, email: item.email, unknownAccessProfiles: [] });
    const row = bySource(item.sourceId)!;
    expect(row).toMatchObject({ email: item.email, first_name: 'Perm', last_name: 'Anent', company_name: 'Staff Ltd' });
    expect(Date.parse(row.starts_at as string)).toBe(Date.parse(item.startsAt));
    expect(row.deleted_at).toBeNull();
  });

  it('matches by sourceId and updates that identity', async () => {
    const sourceId = uid('pi');
    await pushOk([{ sourceId, email: email(), firstName: 'Before' }]);
    await pushOk([{ sourceId, firstName: 'After' }]);
    expect(count(svc, 'SELECT count(*) FROM permanent_identities WHERE source_id = ?', sourceId)).toBe(1);
    expect(bySource(sourceId)?.first_name).toBe('After');
  });

  it('falls back to the email, case-insensitively; the stored email stays and the sourceId is attached', async () => {
    const stored = `${uid('Mixed')}@Acme-Guests.TEST`;
    await pushOk([{ email: stored, firstName: 'NoSource' }]);
    const sourceId = uid('pi');
    await pushOk([{ sourceId, email: stored.toLowerCase(), firstName: 'Matched' }]);
    expect(count(svc, 'SELECT count(*) FROM permanent_identities WHERE lower(email) = lower(?)', stored)).toBe(1);
    const row = bySource(sourceId)!;
    expect(row).toMatchObject({ email: stored, first_name: 'Matched' });
  });

  it('an item with only an email updates the identity with that email, even if it has a sourceId', async () => {
    const sourceId = uid('pi');
    const mail = email();
    await pushOk([{ sourceId, email: mail, lastName: 'One' }]);
    await pushOk([{ email: mail.toUpperCase(), lastName: 'Two' }]);
    expect(bySource(sourceId)).toMatchObject({ email: mail, last_name: 'Two' });
  });

  it('matched by email with a different stored sourceId is CONFLICT and nothing applies', async () => {
    const mail = email();
    const sourceId = uid('pi');
    await pushOk([{ sourceId, email: mail, firstName: 'Original' }]);
    const [result] = await push([{ sourceId: uid('other'), email: mail, firstName: 'Intruder' }]);
    expectRejected(result, 'CONFLICT');
    expect(bySource(sourceId)).toMatchObject({ email: mail, first_name: 'Original' });
    expect(count(svc, 'SELECT count(*) FROM permanent_identities WHERE lower(email) = lower(?)', mail)).toBe(1);
  });

  it('matched by sourceId, an email change is applied', async () => {
    const sourceId = uid('pi');
    await pushOk([{ sourceId, email: email('old') }]);
    const next = email('new');
    await pushOk([{ sourceId, email: next }]);
    expect(bySource(sourceId)?.email).toBe(next);
  });

  it('matched by sourceId, an email that another identity has is CONFLICT and nothing applies', async () => {
    const taken = email('taken');
    await pushOk([{ sourceId: uid('pi'), email: taken }]);
    const sourceId = uid('pi');
    const own = email('own');
    await pushOk([{ sourceId, email: own, firstName: 'Mine' }]);
    const [result] = await push([{ sourceId, email: taken.toUpperCase(), firstName: 'Changed' }]);
    expectRejected(result, 'CONFLICT');
    expect(bySource(sourceId)).toMatchObject({ email: own, first_name: 'Mine' });
  });

  it.each([
    ['no fields at all', {}],
    ['only names', { firstName: 'No', lastName: 'Key' }],
    ['null sourceId and email', { sourceId: null, email: null, firstName: 'Null' }],
  ])('an item with neither sourceId nor email (%s) is INVALID', async (_, item) => {
    const before = count(svc, 'SELECT count(*) FROM permanent_identities');
    const [result] = await push([item]);
    expectRejected(result, 'INVALID');
    expect(count(svc, 'SELECT count(*) FROM permanent_identities')).toBe(before);
  });

  it('results come in request order and items are independent', async () => {
    const a = { sourceId: uid('pi'), email: email() };
    const c = { sourceId: uid('pi'), email: email() };
    const clash = { sourceId: uid('pi'), email: a.email }; // matches a by email, a has another sourceId
    const results = await push([a, { firstName: 'Keyless' }, c, clash]);
    expect(results.map((r) => r.status)).toEqual(['SUCCESS', 'INVALID', 'SUCCESS', 'CONFLICT']);
    expect(results[0]).toMatchObject({ sourceId: a.sourceId, email: a.email });
    expect(results[2]).toMatchObject({ sourceId: c.sourceId, email: c.email });
    expect(results[3]?.sourceId).toBe(clash.sourceId);
    expect(bySource(a.sourceId)).toBeDefined();
    expect(bySource(c.sourceId)).toBeDefined();
    expect(bySource(clash.sourceId)).toBeUndefined();
  });

  it('deletedAt marks the identity deleted', async () => {
    const sourceId = uid('pi');
    await pushOk([{ sourceId, email: email() }]);
    await pushOk([{ sourceId, deletedAt: '2026-06-01T12:00:00Z' }]);
    expect(bySource(sourceId)?.deleted_at).toBeTruthy();
  });
});

describe('patch semantics', () => {
  const full = () => ({
    sourceId: uid('pi'),
    email: email(),
    firstName: 'First',
    lastName: 'Last',
    companyName: 'Company',
    startsAt: '2026-01-01T00:00:00.000Z',
    endsAt: '2027-01-01T00:00:00.000Z',
  });
  const columns = ['email', 'first_name', 'last_name', 'company_name', 'starts_at', 'ends_at'];
  const pick = (row: Row | undefined) => Object.fromEntries(columns.map((c) => [c, row?.[c]]));

  it('absent fields are left unchanged', async () => {
    const item = full();
    await pushOk([item]);
    const before = pick(bySource(item.sourceId));
    await pushOk([{ sourceId: item.sourceId }]);
    expect(pick(bySource(item.sourceId))).toEqual(before);
  });

  it('null fields are left unchanged', async () => {
    const item = full();
    await pushOk([item]);
    const before = pick(bySource(item.sourceId));
    await pushOk([
      {
        sourceId: item.sourceId,
        email: null,
        firstName: null,
        lastName: null,
        companyName: null,
        startsAt: null,
        endsAt: null,
        customFields: null,
      },
    ]);
    expect(pick(bySource(item.sourceId))).toEqual(before);
  });

  it('an empty string clears a field and leaves the others', async () => {
    const item = full();
    await pushOk([item]);
    await pushOk([{ sourceId: item.sourceId, firstName: '', companyName: '', endsAt: '' }]);
    const row = bySource(item.sourceId)!;
    for (const cleared of ['first_name', 'company_name', 'ends_at']) expect([null, '']).toContain(row[cleared]);
    expect(row).toMatchObject({ email: item.email, last_name: 'Last' });
    expect(row.starts_at).toBeTruthy();
  });
});

describe('access profile references', () => {
  it('unknownAccessProfiles lists every unresolved reference; the status is still SUCCESS', async () => {
    const refs = [
      { accessProfileGroupSourceId: 'berlin-doors', sourceId: 'front' },
      { accessProfileGroupSourceId: 'berlin-doors', sourceId: 'no-such-profile' },
      { accessProfileGroupSourceId: 'unmapped-doors', sourceId: 'front' },
      { accessProfileGroupSourceId: 'globex-doors', sourceId: 'front' },
      { accessProfileGroupSourceId: 'no-such-group', sourceId: 'front' },
      { accessProfileGroupSourceId: 'berlin-doors', sourceId: 'lab' },
    ];
    const sourceId = uid('pi');
    const [result] = await push([{ sourceId, accessProfiles: refs }]);
    expect(result?.status).toBe('SUCCESS');
    expect(result?.unknownAccessProfiles).toHaveLength(4);
    expect(result?.unknownAccessProfiles).toEqual(expect.arrayContaining([refs[1], refs[2], refs[3], refs[4]]));
    const stored = svc.db
      .prepare(
        `SELECT g.source_id AS groupSourceId, p.profile_source_id AS sourceId FROM permanent_identity_access_profiles p
         JOIN access_profile_groups g ON g.id = p.group_id JOIN permanent_identities i ON i.id = p.identity_id
         WHERE i.source_id = ? ORDER BY 2`,
      )
      .all(sourceId);
    expect(stored).toEqual([
      { groupSourceId: 'berlin-doors', sourceId: 'front' },
      { groupSourceId: 'berlin-doors', sourceId: 'lab' },
    ]);
  });

  it('references that all resolve give an empty unknownAccessProfiles', async () => {
    const [result] = await pushOk([
      { sourceId: uid('pi'), accessProfiles: [{ accessProfileGroupSourceId: 'berlin-doors', sourceId: 'lab' }] },
    ]);
    expect(result?.unknownAccessProfiles).toEqual([]);
  });

  it('a token without mappings resolves no reference, even to its own company’s groups', async () => {
    const ref = { accessProfileGroupSourceId: 'berlin-doors', sourceId: 'front' };
    const [result] = await push([{ sourceId: uid('pi'), accessProfiles: [ref] }], UNMAPPED_TOKEN);
    expect(result?.status).toBe('SUCCESS');
    expect(result?.unknownAccessProfiles).toEqual([ref]);
  });

  it('another company’s references resolve among its own mapped groups only', async () => {
    const [result] = await push(
      [{ sourceId: uid('pi'), accessProfiles: [{ accessProfileGroupSourceId: 'berlin-doors', sourceId: 'front' }] }],
      OTHER_TOKEN,
    );
    expect(result?.status).toBe('SUCCESS');
    expect(result?.unknownAccessProfiles).toEqual([{ accessProfileGroupSourceId: 'berlin-doors', sourceId: 'front' }]);
  });
});

describe('tenancy', () => {
  it('the same sourceId in two companies is two identities', async () => {
    const sourceId = uid('pi');
    await pushOk([{ sourceId, firstName: 'Acme' }]);
    await pushOk([{ sourceId, firstName: 'Globex' }], OTHER_TOKEN);
    expect(bySource(sourceId, 1)?.first_name).toBe('Acme');
    expect(bySource(sourceId, 2)?.first_name).toBe('Globex');
  });

  it('an email match does not reach into another company', async () => {
    const mail = email();
    const sourceId = uid('pi');
    await pushOk([{ sourceId, email: mail, firstName: 'Acme' }]);
    await pushOk([{ sourceId: uid('pi'), email: mail, firstName: 'Globex' }], OTHER_TOKEN);
    expect(bySource(sourceId, 1)).toMatchObject({ email: mail, first_name: 'Acme' });
    expect(byEmail(mail, 2)?.first_name).toBe('Globex');
  });

  it('an email taken in another company does not conflict with an email change', async () => {
    const mail = email();
    await pushOk([{ sourceId: uid('pi'), email: mail }], OTHER_TOKEN);
    const sourceId = uid('pi');
    await pushOk([{ sourceId, email: email() }]);
    await pushOk([{ sourceId, email: mail }]);
    expect(bySource(sourceId)?.email).toBe(mail);
  });
});
