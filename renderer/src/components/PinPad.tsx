import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ApiCallError } from '../lib/api.ts';
import { useSession } from '../stores/session.ts';
import { Icon } from './Icon.tsx';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
const MAX_DIGITS = 12;
const IDLE_CLOSE_MS = 30_000;

/** What the pad says; the kiosk passes its own language's words. */
export interface PinPadLabels {
  title: string;
  hint: string;
  tooShort: string;
  wrong: string;
  locked: string;
  noPinSet: string;
  failed: string;
  close: string;
  erase: string;
  unlock: string;
  /** "{count} digits entered" */
  entered(count: number): string;
}

export const ENGLISH_PIN_LABELS: PinPadLabels = {
  title: 'Staff access',
  hint: 'Enter the desk or admin PIN.',
  tooShort: 'A PIN has at least 4 digits.',
  wrong: 'Wrong PIN.',
  locked: 'Too many wrong PINs. Try again in a minute.',
  noPinSet: 'No staff PIN is set yet: set the first admin PIN in Foyer on the machine it runs on.',
  failed: 'The PIN could not be checked. Try again.',
  close: 'Close',
  erase: 'Delete',
  unlock: 'Unlock',
  entered: (count) => `${count} digits entered`,
};

/** The core's answers are REFUSED for a wrong PIN, for a lockout and when no PIN is set: said in the pad's language. */
function messageOf(error: unknown, labels: PinPadLabels, pinsSet: boolean): string {
  if (!(error instanceof ApiCallError) || error.code !== 'REFUSED') return labels.failed;
  if (!pinsSet) return labels.noPinSet;
  return /too many/i.test(error.message) ? labels.locked : labels.wrong;
}

/** A PIN pad for staff: touch or keyboard, the digits never shown. */
export function PinPad({ onClose, labels = ENGLISH_PIN_LABELS }: { onClose: () => void; labels?: PinPadLabels }) {
  const unlock = useSession((s) => s.unlock);
  const pinsSet = useSession((s) => s.pinsSet);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // A new screen: focus goes to its heading, so a screen reader starts there.
  useEffect(() => heading.current?.focus(), []);

  const press = useCallback((digit: string) => {
    setError(null);
    setPin((current) => (current.length < MAX_DIGITS ? current + digit : current));
  }, []);
  const erase = useCallback(() => setPin((current) => current.slice(0, -1)), []);

  const submit = useCallback(async () => {
    if (busy) return;
    if (pin.length < 4) {
      setError(labels.tooShort);
      return;
    }
    setBusy(true);
    try {
      await unlock(pin);
      onClose();
    } catch (failure) {
      setError(messageOf(failure, labels, pinsSet));
      setPin('');
      setAttempt((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }, [busy, pin, unlock, onClose, labels, pinsSet]);

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
        <button
          type="button"
          className="icon-button pin-close"
          onClick={onClose}
          aria-label={labels.close}
          data-testid="pin-close"
        >
          <Icon name="close" />
        </button>
        <div className="pin-badge">
          <Icon name="shield" size={26} />
        </div>
        <h2 id={titleId} tabIndex={-1} ref={heading}>
          {labels.title}
        </h2>
        <p className="pin-hint">{labels.hint}</p>
        <div
          key={attempt}
          className={`pin-dots${error ? ' shake' : ''}`}
          role="img"
          aria-label={labels.entered(pin.length)}
          data-testid="pin-dots"
        >
          {Array.from({ length: slots }, (_, i) => (
            <span key={i} className={i < pin.length ? 'filled' : ''} />
          ))}
        </div>
        <p className="pin-error" role="alert">
          {error ?? (pinsSet ? '' : labels.noPinSet)}
        </p>
        <div className="pin-keys">
          {KEYS.map((key) => (
            <button type="button" key={key} onClick={() => press(key)} disabled={busy}>
              {key}
            </button>
          ))}
          <button
            type="button"
            className="pin-key-aux"
            onClick={erase}
            disabled={busy || !pin}
            aria-label={labels.erase}
          >
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
            aria-label={labels.unlock}
            data-testid="pin-submit"
          >
            <Icon name="arrowRight" size={24} />
          </button>
        </div>
      </div>
    </div>
  );
}
