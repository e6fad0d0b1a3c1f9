import { notFound } from '../errors.ts';
import type { Caller, StoreContext } from './context.ts';
import { jsonRows, listingJson, pageOf, type RawJson } from './paging.ts';

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
): RawJson {
  if (companyId !== caller.companyId) throw notFound(`company ${companyId} does not exist`);
  const params: unknown[] = [companyId];
  let where = 'company_id = ?';
  const search = query.searchQuery?.toLowerCase();
  if (search) {
    where += ' AND instr(search_key, ?) > 0';
    params.push(search);
  }
  const order = query.sortField === 'EMAIL' ? `email_key ${query.sortAscending === false ? 'DESC' : 'ASC'}, id` : 'id';
  const { ids, totalCount } = pageOf(ctx, `SELECT id FROM employees WHERE ${where} ORDER BY ${order}`, params, query);
  const rows = jsonRows(
    ctx,
    ids,
    `SELECT json_patch('{}', json_object('id', m.id, 'email', m.email, 'firstName', m.first_name,
       'lastName', m.last_name, 'createdAt', m.created_at, 'updatedAt', m.updated_at))
     FROM json_each(?) j JOIN employees m ON m.id = j.value ORDER BY j.key`,
  );
  return listingJson('employees', rows, totalCount);
}
