/** Access profile groups mapped to this integration, with what was last uploaded for each. */
import { z } from 'zod';
import { ADMIN, op, PASSIVE } from './op.ts';

export const groupsOperations = {
  'groups.list': op(
    ADMIN,
    z.object({}).strict(),
    z.array(
      z.object({
        sourceId: z.string(),
        name: z.string().nullable(),
        locationId: z.number().nullable(),
        locationName: z.string().nullable(),
        /** The newest profile list the service accepted from this machine for the group. */
        lastUpload: z
          .object({
            deliveredAt: z.string(),
            profiles: z.array(z.object({ sourceId: z.string(), name: z.string().nullable() })),
          })
          .nullable(),
      }),
    ),
    'Access profile groups mapped to this integration',
    PASSIVE,
  ),
} as const;
