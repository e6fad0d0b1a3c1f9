/** The visitor log for the desk and the admin (see usecases/visitor-log.ts). */
import type { visitsOperations } from '../../../../shared/contract/visits.ts';
import { VISITOR_LOG_TYPES, visitorLog, visitorLogFileName, writeVisitorLog } from '../../usecases/visitor-log.ts';
import type { Handlers } from '../handler.ts';

export const visitsHandlers: Handlers<keyof typeof visitsOperations> = {
  'visits.export': async ({ from, to, firstDay, lastDay, format }, { runtime, file }) => {
    const range = { from, to, format, days: firstDay === lastDay ? firstDay : `${firstDay}_${lastDay}` };
    if (file) {
      // A door that takes the file as it is written: the answer only says what was written.
      const fileName = visitorLogFileName(range);
      const rows = await writeVisitorLog(runtime, range, file.open(fileName, VISITOR_LOG_TYPES[format]));
      return { fileName, rows, encoding: 'streamed' as const, content: '' };
    }
    const whole = await visitorLog(runtime, range);
    return typeof whole.content === 'string'
      ? { fileName: whole.fileName, rows: whole.rows, encoding: 'utf8' as const, content: whole.content }
      : {
          fileName: whole.fileName,
          rows: whole.rows,
          encoding: 'base64' as const,
          content: whole.content.toString('base64'),
        };
  },
};
