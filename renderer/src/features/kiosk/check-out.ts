/** The kiosk's check-out: "Check out" on the start screen, and Undo while the check-out is held back. */
import { api } from '../../lib/api.ts';
import { problemOf, useKiosk } from './kiosk-store.ts';

/** The start screen's "Check out": the guest finds themselves, and is asked the check-out question at once. */
export function startCheckOut(): void {
  useKiosk.getState().reset();
  useKiosk.setState({ intent: 'checkOut' });
}

/** Takes back this kiosk's check-out while the core still holds it back (8 s). */
export async function undoCheckOut(): Promise<void> {
  const { step, busy } = useKiosk.getState();
  if (step.kind !== 'done' || !step.checkOut || busy) return;
  useKiosk.setState({ busy: true, problem: null });
  try {
    const guest = await api.call('kiosk.undoCheckOut', { ticket: step.checkOut.ticket });
    useKiosk.setState({ step: { ...step, guest, checkOut: null, action: 'undoCheckOut' } });
  } catch (error) {
    useKiosk.setState({ problem: problemOf(error) });
  } finally {
    useKiosk.setState({ busy: false });
  }
}
