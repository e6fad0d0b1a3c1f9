/**
 * GET /companies/{companyId}/employees: docs/interface.md "Employees" and
 * "Paging". Besides employees 100-103 the world gives Acme 56
 * more (ids 110-165) whose emails are in scrambled order, so that paging and
 * the email sort can be seen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmployeesPage, LIMITS } from '../../../shared/api/index.ts';
import { startTestService, type TestService } from '../../support/service.ts';
import { OTHER_TOKEN } from '../../support/world.ts';
import { expectError, extendWorld, ISO_MS, scrambled } from './helpers.ts';

const EXTRA = 56;
const extra = scrambled(EXTRA).map((n, i) => ({
  id: 110 + i,
  email: `p${String(n).padStart(3, '0')}@acme.test`,
  firstName: 'Test',
  lastName: `Person${i}`,
}));

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ world: extendWorld((w) => w.companies[0]!.employees.push(...extra)) });
});
afterAll(async () => {
  await svc?.close();
});

interface Employee {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: string;
  updatedAt: string;
}

async function employees(query: Record<string, string | number | boolean> = {}, companyId = 1, token?: string) {
  const res = await svc.call('GET', `/companies/${companyId}/employees`, { query, ...(token ? { token } : {}) });
  expect(res.status, res.text).toBe(200);
  expect(EmployeesPage.safeParse(res.body).success, res.text.slice(0, 500)).toBe(true);
  return res.body as { employees: Employee[]; pageInfo: { totalCount: number } };
}

const ids = (list: Employee[]) => list.map((e) => e.id);
const ALL_IDS = [100, 101, 102, 103, ...extra.map((e) => e.id)];
const BY_EMAIL = [100, 101, 102, ...[...extra].sort((a, b) => a.email.localeCompare(b.email)).map((e) => e.id), 103];

describe('listing', () => {
  it('lists the company’s employees by id ascending, with their fields', async () => {
    const body = await employees({ limit: 50 });
    expect(ids(body.employees)).toEqual(ALL_IDS.slice(0, 50));
    expect(body.pageInfo.totalCount).toBe(ALL_IDS.length);
    expect(body.employees[0]).toMatchObject({
      id: 100,
      email: 'ada@acme.test',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(body.employees[3]).toMatchObject({ id: 103, email: 'zoe@acme.test', firstName: 'Zoë', lastName: 'Ørsted' });
    for (const e of body.employees) {
      expect(e.createdAt).toMatch(ISO_MS);
      expect(e.updatedAt).toMatch(ISO_MS);
    }
  });

  it(`pages with a default limit of ${LIMITS.employees.defaultLimit} and a maximum of ${LIMITS.employees.maxLimit}`, async () => {
    const byDefault = await employees();
    expect(ids(byDefault.employees)).toEqual(ALL_IDS.slice(0, 20));
    expect(byDefault.pageInfo.totalCount).toBe(60);
    const first = await employees({ limit: 50 });
    const second = await employees({ limit: 50, offset: 50 });
    expect(first.employees).toHaveLength(50);
    expect(ids([...first.employees, ...second.employees])).toEqual(ALL_IDS);
    expect(second.pageInfo.totalCount).toBe(60);
    const beyond = await employees({ offset: 60 });
    expect(beyond).toMatchObject({ employees: [], pageInfo: { totalCount: 60 } });
  });

  it('lists only the token’s own company', async () => {
    const body = await employees({}, 2, OTHER_TOKEN);
    expect(body.employees.map((e) => e.email)).toEqual(['hank@globex.test']);
    expect(body.pageInfo.totalCount).toBe(1);
    expectError(await svc.call('GET', '/companies/2/employees'), 404, 'NOT_FOUND');
  });
});

describe('searchQuery', () => {
  it.each([
    ['GRACE', [102], 'first name, any case'],
    ['lovelace', [100], 'last name'],
    ['ada lov', [100], '"first last"'],
    ['Ada Lovelace', [100], 'the whole name'],
    ['charles.BABBAGE@', [101], 'email, any case'],
    ['ace', [100, 102], 'a substring of names'],
    ['zoë', [103], 'non-ASCII first name'],
    ['ZOË', [103], 'non-ASCII first name in upper case'],
    ['ØRSTED', [103], 'non-ASCII last name in upper case'],
    ['ørsted', [103], 'non-ASCII last name in lower case'],
    ['Person12', [122], 'a generated last name'],
    ['nobody', [], 'no match'],
    ['lovelace ada', [], '"last first" is not a name form'],
    ['%', [], 'a LIKE wildcard is a plain character'],
    ['_', [], 'a LIKE wildcard is a plain character'],
  ])('"%s" finds %j (%s)', async (searchQuery, expected) => {
    const body = await employees({ searchQuery, limit: 50 });
    expect(ids(body.employees)).toEqual(expected);
    expect(body.pageInfo.totalCount).toBe(expected.length);
  });

  it('totalCount counts all matches, not the page', async () => {
    const body = await employees({ searchQuery: 'acme.TEST', limit: 5, offset: 10 });
    expect(body.pageInfo.totalCount).toBe(60);
    expect(ids(body.employees)).toEqual(ALL_IDS.slice(10, 15));
  });

  it('an empty searchQuery matches everyone', async () => {
    expect((await employees({ searchQuery: '' })).pageInfo.totalCount).toBe(60);
  });

  it('search and sort combine', async () => {
    const body = await employees({ searchQuery: 'test person', sortField: 'EMAIL', sortAscending: false, limit: 3 });
    expect(body.pageInfo.totalCount).toBe(EXTRA);
    const expected = [...extra].sort((a, b) => b.email.localeCompare(a.email)).slice(0, 3);
    expect(ids(body.employees)).toEqual(expected.map((e) => e.id));
  });
});

describe('sortField=EMAIL', () => {
  it('sorts by email ascending (case-insensitively) by default', async () => {
    const first = await employees({ sortField: 'EMAIL', limit: 50 });
    const second = await employees({ sortField: 'EMAIL', limit: 50, offset: 50 });
    expect(ids([...first.employees, ...second.employees])).toEqual(BY_EMAIL);
  });

  it('sortAscending=true is ascending', async () => {
    const body = await employees({ sortField: 'EMAIL', sortAscending: true, limit: 5 });
    expect(ids(body.employees)).toEqual(BY_EMAIL.slice(0, 5));
  });

  it('sortAscending=false is descending', async () => {
    const first = await employees({ sortField: 'EMAIL', sortAscending: false, limit: 50 });
    const second = await employees({ sortField: 'EMAIL', sortAscending: false, limit: 50, offset: 50 });
    expect(ids([...first.employees, ...second.employees])).toEqual([...BY_EMAIL].reverse());
  });
});
