/** The visitor log: every visit of a date range, as CSV or as an Excel workbook (desk and admin). */
import { z } from 'zod';
import { op, STAFF } from './op.ts';

const instant = z.iso.datetime({ offset: true }).max(40);
const day = z.iso.date().max(10);

export const VISITOR_LOG_FORMATS = ['csv', 'xlsx'] as const;
/** Longer ranges are asked for in parts: a year of visits is a large workbook already. */
export const MAX_VISITOR_LOG_DAYS = 366;

export const VisitorLogInput = z
  .object({
    /** The range's start and end (exclusive) as the caller's clock says them: its first day's and its day-after-last's midnights. */
    from: instant,
    to: instant,
    /** The days as the caller names them, for the file's name ("2026-11-01_2026-11-30"). */
    firstDay: day,
    lastDay: day,
    format: z.enum(VISITOR_LOG_FORMATS).default('csv'),
  })
  .strict()
  .refine((v) => Date.parse(v.from) < Date.parse(v.to), { message: 'the range must end after it starts', path: ['to'] })
  .refine((v) => Date.parse(v.to) - Date.parse(v.from) <= MAX_VISITOR_LOG_DAYS * 86_400_000 + 3_600_000, {
    message: `at most ${MAX_VISITOR_LOG_DAYS} days at once`,
    path: ['to'],
  });

export const visitsOperations = {
  'visits.export': op(
    STAFF,
    VisitorLogInput,
    z.object({
      fileName: z.string(),
      rows: z.number().int(),
      /**
       * CSV as text; a workbook as base64 (the doors carry JSON); "streamed" with no content when the door took
       * the file as it was written (the browser host asked with accept: application/octet-stream, the CLI).
       */
      encoding: z.enum(['utf8', 'base64', 'streamed']),
      content: z.string(),
    }),
    'Every visit that arrived within a date range, as CSV or XLSX',
  ),
} as const;
