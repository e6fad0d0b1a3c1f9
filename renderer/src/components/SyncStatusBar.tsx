import { useShallow } from 'zustand/react/shallow';
import { useSession } from '../stores/session.ts';

function ago(iso: string | null | undefined): string {
  if (!iso) return 'never';
  const seconds = Math.round((Date.now() - Date.parse(iso)) / 1000);
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
  return new Date(iso).toLocaleString();
}

/** Online or not, when the mirror last heard from the service, and what is still waiting to be sent. */
export function SyncStatusBar() {
  const { status, connected } = useSession(useShallow((s) => ({ status: s.status, connected: s.connected })));
  if (!status)
    return (
      <div className="sync-bar" data-testid="sync-status">
        Connecting…
      </div>
    );
  const lastSync = Object.values(status.resources)
    .map((r) => r.lastSuccessAt)
    .filter((t): t is string => Boolean(t))
    .sort()
    .at(-1);
  const running = Object.entries(status.resources).find(([, r]) => r.running);
  const progress = running?.[1].progress;
  const state = status.tokenRejected
    ? 'token-rejected'
    : status.online === false
      ? 'offline'
      : status.online
        ? 'online'
        : 'unknown';
  return (
    <div
      className={`sync-bar sync-${state}`}
      data-testid="sync-status"
      data-state={state}
      role="status"
      aria-live="polite"
    >
      <span className="dot" aria-hidden="true" />
      <span data-testid="sync-state">
        {state === 'online' && 'Online'}
        {state === 'offline' && 'Offline: working from this machine'}
        {state === 'token-rejected' && 'The service rejected the access token'}
        {state === 'unknown' && 'Contacting the service…'}
      </span>
      <span data-testid="sync-last">Last sync {ago(lastSync)}</span>
      {running && (
        <span data-testid="sync-running">
          Syncing {running[0]}
          {progress ? ` ${progress.pagesDone}/${progress.pagesTotal}` : '…'}
        </span>
      )}
      {status.outbox.pending > 0 && (
        <span data-testid="outbox-pending">{status.outbox.pending} waiting to be sent</span>
      )}
      {status.outbox.failed > 0 && <span className="warn">{status.outbox.failed} failed</span>}
      {status.outbox.conflicts > 0 && <span className="warn">{status.outbox.conflicts} conflicts</span>}
      {!connected && <span className="warn">Reconnecting…</span>}
    </div>
  );
}
