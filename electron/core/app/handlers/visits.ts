/** The visitor log for the desk and the admin (see usecases/visitor-log.ts). */
import type { visitsOperations } from '../../../../shared/contract/visits.ts';
import { visitorLog } from '../../usecases/visitor-log.ts';
import type { Handlers } from '../handler.ts';

export const visitsHandlers: Handlers<keyof typeof visitsOperations> = {
  'visits.export': async ({ from, to, firstDay, lastDay, format }, { runtime }) => {
    const days = firstDay === lastDay ? firstDay : `${firstDay}_${lastDay}`;
    const file = await visitorLog(runtime, { from, to, format, days });
    return typeof file.content === 'string'
      ? { fileName: file.fileName, rows: file.rows, encoding: 'utf8' as const, content: file.content }
      : {
          fileName: file.fileName,
          rows: file.rows,
          encoding: 'base64' as const,
          content: file.content.toString('base64'),
        };
  },
};
