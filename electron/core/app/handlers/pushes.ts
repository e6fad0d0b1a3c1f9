/** Pushes: an uploaded file checked again (see imports.ts) and its valid items queued for the service. */
import type { pushesOperations } from '../../../../shared/contract/pushes.ts';
import { queueCheckedFile } from '../../usecases/push-file.ts';
import type { Handlers } from '../handler.ts';
import { checkUpload } from './imports.ts';

export const pushesHandlers: Handlers<keyof typeof pushesOperations> = {
  'pushes.queue': async (upload, ctx) =>
    queueCheckedFile(ctx.runtime.outbox, await checkUpload(upload, ctx), { ...upload, source: upload.fileName }),
};
