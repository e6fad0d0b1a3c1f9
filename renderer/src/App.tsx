import { useEffect, useState } from 'react';
import type { Role } from '../../shared/contract/op.ts';
import { Icon } from './components/Icon.tsx';
import { PanelBoundary } from './components/PanelBoundary.tsx';
import { Logo, StaffHeader } from './components/StaffHeader.tsx';
import { AdminArea } from './features/admin/AdminArea.tsx';
import { DeskScreen } from './features/desk/DeskScreen.tsx';
import { DevicesView } from './features/desk/DevicesView.tsx';
import { KioskScreen } from './features/kiosk/KioskScreen.tsx';
import { useAdmin } from './features/admin/admin-store.ts';
import { PairingScreen } from './features/pairing/PairingScreen.tsx';
import { FirstStartScreen } from './features/setup/FirstStartScreen.tsx';
import { useSession } from './stores/session.ts';
import { useConnectionLost } from './stores/use-connection-lost.ts';

type Area = 'desk' | 'devices' | 'admin';

const AREA_LABELS: Record<Area, string> = { desk: 'Reception desk', devices: 'Devices', admin: 'Admin' };

function StaffApp({ role }: { role: Exclude<Role, 'kiosk'> }) {
  // Right after the first admin PIN was set here, the admin's next step is the console's settings.
  const [area, setArea] = useState<Area>(() => {
    if (!useSession.getState().justSetUp) return 'desk';
    useAdmin.getState().setSection('settings');
    return 'admin';
  });
  // The site's devices are the desk's business too (pairing a tablet is a reception job); the admin console is not.
  const areas: Area[] = role === 'admin' ? ['desk', 'devices', 'admin'] : ['desk', 'devices'];
  const shown: Area = areas.includes(area) ? area : 'desk';
  const nav = (
    <nav className="area-nav" aria-label="Areas">
      {areas.map((a) => (
        <button
          type="button"
          key={a}
          className={a === shown ? 'active' : ''}
          aria-current={a === shown ? 'page' : undefined}
          onClick={() => setArea(a)}
          data-testid={`area-${a}`}
        >
          {AREA_LABELS[a]}
        </button>
      ))}
    </nav>
  );
  return (
    <div className="staff-app">
      <StaffHeader role={role} nav={nav} />
      <HubLostBanner />
      <PanelBoundary key={shown} name={shown}>
        {shown === 'desk' ? <DeskScreen /> : shown === 'devices' ? <DevicesView /> : <AdminArea />}
      </PanelBoundary>
    </div>
  );
}

/** How long the stream may be down before the desk says so: a reconnect after a blip takes about a second. */
const DESK_LOST_AFTER_MS = 1500;

/**
 * The desk while it has lost its host (the site hub): what it shows was true
 * when the stream dropped, and nothing it does reaches anyone until it is back.
 */
function HubLostBanner() {
  const lost = useConnectionLost(DESK_LOST_AFTER_MS);
  if (!lost) return null;
  return (
    <div className="banner banner-warn hub-lost" role="alert" data-testid="hub-lost">
      <Icon name="cloudOff" />
      <span>
        <strong>The connection to the Foyer hub is lost.</strong> What you see may be out of date: wait until it is back
        before checking guests in or out. Reconnecting…
      </span>
    </div>
  );
}

/**
 * Routes by role: the kiosk for guests, the desk for staff, the desk and the admin console for admins; and, on a
 * machine with no admin PIN yet, the screen that asks for the first one (only where the core says so).
 */
export function App() {
  const start = useSession((s) => s.start);
  const role = useSession((s) => s.role);
  const unpaired = useSession((s) => s.unpaired);
  const firstStart = useSession((s) => s.firstStart);
  useEffect(() => start(), [start]);
  return (
    <div className="app" data-role={unpaired !== null ? 'unpaired' : (role ?? 'unknown')}>
      {unpaired !== null ? (
        <PairingScreen reason={unpaired} />
      ) : role === null ? (
        <div className="splash" role="status">
          <Logo />
          <span className="spinner" aria-hidden="true" />
        </div>
      ) : firstStart ? (
        <FirstStartScreen />
      ) : role === 'kiosk' ? (
        <KioskScreen />
      ) : (
        <StaffApp role={role} />
      )}
    </div>
  );
}
