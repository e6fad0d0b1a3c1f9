/**
 * The desktop app as a device of a site hub (config hubUrl): it opens no
 * runtime and no mirror; its window shows the hub's pages like a browser
 * would, and trusts at the hub's address only the certificate whose
 * fingerprint staff compared and set (hubFingerprint). The hub's certificate
 * is its own (no authority vouches for it), so the pin is the only trust.
 */
import { X509Certificate } from 'node:crypto';
import type { Certificate, Session } from 'electron';
import type { Config } from '../core/config/config.ts';

export interface HubTarget {
  /** What the window loads. */
  url: string;
  /** The only origin the window may show (navigation, printing). */
  origin: string;
  /** As Chromium names it in a certificate check: no brackets around an IPv6 address. */
  hostname: string;
  /** SHA-256 of the certificate's DER, upper-case colon hex (as the hub prints it; the configuration keeps it so). */
  fingerprint: string;
}

/** A set-up that cannot work: said to the person at the machine, with what to do. */
export class SetupError extends Error {
  override name = 'SetupError';
}

/** The hub this app is a device of, or undefined when it runs its own core. */
export function hubTarget(config: Pick<Config, 'hubUrl' | 'hubFingerprint' | 'hub'>): HubTarget | undefined {
  if (!config.hubUrl) return undefined;
  if (config.hub.enabled)
    throw new SetupError(
      'This app is set up both as the site hub (hub.enabled) and as a device of a hub (hubUrl). ' +
        'A desk PC is one or the other: on the hub, run "foyer config set hubUrl \'\'"; on a device, "foyer config set hub.enabled false".',
    );
  if (!config.hubFingerprint)
    throw new SetupError(
      `hubUrl is ${config.hubUrl}, but the hub's security code (its certificate's fingerprint) is not set, and nothing else proves the hub is yours. ` +
        'The hub prints its security code when it starts, and the desk shows it under Devices. Compare it with someone at the hub, then run ' +
        `"foyer config set hubFingerprint '3FA0 12BC ...'" with the whole code (all 16 groups; spaces or colons as you like) and start Foyer again.`,
    );
  const url = new URL(config.hubUrl);
  return {
    url: url.href,
    origin: url.origin,
    hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    fingerprint: config.hubFingerprint.toUpperCase(),
  };
}

/**
 * The SHA-256 fingerprint of a certificate Chromium shows us, in the hub's
 * notation. Electron's own `fingerprint` field is "sha256/<base64>"
 * (net::HashValue::ToString in Electron's net converter); computing it from
 * the PEM `data` here compares exactly the string the hub printed.
 */
export function certificateFingerprint(certificate: Pick<Certificate, 'data'>): string | undefined {
  try {
    return new X509Certificate(certificate.data).fingerprint256.toUpperCase();
  } catch {
    return undefined;
  }
}

/** Chromium's answers to a certificate check (session.setCertificateVerifyProc). */
export const VERIFY = { accept: 0, refuse: -2 } as const;

/**
 * Accepts the hub's pinned certificate at the hub's host name and refuses
 * every other certificate and host: the device has nothing to load anywhere
 * else, so nothing else is trusted, not even a certificate a public
 * authority signed.
 */
export function verifyHubCertificate(
  target: HubTarget,
  request: { hostname: string; certificate: Pick<Certificate, 'data'> },
): number {
  if (request.hostname.toLowerCase() !== target.hostname.toLowerCase()) return VERIFY.refuse;
  return certificateFingerprint(request.certificate) === target.fingerprint ? VERIFY.accept : VERIFY.refuse;
}

export function pinHubCertificate(session: Pick<Session, 'setCertificateVerifyProc'>, target: HubTarget): void {
  session.setCertificateVerifyProc((request, callback) => callback(verifyHubCertificate(target, request)));
}

/** Whether a page's address is on the hub (the print channel answers only the hub's own pages). */
export function onOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}
