/** The site's named staff (shared/contract/staff.ts), over usecases/staff.ts; their sessions end in the core. */
import type { staffOperations } from '../../../../shared/contract/staff.ts';
import { addStaff, removeStaff, staffMember } from '../../usecases/staff.ts';
import type { Handlers } from '../handler.ts';

export const staffHandlers: Handlers<keyof typeof staffOperations> = {
  'staff.list': (_, { runtime }) => ({ staff: runtime.mirror.staff.active().map(staffMember) }),
  'staff.add': async (input, { runtime, now, emit }) => {
    const added = await addStaff(runtime, input, now());
    emit({ type: 'staff-changed' });
    return added;
  },
  'staff.remove': ({ id }, { runtime, now, emit, endSessionsOfRemoved }) => {
    const removed = removeStaff(runtime, id, now());
    emit({ type: 'staff-changed' });
    return { id: removed.id, name: removed.name, sessionsEnded: endSessionsOfRemoved?.() ?? 0 };
  },
};
