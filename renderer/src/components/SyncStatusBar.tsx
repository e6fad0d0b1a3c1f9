import { useShallow } from 'zustand/react/shallow';
import { formatAgo, formatStamp, lastSyncOf } from '../lib/format.ts';
import { useNow } from '../lib/use-now.ts';
import { useSession } from '../stores/session.ts';
import { useConnectionLost } from '../stores/use-connection-lost.ts';

const RESOURCE_NAMES: Record<string, string> = {
  invitations: 'invitations',
  checkIns: 'check-ins',
  employees: 'employees',
  groups: 'groups',
};

/** What the desk reads when the token is refused: nothing is lost, it resumes by itself, what to check if it lasts. */
export const TOKEN_REFUSED_SENTENCE =
  'The service refused the access token. Everything queued is kept and Foyer keeps asking; it resumes by itself as soon as the service accepts the token. If this lasts, check the token in the settings.';

/** How long the stream to the hub may be down before the bar says so: a reconnect after a blip takes about a second. */
const HUB_LOST_AFTER_MS = 1500;

/** Online or not, when the mirror last heard from the service, and what is still waiting to be sent. */
export function SyncStatusBar() {
  const { status, connected } = useSession(useShallow((s) => ({ status: s.status, connected: s.connected })));
  const now = useNow(5_000);
  // A device whose hub is away knows nothing of the service: the last status it heard is no longer true.
  const hubLost = useConnectionLost(HUB_LOST_AFTER_MS);
  if (hubLost)
    return (
      <div className="sync-bar sync-unreachable" data-testid="sync-status" data-state="unreachable" role="status">
        <span className="sync-pill">
          <span className="dot" aria-hidden="true" />
          <span data-testid="sync-state">The Foyer hub cannot be reached</span>
        </span>
        <span className="sync-meta">Reconnecting…</span>
      </div>
    );
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
  // A machine that cannot save comes first: nothing else it shows can stay true for long.
  const state = status.storage
    ? 'storage'
    : status.tokenRejected
      ? 'token-rejected'
      : status.online === false
        ? 'offline'
        : status.online
          ? 'online'
          : 'unknown';
  // A damaged mirror whose queued changes could not all be read: how many, and where the file is kept.
  const problem =
    status.storage?.message ?? (status.tokenRejected ? TOKEN_REFUSED_SENTENCE : null) ?? status.damage?.message ?? null;
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
          {state === 'storage' && (status.storage?.kind === 'disk_full' ? 'The disk is full' : 'Cannot save')}
          {state === 'token-rejected' && 'The service refused the access token'}
          {state === 'unknown' && 'Contacting the service…'}
        </span>
      </span>
      <span className="sync-meta" data-testid="sync-last" title={lastSync ? formatStamp(lastSync) : ''}>
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
      {status.damage && (
        <span className="sync-chip warn" data-testid="mirror-damage">
          Damaged mirror kept
        </span>
      )}
      {!connected && <span className="sync-chip warn">Reconnecting…</span>}
      {problem && (
        <span className="sync-problem" data-testid="sync-problem" role="alert">
          {problem}
        </span>
      )}
    </div>
  );
}
