/**
 * The roll call on the screens (electron/core/roll-call/ is its core): the
 * desk's roll call under way (its panel, its sheet, its report) and "Start roll
 * call", the kiosk held by where to gather while it runs, the admin's assembly
 * point. Each of its rows draws what other domains add (the marks' tick, by
 * ids: `rollCallRow`). Listed once in renderer/src/domains.ts; nothing else
 * imports this folder.
 */
import { resetStore } from '../../components/PanelBoundary.tsx';
import type { RendererDomain } from '../../domain.ts';
import { useShownRollCall } from '../../features/desk/roll-call-shown.ts';
import { EvacuationForm } from './admin/EvacuationForm.tsx';
import { useRollCall } from './desk/roll-call-store.ts';
import { RollCallPanel, StartRollCallButton } from './desk/RollCallPanel.tsx';
import { EvacuationScreen, FollowEvacuation } from './kiosk/EvacuationScreen.tsx';
import { useEvacuation } from './kiosk/evacuation-store.ts';

const resetRollCall = resetStore(useRollCall);
const resetShown = resetStore(useShownRollCall);

export const rollCallDomain: RendererDomain = {
  name: 'roll-call',
  desk: {
    top: [
      {
        name: 'roll-call',
        Panel: RollCallPanel,
        onReload: () => {
          resetRollCall();
          resetShown();
        },
      },
    ],
    toolbar: [StartRollCallButton],
  },
  kiosk: {
    // No check-in while the building is evacuated: where to go, in the guest's language; staff may still unlock.
    // First, whatever the connection: guests must not be sent to the desk while the building is to be left.
    takeovers: [
      {
        name: 'evacuation',
        subscribe: useEvacuation.subscribe,
        isActive: () => useEvacuation.getState().active,
        className: 'kiosk-evacuating',
        // Whatever fails on it, the screen still tells guests to leave.
        failed: 'evacuationTitle',
        Screen: EvacuationScreen,
      },
    ],
    watchers: [FollowEvacuation],
  },
  admin: { settings: [EvacuationForm] },
};
