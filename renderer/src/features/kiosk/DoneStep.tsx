import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Icon } from '../../components/Icon.tsx';
import { personName } from '../../../../shared/domain/person-name.ts';
import { formatClock, kioskName } from '../../lib/format.ts';
import { BadgePrint, leaveAfterBadge } from './BadgePrint.tsx';
import type { KioskMessageKey } from './i18n/messages.ts';
import { DoorPinReveal } from './DoorPinReveal.tsx';
import { type KioskOutcome } from './kiosk-store.ts';
import { UndoCheckOut } from './UndoCheckOut.tsx';
import { useSession } from '../../stores/session.ts';
import { useKiosk } from './kiosk-store.ts';
import { useFocusHeading } from './use-focus-heading.ts';
import { useTranslation } from './use-translation.ts';

/** Long enough to read the message (and note a door PIN), short enough that the next guest finds the start screen. */
export const DONE_SECONDS = 15;

const TEXTS: Record<KioskOutcome, [KioskMessageKey, KioskMessageKey]> = {
  checkIn: ['checkedInTitle', 'checkedInBody'],
  checkOut: ['checkedOutTitle', 'checkedOutBody'],
  undoCheckOut: ['undoneTitle', 'undoneBody'],
};

export function DoneStep() {
  const { t, locale } = useTranslation();
  const heading = useFocusHeading();
  const { step, badgeEnabled, reset, announce } = useKiosk(
    useShallow((s) => ({ step: s.step, badgeEnabled: s.settings.badge.enabled, reset: s.reset, announce: s.announce })),
  );
  const offline = useSession((s) => s.status?.online !== true || !s.connected);
  const [left, setLeft] = useState(DONE_SECONDS);
  const doorPin = step.kind === 'done' ? (step.arrival?.doorPin ?? null) : null;

  useEffect(() => {
    const timer = setInterval(() => setLeft((n) => n - 1), 1000);
    return () => clearInterval(timer);
  }, []);
  // A door PIN that arrives late gets the whole time to be read.
  const [pinShown, setPinShown] = useState<string | null>(null);
  if (doorPin !== pinShown) {
    setPinShown(doorPin);
    if (doorPin) setLeft(DONE_SECONDS);
  }
  useEffect(() => {
    if (left <= 0) leaveAfterBadge(reset);
  }, [left, reset]);

  const guest = step.kind === 'done' ? step.guest : null;
  const checkIn = step.kind === 'done' ? step.checkIn : null;
  const action = step.kind === 'done' ? step.action : 'checkIn';
  const checkedIn = action === 'checkIn';
  const following = step.kind === 'done' && step.following;
  // The whole name in its own order ("Maria Popa", "王超"), as the guest is greeted.
  const name = guest ? personName(guest) || kioskName(guest) : '';
  const [titleKey, bodyKey] = TEXTS[action];
  const title = t(titleKey, { name });
  const body = t(bodyKey);
  const party = step.kind === 'done' ? step.party.map(kioskName).join(', ') : '';
  const hostName = (step.kind === 'done' && (step.arrival?.hostName ?? checkIn?.hostName)) || null;
  const tappedAt = step.kind === 'done' ? (step.arrival?.tappedAt ?? checkIn?.tappedAt ?? null) : null;
  // The service has not confirmed the check-in yet, and the kiosk stopped waiting: the desk knows the way in.
  const unknownAccess = checkedIn && !following && guest?.pending === true;
  const said = [title, body, party ? t('partyCheckedIn', { names: party }) : '', unknownAccess ? t('seeReception') : '']
    .filter(Boolean)
    .join(' ');
  useEffect(() => announce(said), [announce, said]);

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
      {checkedIn && (
        <div className="done-facts" data-testid="kiosk-done-facts">
          {party && <p data-testid="kiosk-party-done">{t('partyCheckedIn', { names: party })}</p>}
          {/* Hidden until the guest taps to see it, and hidden again: the next in the queue must not read it. */}
          {doorPin && <DoorPinReveal pin={doorPin} />}
          {hostName && (
            <p data-testid="kiosk-host">
              <span>{t('hostLabel')}</span>
              <strong>{hostName}</strong>
            </p>
          )}
          {tappedAt && <p data-testid="kiosk-arrived-at">{t('arrivedAt', { time: formatClock(tappedAt, locale) })}</p>}
        </div>
      )}
      {unknownAccess && (
        <p className="done-reception" data-testid="kiosk-see-reception">
          <Icon name="info" size={24} />
          {t('seeReception')}
        </p>
      )}
      {waiting && (
        <p className="done-pending" data-testid="kiosk-pending">
          <Icon name="cloudOff" size={24} />
          {t(checkedIn ? 'pendingCheckIn' : 'pendingCheckOut')}
        </p>
      )}
      {checkedIn && badgeEnabled && (
        <p className="done-badge" data-testid="kiosk-badge-note">
          <Icon name="printer" size={24} />
          {t('badgePrinting')}
        </p>
      )}
      <UndoCheckOut />
      <button
        type="button"
        className="button-primary button-large"
        onClick={() => leaveAfterBadge(reset)}
        data-testid="kiosk-done-button"
      >
        {t('done')}
      </button>
      <p className="kiosk-countdown">{t('closingIn', { seconds: Math.max(left, 0) })}</p>
      <BadgePrint />
    </section>
  );
}
