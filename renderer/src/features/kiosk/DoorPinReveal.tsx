import { useEffect, useState } from 'react';
import { Icon } from '../../components/Icon.tsx';
import { api } from '../../lib/api.ts';
import { useTranslation } from './use-translation.ts';

/** How long a door PIN stays on a public screen once tapped: long enough to read, then hidden again. */
export const PIN_SHOWN_MS = 6_000;

/**
 * A door PIN behind a tap: hidden until the guest taps to see it, hidden
 * again after a few seconds, so the next person in the queue does not read
 * it. `pin` is the PIN when known; else `ticket` asks the core, which answers
 * only for a check-in this kiosk session made minutes ago (anyone else is
 * sent to reception).
 */
export function DoorPinReveal({ pin, ticket, primary }: { pin?: string | null; ticket?: string; primary?: boolean }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<string | null>(null);
  const [atDesk, setAtDesk] = useState(false);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), PIN_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  async function reveal() {
    if (pin) return setShown(pin);
    if (!ticket) return setAtDesk(true);
    const arrival = await api.call('kiosk.arrival', { ticket }).catch(() => null);
    if (arrival?.doorPin) setShown(arrival.doorPin);
    else setAtDesk(true);
  }

  if (shown)
    return (
      <p className="done-pin" data-testid="kiosk-door-pin">
        <span>{t('doorPin')}</span>
        <strong>{shown}</strong>
        <button type="button" className="button-ghost" onClick={() => setShown(null)} data-testid="kiosk-door-pin-hide">
          {t('doorPinHide')}
        </button>
      </p>
    );
  if (atDesk)
    return (
      <p className="confirm-note" data-testid="kiosk-door-pin-desk">
        <Icon name="info" size={24} />
        {t('doorPinAtDesk')}
      </p>
    );
  return (
    <button
      type="button"
      className={primary ? 'button-primary button-huge' : 'button-secondary button-large'}
      onClick={() => void reveal()}
      data-testid="kiosk-show-door-pin"
    >
      <Icon name="lock" size={28} />
      {t('showDoorPin')}
    </button>
  );
}
