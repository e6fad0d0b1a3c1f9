import type { HubStatus } from '../../../../shared/contract/hub.ts';
import { SecurityCode } from '../../components/SecurityCode.tsx';

/**
 * Where devices reach this hub, and its security code, said so that an
 * office manager pairs a tablet alone: what to open, what to check, and
 * why, without the technical words (those are in the code's details).
 */
export function HubCard({ status }: { status: HubStatus }) {
  return (
    <section className="card devices-hub" aria-labelledby="hub-title" data-testid="hub-info">
      <h2 id="hub-title">This hub</h2>
      <div className="hub-facts">
        <div>
          <h3>Address to open on a new device</h3>
          <ul className="hub-urls" data-testid="hub-urls">
            {status.urls.map((url) => (
              <li key={url}>
                <code>{url}</code>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3>Security code</h3>
          {status.fingerprint ? (
            <SecurityCode fingerprint={status.fingerprint} testId="hub-fingerprint" />
          ) : (
            <p className="muted" data-testid="hub-fingerprint">
              Not made yet: it appears once the hub has started.
            </p>
          )}
          <p className="hub-check" data-testid="hub-check">
            Before you pair a device, check that its browser’s padlock (certificate) shows this same code; its pairing
            screen shows it too. If the codes differ, do not pair: that device is not talking to this hub.
          </p>
        </div>
      </div>
    </section>
  );
}
