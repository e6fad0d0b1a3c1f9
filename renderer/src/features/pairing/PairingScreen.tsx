import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Icon } from '../../components/Icon.tsx';
import { SecurityCode } from '../../components/SecurityCode.tsx';
import { Logo } from '../../components/StaffHeader.tsx';
import { loadCjkFont } from '../../lib/cjk-font.ts';
import { formatClock } from '../../lib/format.ts';
import { MINUTE } from '../../../../shared/time.ts';
import { KIOSK_LANGUAGE_CODES, localeOf, toKioskLanguage } from '../../lib/languages.ts';
import { KIOSK_MESSAGES } from '../../../../shared/i18n/kiosk/messages.ts';
import { useNow } from '../../lib/use-now.ts';
import { usePairing } from './pairing-store.ts';
import './pairing.css';

/** "123456" as "123 456": six digits read out and typed in two halves. */
export const groupedCode = (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`;

const minutesText = (minutes: number) =>
  minutes < 1 ? 'less than a minute' : minutes === 1 ? '1 minute' : `${minutes} minutes`;

/** The hub's refusal says whether this device was paired once and revoked since. */
export const wasRevoked = (reason: string) => /revoked/i.test(reason);

/**
 * "Please see reception" in every guest language, the browser's own first:
 * a guest may walk up to a lobby tablet that is not (or no longer) paired.
 */
function ForGuests() {
  const first = (navigator.languages ?? [navigator.language]).map(toKioskLanguage).find((l) => l !== undefined);
  const order = first ? [first, ...KIOSK_LANGUAGE_CODES.filter((l) => l !== first)] : KIOSK_LANGUAGE_CODES;
  useEffect(() => void loadCjkFont(), []);
  return (
    <ul className="pairing-guests" aria-label="For guests" data-testid="pairing-guests">
      {order.map((language) => (
        <li key={language} lang={localeOf(language)}>
          {KIOSK_MESSAGES[language].hubLostTitle}
        </li>
      ))}
    </ul>
  );
}

/**
 * Is this the site's own hub? The code the hub says it has, to find both in
 * this browser's padlock and on the desk: the two checks together (padlock
 * and page the same, page and desk the same) are what proves it, since a
 * page alone could show any code.
 */
function HubCheck({ fingerprint }: { fingerprint: string | null }) {
  return (
    <section className="pairing-check" aria-labelledby="pairing-check-title" data-testid="pairing-check">
      <h2 id="pairing-check-title">Security code</h2>
      {fingerprint && <SecurityCode fingerprint={fingerprint} testId="pairing-fingerprint" />}
      <p>
        Check that this browser’s padlock (certificate) shows the same code, and the reception desk too, under Devices.
        If either differs, do not pair: this device is not talking to your hub.
      </p>
    </section>
  );
}

/**
 * What a device shows while a site hub does not know it: a code for staff
 * to type at the desk. Said for whoever stands in front of a lobby tablet,
 * large enough to read from a step away, and in English: until it is paired
 * the device knows nothing of the site, its languages included. Guests
 * are sent to reception in each of their languages.
 */
export function PairingScreen({ reason }: { reason: string }) {
  const { view, problem, fingerprint, start, newCode } = usePairing(
    useShallow((s) => ({
      view: s.view,
      problem: s.problem,
      fingerprint: s.fingerprint,
      start: s.start,
      newCode: s.newCode,
    })),
  );
  const now = useNow(5_000);
  useEffect(() => start(), [start]);
  const expiresAt = view.kind === 'code' ? Date.parse(view.expiresAt) : NaN;
  // Rounded: "now" is refreshed every few seconds, so a fresh 10-minute code must not read as 11.
  const minutesLeft = Math.max(0, Math.round((expiresAt - now) / MINUTE));

  return (
    <main className="pairing" data-testid="pairing" aria-labelledby="pairing-title">
      <Logo />
      <h1 id="pairing-title">Pair this device</h1>
      {wasRevoked(reason) && (
        <div className="banner banner-warn pairing-revoked" role="alert" data-testid="pairing-revoked">
          <Icon name="alert" />
          This device was removed from the site at the reception desk. To use it again, pair it once more.
        </div>
      )}
      <p className="pairing-lead">Ask staff at the reception desk to type the pairing code under Devices.</p>
      <div className="pairing-cards">
        <div className="pairing-code-card">
          <h2 className="pairing-card-title">Pairing code</h2>
          {view.kind === 'code' ? (
            <>
              <p
                className="pairing-code"
                data-testid="pairing-code"
                data-code={view.code}
                aria-label={view.code.split('').join(' ')}
              >
                {groupedCode(view.code)}
              </p>
              <p className="pairing-expiry" data-testid="pairing-expiry">
                Valid until {formatClock(view.expiresAt)} ({minutesText(minutesLeft)}). A new code comes by itself after
                that.
              </p>
            </>
          ) : view.kind === 'paired' ? (
            <p className="pairing-paired" data-testid="pairing-paired">
              <Icon name="check" size={28} />
              Paired as {view.role === 'kiosk' ? 'a kiosk' : 'a desk'}, “{view.name}”. Opening…
            </p>
          ) : (
            <p className="pairing-waiting">
              <span className="spinner" aria-hidden="true" /> Asking the hub for a code…
            </p>
          )}
        </div>
        <HubCheck fingerprint={fingerprint} />
      </div>
      <div className="pairing-status" role="status" aria-live="polite" data-testid="pairing-status">
        {problem ? (
          <span className="error-text">{problem} Trying again…</span>
        ) : (
          view.kind === 'code' && (
            <>
              <span className="spinner" aria-hidden="true" /> Waiting for staff to enter the code…
            </>
          )
        )}
      </div>
      <ol className="pairing-steps">
        <li>Check the security code, as it says there.</li>
        <li>
          At the reception desk, staff type the pairing code, choose kiosk or desk, and name this device. This screen
          then opens by itself.
        </li>
      </ol>
      <ForGuests />
      {view.kind === 'code' && (
        <button
          type="button"
          className="button-secondary pairing-new"
          onClick={() => void newCode()}
          data-testid="pairing-new-code"
        >
          <Icon name="refresh" size={20} />
          New code
        </button>
      )}
    </main>
  );
}
