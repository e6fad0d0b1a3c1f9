/**
 * The first start of Foyer on a machine: no admin PIN is set yet, and this
 * screen is at the machine itself (the desktop app's desk window, a browser
 * on the machine), so it asks for the first admin PIN; the session is then
 * admin. The core decides who may see it (session.get's firstStart) and
 * refuses anyone else; a kiosk window or a kiosk device never gets here.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Logo } from '../../components/StaffHeader.tsx';
import { ApiCallError } from '../../lib/api.ts';
import { capitalised } from '../../lib/format.ts';
import { errorText } from '../../lib/error-text.ts';
import { useSession } from '../../stores/session.ts';
import './setup.css';
import { PIN_PATTERN } from '../../../../shared/domain/pin.ts';

export function FirstStartScreen() {
  const role = useSession((s) => s.role);
  const setFirstAdminPin = useSession((s) => s.setFirstAdminPin);
  const skip = useSession((s) => s.skipFirstStart);
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<{ field?: string; message: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const pinError = (tried || pin.length >= 4) && !PIN_PATTERN.test(pin) ? 'A PIN is 4 to 12 digits.' : undefined;
  const againError = (tried || again.length >= pin.length) && again !== pin ? 'The two PINs differ.' : undefined;
  const shownPinError = pinError ?? (refused?.field === 'pin' ? refused.message : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!PIN_PATTERN.test(pin) || again !== pin || busy) return;
    setBusy(true);
    setRefused(null);
    try {
      await setFirstAdminPin(pin);
    } catch (error) {
      const detail = error instanceof ApiCallError ? error.details[0] : undefined;
      setRefused(
        detail
          ? { field: detail.path, message: capitalised(detail.message) }
          : { message: capitalised(errorText(error)) },
      );
    } finally {
      setBusy(false);
    }
  };
  const edit = (apply: () => void) => {
    apply();
    if (refused?.field) setRefused(null);
  };

  return (
    <main className="first-start" data-testid="first-start">
      <form className="card first-start-card" onSubmit={(e) => void submit(e)} noValidate>
        <Logo />
        <h1 ref={heading} tabIndex={-1}>
          Set the admin PIN
        </h1>
        <p>
          Foyer is new on this machine: no admin PIN is set yet. The admin PIN opens the admin console, where you
          connect Foyer to your visitor service, set up the kiosk and choose the desk PIN. Whoever knows it can change
          every setting, so choose one that others cannot guess, and keep it safe: Foyer cannot show it again.
        </p>
        <label className={`field${shownPinError ? ' field-invalid' : ''}`}>
          <span>Admin PIN (4 to 12 digits)</span>
          <input
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            value={pin}
            maxLength={12}
            onChange={(e) => edit(() => setPin(e.target.value.trim()))}
            aria-invalid={Boolean(shownPinError)}
            data-testid="first-pin"
          />
          {shownPinError && (
            <small className="error-text" role="alert" data-testid="first-pin-error">
              {shownPinError}
            </small>
          )}
        </label>
        <label className={`field${againError ? ' field-invalid' : ''}`}>
          <span>The same PIN again</span>
          <input
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            value={again}
            maxLength={12}
            onChange={(e) => edit(() => setAgain(e.target.value.trim()))}
            aria-invalid={Boolean(againError)}
            data-testid="first-pin-again"
          />
          {againError && (
            <small className="error-text" role="alert" data-testid="first-pin-again-error">
              {againError}
            </small>
          )}
        </label>
        {refused && !refused.field && (
          <div className="banner banner-error" role="alert" data-testid="first-start-refused">
            {refused.message}
          </div>
        )}
        <div className="button-row">
          <button type="submit" className="button-primary" disabled={busy} data-testid="first-pin-submit">
            {busy && <span className="spinner" aria-hidden="true" />}
            Set the PIN and open the admin console
          </button>
          {/* The desk window works without an admin PIN (as before this screen); a browser on an unset machine does not. */}
          {role === 'desk' && (
            <button type="button" className="button-ghost" onClick={skip} data-testid="first-start-later">
              Not now
            </button>
          )}
        </div>
        <p className="muted first-start-foot">
          Other screens of the site (a kiosk tablet, a second desk) cannot set it: only this machine can, until the PIN
          is set. Afterwards an admin changes it in the admin console, under Settings.
        </p>
      </form>
    </main>
  );
}
