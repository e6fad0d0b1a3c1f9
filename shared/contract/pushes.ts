/** Pushes: an uploaded file (see imports.ts), checked again and its valid items queued for the service. */
import { z } from 'zod';
import { FileUpload } from './imports.ts';
import { ADMIN, op } from './op.ts';

export const pushesOperations = {
  'pushes.queue': op(
    ADMIN,
    FileUpload.extend({ allowPartial: z.boolean().default(false), confirmed: z.boolean().default(false) }),
    z.object({ batchId: z.number().int(), items: z.number().int(), outboxItems: z.number().int() }),
    'Validate a file and queue its valid items for the service',
  ),
} as const;
