/**
 * The hub's own TLS certificate, made once and kept in the data directory
 * (hub-tls/key.pem, 0600, and hub-tls/cert.pem). Self-signed: devices trust
 * it by its fingerprint, which staff compare with what the hub shows. It is
 * made again (with the same key) when one of the hub's names is missing from
 * it, or 30 days before it expires; the fingerprint then changes.
 */
import { createHash, createPublicKey, X509Certificate } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DAY, MINUTE } from '../../../shared/time.ts';
import type { LanNames } from './names.ts';

export interface HubTls {
  key: string;
  cert: string;
  /** SHA-256 of the certificate (DER), upper-case colon hex, as browsers show it. */
  fingerprint: string;
  /** SHA-256 of the public key (SPKI, DER) in base64: Chromium's --ignore-certificate-errors-spki-list. */
  spki: string;
  /** Whether it was made now (first start, a new name, or renewal). */
  renewed: boolean;
}

const VALID_DAYS = 825;
const RENEW_BEFORE_MS = 30 * DAY;

export function fingerprintOf(cert: string): string {
  return new X509Certificate(cert).fingerprint256.toUpperCase();
}

export function spkiOf(cert: string): string {
  const der = new X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('base64');
}

/** Whether the certificate names every one of `names` and is good for more than the renewal margin. */
function stillGood(cert: string, names: LanNames, now: number): boolean {
  const x509 = new X509Certificate(cert);
  if (Date.parse(x509.validTo) - RENEW_BEFORE_MS <= now) return false;
  const sans = new Set((x509.subjectAltName ?? '').split(', ').map((entry) => entry.toLowerCase()));
  // Node writes IPv6 SANs in full form; compare through a URL's normalisation.
  const ipForm = (ip: string) => (ip.includes(':') ? new URL(`http://[${ip}]/`).hostname.slice(1, -1) : ip);
  const ips = new Set([...sans].filter((s) => s.startsWith('ip address:')).map((s) => ipForm(s.slice(11))));
  return names.dns.every((name) => sans.has(`dns:${name}`)) && names.ips.every((ip) => ips.has(ipForm(ip)));
}

export async function ensureCertificate(dataDir: string, names: LanNames, now = Date.now()): Promise<HubTls> {
  const dir = join(dataDir, 'hub-tls');
  const keyPath = join(dir, 'key.pem');
  const certPath = join(dir, 'cert.pem');
  const existingKey = existsSync(keyPath) ? readFileSync(keyPath, 'utf8') : undefined;
  const existingCert = existsSync(certPath) ? readFileSync(certPath, 'utf8') : undefined;
  if (existingKey && existingCert && stillGood(existingCert, names, now))
    return {
      key: existingKey,
      cert: existingCert,
      fingerprint: fingerprintOf(existingCert),
      spki: spkiOf(existingCert),
      renewed: false,
    };

  const notBeforeDate = new Date(now - MINUTE);
  const { generate } = await import('selfsigned');
  const made = await generate(
    [{ name: 'commonName', value: names.dns.find((n) => n !== 'localhost') ?? 'foyer-hub' }],
    {
      keySize: 2048,
      algorithm: 'sha256',
      notBeforeDate,
      notAfterDate: new Date(notBeforeDate.getTime() + VALID_DAYS * DAY),
      // Renewal keeps the key: a device that pinned the public key (the SPKI) still trusts the hub.
      ...(existingKey
        ? {
            keyPair: {
              privateKey: existingKey,
              publicKey: createPublicKey(existingKey).export({ type: 'spki', format: 'pem' }).toString(),
            },
          }
        : {}),
      extensions: [
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
        { name: 'extKeyUsage', serverAuth: true },
        {
          name: 'subjectAltName',
          altNames: [
            ...names.dns.map((value) => ({ type: 2 as const, value })),
            ...names.ips.map((ip) => ({ type: 7 as const, ip })),
          ],
        },
      ],
    },
  );
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Written aside, then renamed: a crash never leaves a key without its certificate.
  writeFileSync(`${keyPath}.new`, made.private, { mode: 0o600 });
  chmodSync(`${keyPath}.new`, 0o600);
  writeFileSync(`${certPath}.new`, made.cert, { mode: 0o600 });
  renameSync(`${keyPath}.new`, keyPath);
  renameSync(`${certPath}.new`, certPath);
  return {
    key: made.private,
    cert: made.cert,
    fingerprint: fingerprintOf(made.cert),
    spki: spkiOf(made.cert),
    renewed: true,
  };
}
