/**
 * The printers and badges the host prints: their state and the badges not
 * printed (the desk's notice), a guest's badge printed again (a lost badge),
 * Print again, and the admin's printers and test print. The kiosk's own
 * badges are queued with its check-in (handlers/kiosk.ts, queueKioskBadge),
 * a walk-in's when they are let in (walk-ins/handlers.ts, queueWalkInBadge).
 */
import type { PrintJob, printingOperations } from '../../../../shared/contract/printing.ts';
import { DAY, HOUR, iso } from '../../../../shared/time.ts';
import type { PrintJobRow } from '../../db/repos/print-jobs.ts';
import { walkInRecords, type WalkInRow } from '../../db/repos/walk-in-records.ts';
import { shortName } from '../../printing/badge-content.ts';
import { hostPrints, printerFor } from '../../printing/spooler.ts';
import { pairedDeviceNamed, pairedDeviceOf } from '../../access/device.ts';
import { AppError } from '../../errors.ts';
import type { HandlerContext, Handlers } from '../handler.ts';
import { guestKey, walkInKey } from '../../../../shared/domain/guest-key.ts';

/** The paired device's id, or null for the host's own screens (their printer is the host's default). */
const ownDevice = (ctx: HandlerContext) => pairedDeviceOf(ctx.session)?.id ?? null;

/** "Maria P." of a job's guest, or of its walk-in (a walk-in key, shared/domain/guest-key.ts). */
function guestNameOf(ctx: HandlerContext, invitationId: number | null): string | null {
  const { mirror, config } = ctx.runtime;
  if (invitationId === null) return null;
  const key = guestKey(invitationId);
  const person =
    key.kind === 'walkIn' ? walkInRecords(mirror).byId(key.walkInId) : mirror.guests.byId(invitationId, config.flow);
  return person ? shortName(person) : null;
}

export function toPrintJob(ctx: HandlerContext, row: PrintJobRow): PrintJob {
  return {
    id: row.id,
    invitationId: row.invitationId,
    guestName: guestNameOf(ctx, row.invitationId),
    kind: row.kind,
    state: row.state,
    printer: row.sentTo ?? row.printer,
    fallbackFrom: row.onFallback && row.sentTo !== null && row.sentTo !== row.printer ? row.printer : null,
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
  const printer = printerFor(config.printing, ownDevice(ctx));
  if (!printer) return false;
  ctx.runtime.printing.queue({ invitationId, kind: 'badge', printer, waitForPin: config.kiosk.badge.doorPin });
  return true;
}

/**
 * A kiosk device that asked for a walk-in (its paired device's name, as the
 * request recorded it), so that the badge prints where the visitor waits.
 */
function requestingDevice(ctx: HandlerContext, row: WalkInRow): number | null {
  return pairedDeviceNamed(row.device, ctx.hub);
}

/**
 * Queues the badge of a walk-in let in (approved at the desk, or at once) when
 * the host prints badges, in the caller's transaction (the approval's); true
 * when queued. Printed with what is known: the name, company and host they
 * gave, their walk-in pass; the job names them by the request's walk-in key.
 */
export function queueWalkInBadge(ctx: HandlerContext, row: WalkInRow): boolean {
  const config = ctx.runtime.config;
  if (!hostPrints(config) || row.state !== 'approved') return false;
  // The caller's own device, unless a desk lets in a kiosk's request: then that kiosk's.
  const device = row.source === 'kiosk' && ctx.session.role !== 'kiosk' ? requestingDevice(ctx, row) : ownDevice(ctx);
  const printer = printerFor(config.printing, device);
  if (!printer) return false;
  ctx.runtime.printing.queue({ invitationId: walkInKey(row.id), kind: 'badge', printer, waitForPin: false });
  return true;
}

/** A guest's print jobs, with those of the walk-in request they came from (printed before the service had them). */
function jobsOfGuest(ctx: HandlerContext, invitationId: number): PrintJobRow[] {
  const { mirror } = ctx.runtime;
  const walkIn = walkInRecords(mirror).byInvitation(invitationId);
  const rows = mirror.printJobs.ofGuest(invitationId);
  return walkIn ? [...rows, ...mirror.printJobs.ofGuest(walkInKey(walkIn.id))].sort((a, b) => b.id - a.id) : rows;
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
      onFallback: mirror.printJobs.onFallbackSince(iso(ctx.now() - HOUR)).map((row) => toPrintJob(ctx, row)),
      waiting: mirror.printJobs.waiting(),
    };
  },
  'printing.badge': ({ invitationId }, ctx) => {
    const rows = jobsOfGuest(ctx, invitationId);
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
    const printedBefore = printedCount(jobsOfGuest(ctx, invitationId));
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
