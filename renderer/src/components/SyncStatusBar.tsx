import { useShallow } from 'zustand/react/shallow';
import { formatAgo, lastSyncOf } from '../lib/format.ts';
import { useNow } from '../lib/use-now.ts';
import { useSession } from '../stores/session.ts';

const RESOURCE_NAMES: Record<string, string> = {
  invitations: 'invitations',
  checkIns: 'check-ins',
  employees: 'employees',
  groups: 'groups',
};

/** Online or not, when the mirror last heard from the service, and what is still waiting to be sent. */
export function SyncStatusBar() {
  const { status, connected } = useSession(useShallow((s) => ({ status: s.status, connected: s.connected })));
  const now = useNow(5_000);
  if (!status)
    return (
      <div className="sync-bar sync-unknown" data-testid="sync-status" data-state="connecting">
        <span className="sync-pill">
          <span className="dot" aria-hidden="true" />
          <span data-testid="sync-state">Connecting…</span>
        </span>
      </div>
    );
  const lastSync = lastSyncOf(status);
  const running = Object.entries(status.resources).find(([, r]) => r.running);
  const progress = running?.[1].progress;
  const state = status.tokenRejected
    ? 'token-rejected'
    : status.online === false
      ? 'offline'
      : status.online
        ? 'online'
        : 'unknown';
  const lastError = Object.values(status.resources)
    .map((r) => r.lastError)
    .filter((e) => e !== null)
    .sort((a, b) => a.at.localeCompare(b.at))
    .at(-1);
  return (
    <div
      className={`sync-bar sync-${state}`}
      data-testid="sync-status"
      data-state={state}
      role="status"
      aria-live="polite"
    >
      <span className="sync-pill" title={state === 'offline' && lastError ? lastError.message : undefined}>
        <span className="dot" aria-hidden="true" />
        <span data-testid="sync-state">
          {state === 'online' && 'Online'}
          {state === 'offline' && 'Offline: working from this machine'}
          {state === 'token-rejected' && 'The service rejected the access token'}
          {state === 'unknown' && 'Contacting the service…'}
        </span>
      </span>
      <span className="sync-meta" data-testid="sync-last" title={lastSync ? new Date(lastSync).toLocaleString() : ''}>
        Last sync {formatAgo(lastSync, now)}
      </span>
      {running && (
        <span className="sync-meta" data-testid="sync-running">
          <span className="spinner" aria-hidden="true" />
          Syncing {RESOURCE_NAMES[running[0]] ?? running[0]}
          {progress && progress.pagesTotal > 1 ? ` ${progress.pagesDone}/${progress.pagesTotal}` : '…'}
        </span>
      )}
      {status.outbox.pending > 0 && (
        <span className="sync-chip" data-testid="outbox-pending">
          {status.outbox.pending} waiting to be sent
        </span>
      )}
      {status.outbox.failed > 0 && <span className="sync-chip warn">{status.outbox.failed} failed to send</span>}
      {status.outbox.conflicts > 0 && (
        <span className="sync-chip warn">
          {status.outbox.conflicts === 1 ? '1 conflict' : `${status.outbox.conflicts} conflicts`}
        </span>
      )}
      {!connected && <span className="sync-chip warn">Reconnecting…</span>}
    </div>
  );
}
