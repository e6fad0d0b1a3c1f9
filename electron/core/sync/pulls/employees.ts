/** Employees of the company (the hosts): reference data, refreshed in full; what the service no longer lists goes at once. */
import { type Employee, LIMITS } from '../../../../shared/api/index.ts';
import { stateKey, type PullContext, type PullResult } from './context.ts';
import { fetchedPage, refreshInFull } from './listing.ts';

export function pullEmployees(ctx: PullContext): Promise<PullResult> {
  const { mirror, api, config } = ctx;
  return refreshInFull(ctx, {
    resource: stateKey('employees', config),
    what: 'employee',
    pageSize: LIMITS.employees.maxLimit,
    idOf: (employee: Employee) => employee.id,
    fetch: async (offset, limit, options) => {
      const answer = await api.call(
        'listEmployees',
        { params: { companyId: config.companyId }, query: { limit, offset } },
        options,
      );
      return fetchedPage(answer, answer.employees);
    },
    apply: (items) => mirror.employees.upsertMany(items),
    removeUnseen: (seen) => mirror.employees.removeUnseen(seen),
  });
}
