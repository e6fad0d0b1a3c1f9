/**
 * The badges the host prints, as the desk sees them: a printer that is
 * stopped, out of labels or offline, the badges its fallback printer took
 * meanwhile, and each badge no printer took ("Badge for Maria P. not
 * printed", with Print again). Asked again on every
 * printing-changed (the hub says so when a badge printed or failed, or a
 * printer's state changed; it asks the printers every minute, and every 2 s
 * while badges print). On the Devices view, every printer's state.
 */
import { useCallback, useEffect, useState } from 'react';
import type { PrinterStatus, PrintingStatus } from '../../../../shared/contract/printing.ts';
import { Icon } from '../../components/Icon.tsx';
import { api } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { onAppEvent, useSession } from '../../stores/session.ts';

const STATE_WORDS: Record<PrinterStatus['state'], string> = {
  idle: 'ready',
  printing: 'printing',
  stopped: 'stopped',
  offline: 'not answering',
  unknown: 'not asked yet',
};

/** "stopped (media-empty)": the state and what the printer says of itself. */
export const printerState = (p: PrinterStatus) =>
  `${STATE_WORDS[p.state]}${p.reasons.length && p.state !== 'offline' ? ` (${p.reasons.join(', ')})` : ''}`;

function usePrintingStatus(): PrintingStatus | null {
  const [status, setStatus] = useState<PrintingStatus | null>(null);
  const role = useSession((s) => s.role);
  const load = useCallback(() => {
    api.call('printing.status', {}).then(setStatus, () => setStatus(null));
  }, []);
  useEffect(() => {
    if (role === 'kiosk') return;
    load();
    return onAppEvent((event) => {
      if (event.type === 'printing-changed') load();
    });
  }, [load, role]);
  return status;
}

export function PrintingNotice() {
  const status = usePrintingStatus();
  const [problem, setProblem] = useState<string | null>(null);
  if (!status?.hostPrints) return null;
  const troubled = status.printers.filter((p) => p.state === 'stopped' || p.state === 'offline');
  // Said while the printer they were meant for is in trouble: a lobby then knows where its badges come out.
  const elsewhere = status.onFallback.filter((job) => troubled.some((p) => p.name === job.fallbackFrom));
  if (troubled.length === 0 && status.failed.length === 0) return null;
  const again = (jobId: number) => {
    setProblem(null);
    api.call('printing.retry', { jobId }).catch((error: unknown) => setProblem(errorText(error)));
  };
  return (
    <section className="printing-notice" aria-label="Badge printing" data-testid="printing-notice">
      {troubled.map((p) => (
        <div key={p.name} className="banner banner-warn" role="status" data-testid="printer-trouble">
          <Icon name="printer" />
          Printer {p.name}: {printerState(p)}
        </div>
      ))}
      {elsewhere.map((job) => (
        <div key={job.id} className="banner" role="status" data-testid="badge-on-fallback">
          <Icon name="printer" />
          Badge for {job.guestName ?? 'a guest'} printed on {job.printer} instead of {job.fallbackFrom}
        </div>
      ))}
      {status.failed.map((job) => (
        <div key={job.id} className="banner banner-error" role="alert" data-testid="badge-not-printed">
          <Icon name="alert" />
          Badge for {job.guestName ?? 'a guest'} not printed{job.error ? `: ${job.error}` : ''}
          <button type="button" className="button-ghost" onClick={() => again(job.id)}>
            Print again
          </button>
        </div>
      ))}
      {problem && <p className="error-text">{problem}</p>}
    </section>
  );
}

/** The Devices view's list of the site's printers and their state. */
export function PrinterStates() {
  const status = usePrintingStatus();
  if (!status || status.printers.length === 0) return null;
  return (
    <section className="card" aria-labelledby="printers-title" data-testid="printer-states">
      <header className="card-head">
        <h2 id="printers-title">Label printers</h2>
      </header>
      <ul>
        {status.printers.map((p) => (
          <li key={p.name} data-testid="printer-state">
            <strong>{p.name}</strong> ({p.uri}): {printerState(p)}
            {p.message && p.state !== 'idle' ? ` — ${p.message}` : ''}
          </li>
        ))}
      </ul>
      {status.waiting > 0 && <p className="muted">{status.waiting} badges waiting to print.</p>}
    </section>
  );
}
