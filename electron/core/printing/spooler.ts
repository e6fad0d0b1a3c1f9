/**
 * The host's print spooler: sends the queued badges (print_jobs in the
 * mirror) to the site's IPP printers, one at a time, and watches the
 * printers' state.
 *
 * A job goes to its printer (asked first whether it is stopped: a stopped
 * label printer would hold the badge until someone looks); a printer that
 * does not answer or refuses is tried again after a second, then the
 * fallback printer is tried, then the job fails and the desk is told. A
 * job is queued in the mirror before anything is sent, so a restart finds it
 * (one being sent when the process stopped is sent again).
 *
 * The printers' state is asked every minute, and every 2 s while a job is
 * queued or printing; each change is told to onChange's listeners (the
 * core's event stream).
 */
import type { PrinterStatus, PrintingSettings } from '../../../shared/contract/printing.ts';
import { labelPage } from '../../../shared/contract/printing.ts';
import { iso, MINUTE, SECOND } from '../../../shared/time.ts';
import type { Config } from '../config/config.ts';
import type { Mirror } from '../db/mirror.ts';
import type { PrintJobRow } from '../db/repos/print-jobs.ts';
import { guestBadge, sampleBadge } from './badge-content.ts';
import { type BadgeContent, renderBadgePdf } from './badge-pdf.ts';
import { createFontBook, type FontBook } from './fonts.ts';
import { createIppClient, type IppClient, IppError } from './ipp.ts';

/** Tries on a printer before the next is used (the first printer, then the fallback). */
export const TRIES_PER_PRINTER = 2;
/** Between two tries on the same printer. */
export const RETRY_AFTER_MS = 1 * SECOND;
/** How long a badge that prints the door PIN waits for the service to give it. */
export const PIN_WAIT_MS = 5 * SECOND;
export const STATE_EVERY_MS = MINUTE;
export const STATE_WHILE_BUSY_MS = 2 * SECOND;
/** How long a sent job is followed (Get-Job-Attributes) until the printer says it printed. */
const FOLLOW_MS = MINUTE;
/** A printer busy with another badge (server-error-busy) is asked again this often, for this long, before it counts as a failure. */
const BUSY_AGAIN_MS = 500;
const BUSY_LIMIT_MS = 20 * SECOND;
const SERVER_ERROR_BUSY = 0x0507;
/** A waiting badge looks for its PIN this often. */
const PIN_POLL_MS = 200;

export interface SpoolerDeps {
  mirror: () => Mirror;
  config: () => Config;
  dataDir: string;
  now?: () => number;
  log?: (line: string) => void;
  ipp?: IppClient;
  fonts?: () => FontBook;
}

/** The printer a kiosk's badge goes to: its device's own, else the default, else the first. */
export function printerFor(settings: PrintingSettings, deviceId: number | null): string | undefined {
  const own = deviceId === null ? undefined : settings.devices[String(deviceId)];
  return own ?? settings.defaultPrinter ?? settings.printers[0]?.name;
}

/** Whether the host prints the kiosks' badges: badges on, and a printer set. */
export const hostPrints = (config: Pick<Config, 'kiosk' | 'printing'>) =>
  config.kiosk.badge.enabled && config.printing.printers.length > 0;

export function createPrintSpooler(deps: SpoolerDeps) {
  const now = deps.now ?? Date.now;
  const ipp = deps.ipp ?? createIppClient({ timeoutMs: 3 * SECOND });
  let fontBook: FontBook | undefined;
  const fonts = () => (fontBook ??= deps.fonts?.() ?? createFontBook());
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  const statuses = new Map<string, PrinterStatus>();
  let started = false;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stateTimer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  const settings = () => deps.config().printing;
  const printerNamed = (name: string) => settings().printers.find((p) => p.name === name);

  function noteState(name: string, uri: string, next: Omit<PrinterStatus, 'name' | 'uri' | 'checkedAt'>) {
    const before = statuses.get(name);
    statuses.set(name, { name, uri, ...next, checkedAt: iso(now()) });
    if (!before || before.state !== next.state || before.reasons.join() !== next.reasons.join()) changed();
  }

  async function askState(name: string, uri: string) {
    try {
      const attributes = await ipp.printerAttributes(uri);
      const state = attributes.acceptingJobs ? attributes.state : 'stopped';
      noteState(name, uri, { state, reasons: attributes.reasons, message: attributes.message });
      return { ...attributes, state };
    } catch (error) {
      noteState(name, uri, { state: 'offline', reasons: ['offline'], message: (error as Error).message });
      throw error;
    }
  }

  function contentOf(job: PrintJobRow, at: number): BadgeContent | undefined {
    const config = deps.config();
    if (job.invitationId === null) return sampleBadge(config, at);
    return guestBadge({ mirror: deps.mirror(), config, dataDir: deps.dataDir, log: deps.log }, job.invitationId, at);
  }

  /** Sends one job to the printer it is on now; throws what went wrong. */
  async function send(job: PrintJobRow, printerName: string): Promise<{ jobId: number }> {
    const printer = printerNamed(printerName);
    if (!printer) throw new IppError(`no printer is named "${printerName}" any more`);
    const content = contentOf(job, now());
    if (!content) throw new IppError('the guest is no longer in the mirror');
    const pdf = await renderBadgePdf(content, labelPage(printer), fonts());
    const state = await askState(printer.name, printer.uri);
    if (state.state === 'stopped') {
      const why = state.reasons.length ? state.reasons.join(', ') : (state.message ?? 'stopped');
      throw new IppError(`the printer is stopped (${why})`);
    }
    const name = job.kind === 'test' ? 'Foyer test print' : `Badge: ${content.name}`;
    return ipp.printJob(printer.uri, pdf, name);
  }

  /** What comes after a failed try: the same printer again, the fallback, or failed. */
  function afterFailure(job: PrintJobRow, message: string, at: number, busy: boolean): PrintJobRow {
    if (busy && at - Date.parse(job.createdAt) < BUSY_LIMIT_MS)
      return { ...job, state: 'queued', nextAt: iso(at + BUSY_AGAIN_MS), error: message };
    const attempts = job.attempts + 1;
    // A test print says at once what became of it, on the printer asked for.
    if (job.kind === 'test') return { ...job, state: 'failed', attempts, error: message };
    if (attempts < TRIES_PER_PRINTER)
      return { ...job, state: 'queued', attempts, nextAt: iso(at + RETRY_AFTER_MS), error: message };
    const fallback = settings().fallbackPrinter;
    if (!job.onFallback && fallback && fallback !== job.printer)
      return { ...job, state: 'queued', attempts: 0, onFallback: true, nextAt: iso(at), error: message };
    return { ...job, state: 'failed', attempts, error: message };
  }

  /** Whether a badge still waits for its door PIN (the service has not answered its check-in yet). */
  function waitsForPin(job: PrintJobRow, at: number): boolean {
    if (job.pinUntil === null || job.invitationId === null || at >= Date.parse(job.pinUntil)) return false;
    if (!deps.config().kiosk.badge.doorPin) return false;
    const mirror = deps.mirror();
    const guest = mirror.guests.byId(job.invitationId, deps.config().flow);
    return Boolean(guest?.pending) && mirror.deskGuests.pin(job.invitationId) === null;
  }

  async function runDue(): Promise<void> {
    const mirror = deps.mirror();
    for (const queued of mirror.printJobs.queued()) {
      const at = now();
      if (Date.parse(queued.nextAt) > at || waitsForPin(queued, at)) continue;
      if (!mirror.printJobs.claim(queued.id)) continue;
      const printer = queued.onFallback ? (settings().fallbackPrinter ?? queued.printer) : queued.printer;
      let next: PrintJobRow;
      try {
        const { jobId } = await send(queued, printer);
        next = { ...queued, state: 'sent', sentAt: iso(now()), sentTo: printer, ippJobId: jobId, error: null };
      } catch (error) {
        const message = error instanceof IppError ? error.message : `the badge could not be made: ${String(error)}`;
        if (!(error instanceof IppError)) deps.log?.(`print job ${queued.id}: ${(error as Error)?.stack ?? message}`);
        const busy = error instanceof IppError && error.statusCode === SERVER_ERROR_BUSY;
        next = afterFailure({ ...queued, sentTo: printer }, message, now(), busy);
      }
      deps.mirror().printJobs.save(next);
      if (next.state === 'failed') deps.log?.(`print job ${queued.id} failed: ${next.error}`);
      changed();
    }
  }

  /** When the next queued job is due (or a waiting badge looks for its PIN again); undefined: none queued. */
  function nextWake(): number | undefined {
    const at = now();
    let soonest: number | undefined;
    for (const job of deps.mirror().printJobs.queued()) {
      const due = waitsForPin(job, at) ? at + PIN_POLL_MS : Date.parse(job.nextAt);
      soonest = soonest === undefined ? due : Math.min(soonest, due);
    }
    return soonest;
  }

  function schedule() {
    clearTimeout(timer);
    timer = undefined;
    if (closed) return;
    const wake = nextWake();
    if (wake === undefined) return;
    timer = setTimeout(() => void kick(), Math.max(0, wake - now()));
    timer.unref?.();
  }

  /** Sends what is due now; a kick during a run runs again after it. */
  function kick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await runDue();
        } while (again);
      } catch (error) {
        deps.log?.(`printing: ${(error as Error)?.stack ?? String(error)}`);
      } finally {
        running = undefined;
        schedule();
      }
    })();
    return running;
  }

  /** Asks every printer its state, and whether the badges sent lately have printed. */
  async function refreshStates(): Promise<void> {
    const printers = settings().printers;
    for (const name of statuses.keys()) if (!printers.some((p) => p.name === name)) statuses.delete(name);
    await Promise.all(printers.map((p) => askState(p.name, p.uri).catch(() => undefined)));
    const mirror = deps.mirror();
    for (const job of mirror.printJobs.sentSince(iso(now() - FOLLOW_MS))) {
      const printer = printerNamed(job.sentTo ?? job.printer);
      if (!printer || job.ippJobId === null) continue;
      try {
        const { state } = await ipp.jobAttributes(printer.uri, job.ippJobId);
        if (state === 9) mirror.printJobs.save({ ...job, state: 'printed' });
        else if (state === 7 || state === 8)
          mirror.printJobs.save({ ...job, state: 'failed', error: 'the printer cancelled the badge' });
        if (state >= 7) changed();
      } catch {
        // The printer's state says why; the job stays sent.
      }
    }
  }

  const busy = () => {
    const mirror = deps.mirror();
    return mirror.printJobs.waiting() > 0 || mirror.printJobs.sentSince(iso(now() - FOLLOW_MS)).length > 0;
  };

  function watchStates() {
    clearTimeout(stateTimer);
    if (!started) return;
    void refreshStates()
      .catch((error: unknown) => deps.log?.(`printer state: ${String(error)}`))
      .finally(() => {
        if (!started) return;
        stateTimer = setTimeout(watchStates, busy() ? STATE_WHILE_BUSY_MS : STATE_EVERY_MS);
        stateTimer.unref?.();
      });
  }

  return {
    /** Queues a badge (in the caller's transaction, with its check-in); the caller kicks after committing. */
    queue(job: { invitationId: number | null; kind: PrintJobRow['kind']; printer: string; waitForPin: boolean }) {
      const at = now();
      return deps.mirror().printJobs.add({
        invitationId: job.invitationId,
        kind: job.kind,
        printer: job.printer,
        createdAt: iso(at),
        pinUntil: job.waitForPin ? iso(at + PIN_WAIT_MS) : null,
      });
    },
    /** Queued again from the start: its own printer first (the desk's Print again). */
    retry(job: PrintJobRow): PrintJobRow {
      const next: PrintJobRow = {
        ...job,
        state: 'queued',
        attempts: 0,
        onFallback: false,
        nextAt: iso(now()),
        error: null,
        pinUntil: null,
      };
      deps.mirror().printJobs.save(next);
      return next;
    },
    kick,
    /** Kicks once the caller's answer is on its way: drawing a badge takes the thread for a moment. */
    kickSoon() {
      setImmediate(() => void kick());
    },
    /** Sends what is queued (what a restart found too), and watches the printers. */
    start() {
      if (started) return;
      started = true;
      deps.mirror().printJobs.requeueInterrupted();
      void kick();
      watchStates();
    },
    /** Sends one job now and waits for the answer (the console's test print). */
    async sendNow(job: PrintJobRow): Promise<PrintJobRow> {
      await kick();
      return deps.mirror().printJobs.byId(job.id) ?? job;
    },
    statuses(): PrinterStatus[] {
      return settings().printers.map(
        (p) =>
          statuses.get(p.name) ?? {
            name: p.name,
            uri: p.uri,
            state: 'unknown',
            reasons: [],
            message: null,
            checkedAt: null,
          },
      );
    },
    refreshStates,
    onChange(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Stops its timers and waits for a job being sent (before the mirror closes). */
    close: async () => {
      started = false;
      closed = true;
      clearTimeout(timer);
      clearTimeout(stateTimer);
      await running;
      await ipp.close();
    },
  };
}
export type PrintSpooler = ReturnType<typeof createPrintSpooler>;
