import type { EmployeesPage } from '../../shared/api/index.ts';
import { notFound } from '../errors.ts';
import { type Caller, compact, sql, type StoreContext } from './context.ts';
import { cachedCount } from './paging.ts';

export interface EmployeesQueryValues {
  limit: number;
  offset: number;
  sortField?: 'EMAIL' | undefined;
  sortAscending?: boolean | undefined;
  searchQuery?: string | undefined;
}

/**
 * Employees of the caller's own company. `searchQuery` is a case-insensitive
 * substring of the first name, last name, "first last" or email; the folded
 * search key is computed in JS so that non-ASCII names fold too.
 */
export function listEmployees(
  ctx: StoreContext,
  caller: Caller,
  companyId: number,
  query: EmployeesQueryValues,
): EmployeesPage {
  if (companyId !== caller.companyId) throw notFound(`company ${companyId} does not exist`);
  const params: unknown[] = [companyId];
  let where = 'company_id = ?';
  const search = query.searchQuery?.toLowerCase();
  if (search) {
    where += ' AND instr(search_key, ?) > 0';
    params.push(search);
  }
  const order = query.sortField === 'EMAIL' ? `email_key ${query.sortAscending === false ? 'DESC' : 'ASC'}, id` : 'id';
  const totalCount = cachedCount(ctx, `SELECT count(*) AS n FROM employees WHERE ${where}`, params);
  const rows = sql(
    ctx,
    `SELECT id, email, first_name, last_name, created_at, updated_at FROM employees WHERE ${where}
     ORDER BY ${order} LIMIT ? OFFSET ?`,
  ).all(...params, query.limit, query.offset) as {
    id: number;
    email: string;
    first_name: string | null;
    last_name: string | null;
    created_at: string;
    updated_at: string;
  }[];
  return {
    employees: rows.map((row) =>
      compact({
        id: row.id,
        email: row.email,
        firstName: row.first_name,
        lastName: row.last_name,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      }),
    ),
    pageInfo: { totalCount },
  };
}
