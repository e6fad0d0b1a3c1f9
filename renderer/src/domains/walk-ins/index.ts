/**
 * The walk-ins on the screens (electron/core/walk-ins/ is their core): the
 * kiosk's "I'm not on the list" and its form, the desk's requests waiting and
 * "Add visitor", "Check in again" on a guest who left, the admin's settings.
 * Listed once in renderer/src/domains.ts; nothing else imports this folder.
 */
import { resetStore } from '../../components/PanelBoundary.tsx';
import type { RendererDomain } from '../../domain.ts';
import { WalkInsForm } from './admin/WalkInsForm.tsx';
import { CheckInAgain } from './desk/CheckInAgain.tsx';
import { useWalkIns } from './desk/walk-ins-store.ts';
import { WalkInsPanel } from './desk/WalkInsPanel.tsx';
import { WalkInEntry, WalkInStep } from './kiosk/WalkInStep.tsx';
import { useWalkIn } from './kiosk/walk-in-store.ts';

export const walkInsDomain: RendererDomain = {
  name: 'walk-ins',
  desk: {
    notices: [{ name: 'walk-ins', Panel: WalkInsPanel, onReload: resetStore(useWalkIns) }],
    guestActions: [CheckInAgain],
  },
  kiosk: {
    steps: [
      {
        name: 'walk-in',
        subscribe: useWalkIn.subscribe,
        isOpen: () => useWalkIn.getState().open,
        close: () => useWalkIn.getState().close(),
        Step: WalkInStep,
      },
    ],
    startActions: [WalkInEntry],
  },
  admin: { settings: [WalkInsForm] },
};
