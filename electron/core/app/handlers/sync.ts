/** The sync's status (as the session's role may see it), a sync now, and the day's online history. */
import type { syncOperations } from '../../../../shared/contract/sync.ts';
import { localMidnight } from '../../../../shared/time.ts';
import { SYNC_NOW_WAIT_MS } from '../../sync/engine.ts';
import { statusForSession } from '../events.ts';
import type { Handlers } from '../handler.ts';

export const syncHandlers: Handlers<keyof typeof syncOperations> = {
  // A kiosk window or device (which never unlocks) learns only whether the service is reached, at every door.
  'sync.status': (_, { runtime, session }) => statusForSession(session, runtime.engine.status.get()),
  'sync.now': async ({ full }, { runtime }) => {
    // A person waits for this: it answers within seconds, the rest goes on in the background.
    await runtime.engine.syncNow({ full: Boolean(full), waitMs: SYNC_NOW_WAIT_MS });
    return runtime.engine.status.get();
  },
  // What the mirror holds and how fresh each resource is (`foyer status`, read without starting anything).
  'sync.mirror': (_, { runtime: { mirror } }) => ({
    counts: {
      invitations: mirror.invitations.count(),
      checkIns: mirror.checkIns.count(),
      employees: mirror.employees.count(),
      groups: mirror.groups.all().length,
    },
    resources: mirror.syncState.all(),
  }),
  'sync.history': (_, { runtime, now }) => runtime.onlineHistory.since(localMidnight(now())),
};
