import { useCallback, useEffect, useId, useState } from 'react';
import { ApiCallError } from '../lib/api.ts';
import { useSession } from '../stores/session.ts';
import { Icon } from './Icon.tsx';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
const MAX_DIGITS = 12;
const IDLE_CLOSE_MS = 30_000;

function messageOf(error: unknown): string {
  const text = error instanceof ApiCallError ? error.message : 'The PIN could not be checked. Try again.';
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A PIN pad for staff: touch or keyboard, the digits never shown. */
export function PinPad({ onClose }: { onClose: () => void }) {
  const unlock = useSession((s) => s.unlock);
  const pinsSet = useSession((s) => s.pinsSet);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const titleId = useId();

  const press = useCallback((digit: string) => {
    setError(null);
    setPin((current) => (current.length < MAX_DIGITS ? current + digit : current));
  }, []);
  const erase = useCallback(() => setPin((current) => current.slice(0, -1)), []);

  const submit = useCallback(async () => {
    if (busy) return;
    if (pin.length < 4) {
      setError('A PIN has at least 4 digits.');
      return;
    }
    setBusy(true);
    try {
      await unlock(pin);
      onClose();
    } catch (failure) {
      setError(messageOf(failure));
      setPin('');
      setAttempt((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }, [busy, pin, unlock, onClose]);

  // Left open at an unattended kiosk, the pad closes by itself.
  useEffect(() => {
    const timer = setTimeout(onClose, IDLE_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [pin, error, onClose]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (/^\d$/.test(event.key)) press(event.key);
      else if (event.key === 'Backspace') erase();
      else if (event.key === 'Enter') void submit();
      else if (event.key === 'Escape') onClose();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [press, erase, submit, onClose]);

  const slots = Math.max(4, pin.length);
  return (
    <div className="modal-backdrop" onPointerDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="pin-pad" role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid="pin-pad">
        <button type="button" className="icon-button pin-close" onClick={onClose} aria-label="Close">
          <Icon name="close" />
        </button>
        <div className="pin-badge">
          <Icon name="shield" size={26} />
        </div>
        <h2 id={titleId}>Staff access</h2>
        <p className="muted">Enter the desk or admin PIN.</p>
        <div
          key={attempt}
          className={`pin-dots${error ? ' shake' : ''}`}
          aria-label={`${pin.length} digits entered`}
          data-testid="pin-dots"
        >
          {Array.from({ length: slots }, (_, i) => (
            <span key={i} className={i < pin.length ? 'filled' : ''} />
          ))}
        </div>
        <p className="pin-error" role="alert">
          {error ?? (pinsSet ? '' : 'No staff PIN is set on this machine yet.')}
        </p>
        <div className="pin-keys">
          {KEYS.map((key) => (
            <button type="button" key={key} onClick={() => press(key)} disabled={busy}>
              {key}
            </button>
          ))}
          <button type="button" className="pin-key-aux" onClick={erase} disabled={busy || !pin} aria-label="Delete">
            <Icon name="backspace" size={24} />
          </button>
          <button type="button" onClick={() => press('0')} disabled={busy}>
            0
          </button>
          <button
            type="button"
            className="pin-key-ok"
            onClick={() => void submit()}
            disabled={busy || pin.length < 4}
            aria-label="Unlock"
            data-testid="pin-submit"
          >
            <Icon name="arrowRight" size={24} />
          </button>
        </div>
      </div>
    </div>
  );
}

/** The discreet corner button that opens the PIN pad. */
export function StaffUnlock({ label }: { label: string }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <button type="button" className="staff-button" onClick={() => setOpen(true)} data-testid="staff-button">
        <Icon name="lock" size={15} />
        {label}
      </button>
      {open && <PinPad onClose={close} />}
    </>
  );
}
