import type { ReactNode } from 'react';
import type { Role } from '../../../shared/contract/op.ts';
import { useSession } from '../stores/session.ts';
import { Icon } from './Icon.tsx';
import { SyncStatusBar } from './SyncStatusBar.tsx';

export function Logo() {
  return (
    <span className="logo" aria-label="Foyer">
      <svg width="26" height="26" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path d="M10 24V9h12M10 16h9" stroke="#fff" strokeWidth="3.2" strokeLinecap="round" fill="none" />
      </svg>
      <span>Foyer</span>
    </span>
  );
}

/** The staff screens' bar: where you are, the sync status, and the way back to the kiosk. */
export function StaffHeader({ role, nav }: { role: Role; nav?: ReactNode }) {
  const lock = useSession((s) => s.lock);
  const person = useSession((s) => s.person);
  const roleWord = role === 'admin' ? 'Admin' : 'Desk';
  return (
    <header className="staff-top">
      <div className="staff-header">
        <Logo />
        {nav}
        <div className="staff-header-end">
          {/* The person who unlocked with their own PIN, else the role the shared PIN gave. */}
          <span
            className={`role-chip role-${role}`}
            title={person ? `${person}, ${roleWord.toLowerCase()}` : undefined}
            data-testid="role"
            data-role={role}
          >
            {person ?? roleWord}
          </span>
          <button
            type="button"
            className="button-secondary button-small"
            onClick={() => void lock()}
            data-testid="lock"
          >
            <Icon name="lock" size={16} />
            Lock
          </button>
        </div>
      </div>
      <div className="status-strip">
        <SyncStatusBar />
      </div>
    </header>
  );
}
