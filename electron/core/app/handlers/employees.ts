/** Employees (the hosts): the desk searches the mirror; the admin browses the service, or the mirror offline. */
import type { employeesOperations } from '../../../../shared/contract/employees.ts';
import { ApiError } from '../../api/errors.ts';
import type { Handlers } from '../handler.ts';

export const employeesHandlers: Handlers<keyof typeof employeesOperations> = {
  'employees.search': ({ text }, { runtime }) => runtime.mirror.employees.search(text, 20),
  'employees.browse': async (query, { runtime }) => {
    const searchQuery = query.searchQuery || undefined;
    try {
      const page = await runtime.api.call(
        'listEmployees',
        {
          params: { companyId: runtime.config.companyId },
          query: {
            limit: query.limit,
            offset: query.offset,
            ...(searchQuery ? { searchQuery } : {}),
            ...(query.sortField ? { sortField: query.sortField } : {}),
            ...(query.sortAscending !== undefined ? { sortAscending: query.sortAscending } : {}),
          },
        },
        { retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 } },
      );
      return {
        employees: page.employees.map((e) => ({
          id: e.id,
          email: e.email ?? null,
          firstName: e.firstName ?? null,
          lastName: e.lastName ?? null,
        })),
        totalCount: page.pageInfo.totalCount,
        source: 'service' as const,
      };
    } catch (error) {
      // The service refused (core.call says so as REFUSED); only a service out of reach is answered from the mirror.
      if (!(error instanceof ApiError && error.transient)) throw error;
      // Offline: the mirror's copy, searched and sorted the same way.
      const { rows, total } = runtime.mirror.employees.page({
        text: searchQuery ?? '',
        byEmail: query.sortField === 'EMAIL',
        ascending: query.sortAscending ?? true,
        offset: query.offset,
        limit: query.limit,
      });
      return { employees: rows, totalCount: total, source: 'mirror' as const };
    }
  },
};
