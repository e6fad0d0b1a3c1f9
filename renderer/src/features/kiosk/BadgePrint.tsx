import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useShallow } from 'zustand/react/shallow';
import type { KioskCheckIn } from '../../../../shared/contract/kiosk.ts';
import { badgeWords } from '../../components/badge-words.ts';
import { BADGE_SIZES_MM, VisitorBadge } from '../../components/VisitorBadge.tsx';
import { api } from '../../lib/api.ts';
import { useSession } from '../../stores/session.ts';
import { useKiosk } from './kiosk-store.ts';

const NO_PARTY: KioskCheckIn[] = [];
/** The longest a badge waits for its door PIN: the service answers in a second or two, a guest should not wait long. */
export const BADGE_PIN_WAIT_MS = 5_000;

/**
 * The door PINs of the party checked in with the guest, asked once the
 * guest's own arrival is settled (they were sent in the same moment); null
 * while asking. A PIN the service has not given yet is left off that badge.
 */
function usePartyPins(party: KioskCheckIn[], settled: boolean): Record<number, string | null> | null {
  const [pins, setPins] = useState<Record<number, string | null> | null>(party.length === 0 ? {} : null);
  const asked = useRef(false);
  useEffect(() => {
    if (!settled || asked.current || party.length === 0) return;
    asked.current = true;
    const pinOf = (c: KioskCheckIn) =>
      api.call('kiosk.arrival', { ticket: c.ticket }).then(
        (arrival) => [c.invitationId, arrival.doorPin] as const,
        () => [c.invitationId, null] as const,
      );
    void Promise.all(party.map(pinOf)).then((entries) => setPins(Object.fromEntries(entries)));
  }, [settled, party]);
  return pins;
}

/** Set while a badge waits for its door PIN: leaving the screen prints it at once (without the PIN). */
let waiting: (() => Promise<void> | null) | null = null;

/**
 * Leaving the success screen (Done, its countdown, the idle reset): a badge
 * still waiting is printed first, and the screen closes once it is; with
 * none waiting, at once.
 */
export function leaveAfterBadge(leave: () => void): void {
  const printing = waiting?.();
  if (printing) void printing.then(leave);
  else leave();
}

/**
 * The badges, printed once per check-in: only they show on paper (see
 * kiosk.css, @media print), never on the screen; one page each, the label's
 * size, so a party of three gets three badges. Outside the app's root, which
 * the print hides, so that nothing of the screen's layout moves them. Their words are in the
 * badge's language, whatever the guest picked. Where the admin turned it on
 * (kiosk.badge.doorPin: a badge is worn in sight all day), each carries its
 * guest's door PIN, so the print waits for the service's answer (a second or
 * so): at most BADGE_PIN_WAIT_MS, not when the service cannot be reached,
 * and not once the guest leaves the screen; then it prints without it.
 */
export function BadgePrint() {
  const { step, settings, photo } = useKiosk(
    useShallow((s) => ({ step: s.step, settings: s.settings, photo: s.photo })),
  );
  const offline = useSession((s) => s.status?.online !== true || !s.connected);
  const printed = useRef(false);
  const done = step.kind === 'done' ? step : null;
  const checkIn = done?.checkIn ?? null;
  // One badge each, for the guest and the party checked in with them; one without a code (the core could not
  // sign one) is not printed: the check-in stands, and the desk gives that guest a badge.
  const printable = done ? [checkIn, ...done.party].filter((c): c is KioskCheckIn => Boolean(c?.passCode)) : [];
  const withPin = settings.badge.doorPin;
  const guestPin = withPin ? (done?.arrival?.doorPin ?? null) : null;
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), BADGE_PIN_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const settled = done !== null && (!withPin || !done.following || guestPin !== null || offline || waited);
  const partyPins = usePartyPins(withPin ? (done?.party ?? NO_PARTY) : NO_PARTY, settled);
  // The host prints on the site's label printer (checkIn.hostPrints): the page prints nothing, and no dialog opens.
  const enabled = settings.badge.enabled && checkIn !== null && !checkIn.hostPrints && printable.length > 0;
  const ready = enabled && settled && partyPins !== null;

  const print = useCallback(() => {
    if (printed.current) return null;
    printed.current = true;
    // A printer that fails is the desk's to see, not the guest's.
    return api.printPage().catch(() => {});
  }, []);
  useEffect(() => {
    if (!enabled) return;
    waiting = print;
    return () => {
      if (waiting === print) waiting = null;
    };
  }, [enabled, print]);
  useEffect(() => {
    if (!ready) return;
    // After the badge is painted.
    const frame = requestAnimationFrame(() => void print());
    return () => cancelAnimationFrame(frame);
  }, [ready, print]);

  if (!enabled) return null;
  const size = BADGE_SIZES_MM[settings.badge.layout];
  const words = badgeWords(settings);
  const pinOf = (c: KioskCheckIn) => (c.invitationId === checkIn.invitationId ? guestPin : partyPins?.[c.invitationId]);
  return createPortal(
    <div className="kiosk-print-badge" aria-hidden="true" data-testid="kiosk-print-badge" data-ready={ready}>
      <style>{`@page { size: ${size.width}mm ${size.height}mm; margin: 0; }`}</style>
      {printable.map((c) => (
        <VisitorBadge
          key={c.invitationId}
          guest={c}
          hostName={c.hostName}
          date={c.startsAt ?? c.tappedAt}
          code={c.passCode!}
          layout={settings.badge.layout}
          branding={settings.branding}
          doorPin={pinOf(c)}
          photo={c.invitationId === checkIn.invitationId ? photo : null}
          {...words}
        />
      ))}
    </div>,
    document.body,
  );
}
