/**
 * Ticking a person off the roll call at this desk: shown at once, sent to the
 * hub (evacuation.tick), and the hub's answer (its time and this device's
 * name) put in its place, or the mark undone with the reason. It writes the
 * roll call as this desk shows it (features/desk/roll-call-shown.ts), below
 * the roll call's screens and these, so that neither names the other.
 */
import { personName } from '../../../../../shared/domain/person-name.ts';
import { api, ApiCallError } from '../../../lib/api.ts';
import {
  reloadRollCall,
  rollCallFailed as failed,
  showRollCall as show,
  useShownRollCall,
} from '../../../features/desk/roll-call-shown.ts';
import { withMark } from '../../../features/desk/roll-call-view.ts';

export async function mark(rollCallId: number, invitationId: number, accounted: boolean): Promise<void> {
  const { rollCall, keptAt } = useShownRollCall.getState();
  const entry = rollCall?.entries.find((e) => e.invitationId === invitationId);
  if (!rollCall || rollCall.id !== rollCallId || !entry || rollCall.endedAt) return;
  if (keptAt) return failed('Not marked', new ApiCallError('UNREACHABLE', ''));
  // Shown at once; the hub's answer (its time and this device's name) replaces it.
  useShownRollCall.setState((s) => ({
    rollCall: s.rollCall && withMark(s.rollCall, { ...entry, accounted }),
    marking: { ...s.marking, [invitationId]: accounted },
  }));
  try {
    const answer = await api.call('evacuation.tick', { rollCallId: rollCall.id, invitationId, accounted });
    const current = useShownRollCall.getState().rollCall;
    // Shown already when the screen holds this version or a later one (the stream's news came first).
    if (current && current.id === rollCall.id && answer.version > current.version) {
      if (answer.version === current.version + 1) show(withMark(current, answer.entry, answer.version));
      // Further on than this mark alone: another desk marked meanwhile, so ask for the whole.
      else void reloadRollCall();
    }
  } catch (error) {
    useShownRollCall.setState((s) => ({ rollCall: s.rollCall && withMark(s.rollCall, entry) }));
    failed(`${personName(entry) || 'The guest'} was not marked`, error);
  } finally {
    useShownRollCall.setState((s) => {
      const { [invitationId]: _done, ...marking } = s.marking;
      return { marking };
    });
  }
}
