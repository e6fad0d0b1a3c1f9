import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { DeskGuest, PassCode } from '../../../../shared/contract/guests.ts';
import type { KioskSettings } from '../../../../shared/contract/settings.ts';
import { badgeWords } from '../../components/badge-words.ts';
import { Icon } from '../../components/Icon.tsx';
import { VisitorBadge } from '../../components/VisitorBadge.tsx';
import { api } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';

/**
 * The guest's pass: their signed code as a QR on a visitor badge (the kiosk
 * prints the same), shown when asked and printable from the desk, for a guest
 * who arrives without one or lost it.
 */
export function GuestPass({ guest }: { guest: DeskGuest }) {
  const [pass, setPass] = useState<PassCode | null>(null);
  const [settings, setSettings] = useState<KioskSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    if (!printing) return;
    const frame = requestAnimationFrame(() => {
      window.print();
      setPrinting(false);
    });
    return () => cancelAnimationFrame(frame);
  }, [printing]);

  const show = async () => {
    try {
      const [code, kiosk] = await Promise.all([
        api.call('guests.passCode', { invitationId: guest.invitationId }),
        api.call('kiosk.settings', {}),
      ]);
      setPass(code);
      setSettings(kiosk);
      setError(null);
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  if (!pass)
    return (
      <>
        <button
          type="button"
          className="button-secondary button-small"
          onClick={() => void show()}
          data-testid="show-pass"
        >
          <Icon name="scan" size={14} />
          Show guest pass
        </button>
        {error && <p className="muted">The pass could not be made: {error}</p>}
      </>
    );
  const badge = (
    <VisitorBadge
      guest={guest}
      hostName={guest.hostName}
      date={guest.startsAt ?? new Date().toISOString()}
      code={pass.qrText}
      layout={settings?.badge.layout ?? 'standard'}
      branding={settings?.branding ?? { logoDataUrl: null, accentColor: null }}
      {...(settings ? badgeWords(settings) : {})}
    />
  );
  return (
    <div className="guest-pass" data-testid="guest-pass">
      <div className="guest-pass-badge">{badge}</div>
      <button
        type="button"
        className="button-secondary button-small"
        onClick={() => setPrinting(true)}
        data-testid="print-pass"
      >
        <Icon name="printer" size={14} />
        Print guest pass
      </button>
      {printing && createPortal(<div className="print-sheet badge-sheet">{badge}</div>, document.body)}
    </div>
  );
}
