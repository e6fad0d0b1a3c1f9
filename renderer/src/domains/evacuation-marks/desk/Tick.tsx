import { useShallow } from 'zustand/react/shallow';
import { useShownRollCall } from '../../../features/desk/roll-call-shown.ts';
import { entryOf } from '../../../features/desk/roll-call-view.ts';
import { mark } from './mark.ts';

/**
 * A person of the roll call ticked as accounted for (or not), drawn by the roll call's panel in each row (the desk's
 * `rollCallRow` slot): large enough for a thumb, disabled once the roll call ended or while the hub is away (the
 * kept copy is shown then, and a mark would not be saved).
 */
export function Tick({
  rollCallId,
  invitationId,
  ended,
}: {
  rollCallId: number;
  invitationId: number;
  ended: boolean;
}) {
  const { accounted, kept, busy } = useShownRollCall(
    useShallow((s) => ({
      accounted: (s.rollCall && entryOf(s.rollCall, invitationId)?.accounted) ?? false,
      kept: s.keptAt !== null,
      busy: s.marking[invitationId] !== undefined,
    })),
  );
  return (
    <input
      type="checkbox"
      checked={accounted}
      disabled={ended || kept}
      aria-busy={busy}
      onChange={(event) => void mark(rollCallId, invitationId, event.target.checked)}
      data-testid="roll-call-tick"
    />
  );
}
