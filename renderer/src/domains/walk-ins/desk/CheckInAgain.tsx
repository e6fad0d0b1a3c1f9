import { Icon } from '../../../components/Icon.tsx';
import { useWalkIns } from './walk-ins-store.ts';

/**
 * A guest who left comes back (from lunch, or was checked out by mistake): the interface has no way back from
 * checked out, so this registers them again like a walk-in, from their names, company and host, let in at once.
 */
export function CheckInAgain({ guest }: { guest: { invitationId: number; category: string } }) {
  const checkInAgain = useWalkIns((s) => s.checkInAgain);
  if (guest.category !== 'left' || guest.invitationId <= 0) return null;
  return (
    <button
      type="button"
      className="button-secondary"
      onClick={() => void checkInAgain(guest.invitationId)}
      data-testid="check-in-again"
    >
      <Icon name="logIn" size={18} />
      Check in again
    </button>
  );
}
