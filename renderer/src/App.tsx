import { useEffect, useState } from 'react';
import type { Role } from '../../shared/contract/operations.ts';
import { Logo, StaffHeader } from './components/StaffHeader.tsx';
import { AdminArea } from './features/admin/AdminArea.tsx';
import { DeskScreen } from './features/desk/DeskScreen.tsx';
import { KioskScreen } from './features/kiosk/KioskScreen.tsx';
import { useSession } from './stores/session.ts';

type Area = 'desk' | 'admin';

function StaffApp({ role }: { role: Exclude<Role, 'kiosk'> }) {
  const [area, setArea] = useState<Area>('desk');
  const shown: Area = role === 'admin' ? area : 'desk';
  const nav =
    role === 'admin' ? (
      <nav className="area-nav" aria-label="Areas">
        {(['desk', 'admin'] as const).map((a) => (
          <button
            type="button"
            key={a}
            className={a === shown ? 'active' : ''}
            aria-current={a === shown ? 'page' : undefined}
            onClick={() => setArea(a)}
            data-testid={`area-${a}`}
          >
            {a === 'desk' ? 'Reception desk' : 'Admin'}
          </button>
        ))}
      </nav>
    ) : undefined;
  return (
    <div className="staff-app">
      <StaffHeader role={role} nav={nav} />
      {shown === 'desk' ? <DeskScreen /> : <AdminArea />}
    </div>
  );
}

/** Routes by role: the kiosk for guests, the desk for staff, the desk and the admin console for admins. */
export function App() {
  const start = useSession((s) => s.start);
  const role = useSession((s) => s.role);
  useEffect(() => start(), [start]);
  return (
    <div className="app" data-role={role ?? 'unknown'}>
      {role === null ? (
        <div className="splash" role="status">
          <Logo />
          <span className="spinner" aria-hidden="true" />
        </div>
      ) : role === 'kiosk' ? (
        <KioskScreen />
      ) : (
        <StaffApp role={role} />
      )}
    </div>
  );
}
