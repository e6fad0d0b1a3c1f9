/**
 * The printers and badges the host prints: their state and the badges not
 * printed (the desk's notice), a guest's badge printed again (a lost badge),
 * Print again, and the admin's printers and test print. The kiosk's own
 * badges are queued with its check-in (handlers/kiosk.ts, queueKioskBadge).
 */
import type { PrintJob, printingOperations } from '../../../../shared/contract/printing.ts';
import { DAY, iso } from '../../../../shared/time.ts';
import type { PrintJobRow } from '../../db/repos/print-jobs.ts';
import { shortName } from '../../printing/badge-content.ts';
import { hostPrints, printerFor } from '../../printing/spooler.ts';
import { AppError } from '../errors.ts';
import type { HandlerContext, Handlers } from '../handler.ts';

/** A paired device's id ("device:3"), or null for the host's own screens. */
const deviceOf = (ctx: HandlerContext) => {
  const device = /^device:(\d+)$/.exec(ctx.session.client);
  return device ? Number(device[1]) : null;
};

export function toPrintJob(ctx: HandlerContext, row: PrintJobRow): PrintJob {
  const guest =
    row.invitationId === null ? undefined : ctx.runtime.mirror.guests.byId(row.invitationId, ctx.runtime.config.flow);
  return {
    id: row.id,
    invitationId: row.invitationId,
    guestName: guest ? shortName(guest.firstName, guest.lastName) : null,
    kind: row.kind,
    state: row.state,
    printer: row.sentTo ?? row.printer,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
    error: row.error,
  };
}

/**
 * Queues the badge of a kiosk's check-in when the host prints them, in the
 * caller's transaction (the check-in's); true when queued. The caller kicks
 * the spooler once the transaction is committed.
 */
export function queueKioskBadge(ctx: HandlerContext, invitationId: number): boolean {
  const config = ctx.runtime.config;
  if (!hostPrints(config)) return false;
  const printer = printerFor(config.printing, deviceOf(ctx));
  if (!printer) return false;
  ctx.runtime.printing.queue({ invitationId, kind: 'badge', printer, waitForPin: config.kiosk.badge.doorPin });
  return true;
}

const printedCount = (rows: PrintJobRow[]) => rows.filter((r) => r.state === 'sent' || r.state === 'printed').length;

function defaultPrinter(ctx: HandlerContext): string {
  const printer = printerFor(ctx.runtime.config.printing, null);
  if (!printer) throw new AppError('REFUSED', 'no printer is set up: add one in the admin console, Printers');
  return printer;
}

export const printingHandlers: Handlers<keyof typeof printingOperations> = {
  'printing.status': (_, ctx) => {
    const { mirror, config, printing } = ctx.runtime;
    return {
      hostPrints: hostPrints(config),
      printers: printing.statuses(),
      // A day's failures: older ones the desk has long dealt with.
      failed: mirror.printJobs.failedSince(iso(ctx.now() - DAY)).map((row) => toPrintJob(ctx, row)),
      waiting: mirror.printJobs.waiting(),
    };
  },
  'printing.badge': ({ invitationId }, ctx) => {
    const rows = ctx.runtime.mirror.printJobs.ofGuest(invitationId);
    return {
      printed: printedCount(rows),
      jobs: rows.map((row) => toPrintJob(ctx, row)),
      canPrint: ctx.runtime.config.printing.printers.length > 0,
    };
  },
  'printing.reprint': ({ invitationId }, ctx) => {
    const { mirror, config, printing } = ctx.runtime;
    if (!mirror.guests.byId(invitationId, config.flow))
      throw new AppError('NOT_FOUND', `no guest with invitation id ${invitationId}`);
    const printer = defaultPrinter(ctx);
    const printedBefore = printedCount(mirror.printJobs.ofGuest(invitationId));
    const row = printing.queue({ invitationId, kind: 'reprint', printer, waitForPin: false });
    printing.kickSoon();
    return { job: toPrintJob(ctx, row), printedBefore };
  },
  'printing.retry': ({ jobId }, ctx) => {
    const { mirror, printing } = ctx.runtime;
    const row = mirror.printJobs.byId(jobId);
    if (!row) throw new AppError('NOT_FOUND', `no print job ${jobId}`);
    if (row.state !== 'failed')
      throw new AppError('REFUSED', 'this badge is not a failed one: it is printing or printed');
    const next = printing.retry(row);
    printing.kickSoon();
    return toPrintJob(ctx, next);
  },
  'printing.settings': (_, { runtime }) => runtime.config.printing,
  'printing.setSettings': (settings, { runtime }) => {
    const next = runtime.configStore.update((config) => ({ ...config, printing: settings })).printing;
    void runtime.printing.refreshStates();
    return next;
  },
  'printing.testPrint': async ({ printer }, ctx) => {
    const { config, printing } = ctx.runtime;
    if (!config.printing.printers.some((p) => p.name === printer))
      throw new AppError('NOT_FOUND', `no printer is named "${printer}"`);
    const row = printing.queue({ invitationId: null, kind: 'test', printer, waitForPin: false });
    return toPrintJob(ctx, await printing.sendNow(row));
  },
};
