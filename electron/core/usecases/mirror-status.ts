/** What the mirror holds and how fresh each resource is: `foyer status`, read without starting anything. */
import type { Mirror } from '../db/mirror.ts';

export function mirrorStatus(mirror: Pick<Mirror, 'invitations' | 'checkIns' | 'employees' | 'groups' | 'syncState'>) {
  return {
    counts: {
      invitations: mirror.invitations.count(),
      checkIns: mirror.checkIns.count(),
      employees: mirror.employees.count(),
      groups: mirror.groups.all().length,
    },
    resources: mirror.syncState.all(),
  };
}
