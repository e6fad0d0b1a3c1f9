/** Access profile groups, each with the profile list the service last accepted from this machine. */
import type { groupsOperations } from '../../../../shared/contract/groups.ts';
import type { Handlers } from '../handler.ts';

export const groupsHandlers: Handlers<keyof typeof groupsOperations> = {
  'groups.list': (_, { runtime }) => {
    const uploads = new Map(
      runtime.mirror.outbox.deliveredProfileSets().map((u) => [
        u.groupSourceId,
        {
          deliveredAt: u.deliveredAt,
          profiles: u.profiles.map((p) => ({ sourceId: p.sourceId, name: p.name ?? null })),
        },
      ]),
    );
    return runtime.mirror.groups.all().map((g) => ({ ...g, lastUpload: uploads.get(g.sourceId) ?? null }));
  },
};
