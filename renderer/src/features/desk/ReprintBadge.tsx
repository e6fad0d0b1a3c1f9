/**
 * A guest's badge printed again at the desk (a lost badge), on the site's
 * label printer: it says how many times the badge was printed before, and
 * asks first when it was (a second badge is a second key).
 */
import { useEffect, useState } from 'react';
import { Icon } from '../../components/Icon.tsx';
import { api } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';

const ORDINAL = ['first', 'second', 'third', 'fourth', 'fifth'];
const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`);

/** Keyed by the guest where it is used: another guest starts afresh. */
export function ReprintBadge({ invitationId }: { invitationId: number }) {
  const [printed, setPrinted] = useState<number | null>(null);
  const [asking, setAsking] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  useEffect(() => {
    if (invitationId <= 0) return;
    api.call('printing.badge', { invitationId }).then(
      (badge) => setPrinted(badge.canPrint ? badge.printed : null),
      () => setPrinted(null),
    );
  }, [invitationId]);
  if (printed === null) return null;
  const print = () => {
    setAsking(false);
    api.call('printing.reprint', { invitationId }).then(
      ({ printedBefore }) => {
        setPrinted(printedBefore + 1);
        setSaid(`Printing the ${ORDINAL[printedBefore] ?? `${printedBefore + 1}th`} badge of this guest.`);
      },
      (error: unknown) => setSaid(errorText(error)),
    );
  };
  return (
    <div className="reprint-badge" data-testid="reprint-badge">
      {asking ? (
        <>
          <span>Printed {times(printed)} before. Print again?</span>
          <button type="button" className="button-primary" onClick={print} data-testid="reprint-confirm">
            Print again
          </button>
          <button type="button" className="button-ghost" onClick={() => setAsking(false)}>
            Cancel
          </button>
        </>
      ) : (
        <button
          type="button"
          className="button-secondary"
          onClick={() => (printed > 0 ? setAsking(true) : print())}
          data-testid="reprint"
        >
          <Icon name="printer" size={18} />
          {printed > 0 ? 'Print badge again' : 'Print badge'}
        </button>
      )}
      {said && <span role="status">{said}</span>}
    </div>
  );
}
