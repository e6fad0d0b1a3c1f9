import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Icon } from '../../components/Icon.tsx';
import { kioskName } from '../../lib/format.ts';
import { useSession } from '../../stores/session.ts';
import { useKiosk } from './kiosk-store.ts';
import { useFocusHeading } from './use-focus-heading.ts';
import { useTranslation } from './use-translation.ts';

/** Long enough to read the message, short enough that the next guest finds the start screen. */
export const DONE_SECONDS = 15;

export function DoneStep() {
  const { t } = useTranslation();
  const heading = useFocusHeading();
  const { step, reset, announce } = useKiosk(
    useShallow((s) => ({ step: s.step, reset: s.reset, announce: s.announce })),
  );
  const offline = useSession((s) => s.status?.online !== true || !s.connected);
  const [left, setLeft] = useState(DONE_SECONDS);

  useEffect(() => {
    const timer = setInterval(() => setLeft((n) => n - 1), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left <= 0) reset();
  }, [left, reset]);

  const guest = step.kind === 'done' ? step.guest : null;
  const checkedIn = step.kind === 'done' && step.action === 'checkIn';
  const name = guest ? guest.firstName?.trim() || kioskName(guest) : '';
  const title = t(checkedIn ? 'checkedInTitle' : 'checkedOutTitle', { name });
  const body = t(checkedIn ? 'checkedInBody' : 'checkedOutBody');
  useEffect(() => announce(`${title} ${body}`), [announce, title, body]);

  if (!guest) return null;
  // Queued here and not yet confirmed by the service: say so only when the connection is really down.
  const waiting = guest.pending && offline;

  return (
    <section className="kiosk-done" data-testid="kiosk-done" data-pending={guest.pending}>
      <div className={`done-mark${checkedIn ? '' : ' done-mark-out'}`} aria-hidden="true">
        <Icon name={checkedIn ? 'check' : 'logOut'} size={64} />
      </div>
      <h1 className="kiosk-title done-title" tabIndex={-1} ref={heading}>
        {title}
      </h1>
      <p className="kiosk-intro">{body}</p>
      {waiting && (
        <p className="done-pending" data-testid="kiosk-pending">
          <Icon name="cloudOff" size={24} />
          {t(checkedIn ? 'pendingCheckIn' : 'pendingCheckOut')}
        </p>
      )}
      <button type="button" className="button-primary button-large" onClick={reset} data-testid="kiosk-done-button">
        {t('done')}
      </button>
      <p className="kiosk-countdown">{t('closingIn', { seconds: Math.max(left, 0) })}</p>
    </section>
  );
}
