/**
 * The hub's security code (shared/fingerprint.ts), as the desk's Devices
 * view and a waiting device's pairing screen both show it: the short form
 * large, the whole code in groups that never break across lines, and the
 * technical words only in the details, for whoever wants them.
 */
import { Fragment } from 'react';
import { fingerprintGroups, SHORT_GROUPS, shortFingerprint } from '../../../shared/fingerprint.ts';
import './SecurityCode.css';

/** Read out by a screen reader one character at a time, group by group. */
const spelled = (groups: string[]) => groups.map((g) => g.split('').join(' ')).join(', ');

export function SecurityCode({ fingerprint, testId }: { fingerprint: string; testId: string }) {
  const groups = fingerprintGroups(fingerprint);
  const short = groups.slice(0, SHORT_GROUPS);
  return (
    <div className="security-code" data-testid={testId} data-fingerprint={fingerprint}>
      <p className="security-code-short" data-testid={`${testId}-short`} aria-label={spelled(short)}>
        {shortFingerprint(fingerprint)}
      </p>
      <p className="security-code-whole" data-testid={`${testId}-whole`}>
        <span className="sr-only">The whole code: </span>
        {groups.map((group, i) => (
          // A group stays whole (nowrap); the space between groups is outside them, so lines break only there.
          <Fragment key={i}>
            {i > 0 && ' '}
            <span className={`security-code-group${i < SHORT_GROUPS ? ' security-code-start' : ''}`}>{group}</span>
          </Fragment>
        ))}
      </p>
      <details className="security-code-details">
        <summary>Where the browser shows it, and technical details</summary>
        <p>
          Tap the padlock or “Not secure” beside the address and open the certificate (Chrome and Edge: “Certificate is
          not valid” or “Certificate details”; Firefox, on its warning page: “Advanced”, “View Certificate”; Safari:
          “Show Details”, “view the certificate”). Its SHA-256 fingerprint begins with the short code.
        </p>
        <p>
          The security code is the SHA-256 fingerprint of the hub’s own TLS certificate. Browsers show it in pairs, with
          spaces or colons (<code>{groups.slice(0, 2).join('').match(/../g)?.join(' ')} …</code> or{' '}
          <code>{groups.slice(0, 2).join('').match(/../g)?.join(':')}:…</code>): the same characters in the same order.
          The short code is its first {SHORT_GROUPS * 4} characters; a desktop app set up as a device of this hub needs
          the whole code (<code>hubFingerprint</code>).
        </p>
      </details>
    </div>
  );
}
