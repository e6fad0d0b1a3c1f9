/**
 * The site's settings in the admin console, which were CLI only: the staff
 * idle time, the host names browsers may use, hub mode and the site key.
 * (The kiosk's time zone and service QR pattern are kiosk settings:
 * settings.setKiosk.) Each refusal names its field, so that the console
 * shows it there.
 */
import { z } from 'zod';
import { ADMIN, op } from './op.ts';

/** A host name or IP address as a browser sends it in the Host header, optionally with a port. */
export const HostName = z
  .string()
  .max(260)
  .transform((name) => name.toLowerCase())
  .pipe(
    z
      .string()
      .regex(
        /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/,
        'a host name or IP address, optionally with :port (e.g. reception.example.lan)',
      ),
  );

const HOST_LABELS = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const isAddress = (text: string) => z.ipv4().safeParse(text).success || z.ipv6().safeParse(text).success;

/** Where the hub listens: an address of this machine (0.0.0.0: every network), or a name of it. */
export const BindAddress = z
  .string()
  .trim()
  .min(1, 'the address to listen on, e.g. 0.0.0.0 (every network of this machine)')
  .max(100)
  .refine(
    (host) => isAddress(host) || HOST_LABELS.test(host),
    'an IP address of this machine to listen on, e.g. 0.0.0.0 (every network) or 192.168.1.20',
  );

export const HubSettings = z.strictObject({
  enabled: z.boolean(),
  host: BindAddress,
  port: z
    .number({ error: 'a port from 1 to 65535, e.g. 5443' })
    .int('a port from 1 to 65535, e.g. 5443')
    .min(1, 'a port from 1 to 65535, e.g. 5443')
    .max(65_535, 'a port from 1 to 65535, e.g. 5443'),
});
export type HubSettings = z.infer<typeof HubSettings>;

/**
 * A browser's address as the hosts name its client: lower case, without an
 * IPv6 zone, an IPv4 address written as IPv6 (::ffff:a.b.c.d) as IPv4.
 */
export function browserAddress(address: string): string {
  const plain = address.trim().toLowerCase().replace(/%.*$/, '');
  return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain)?.[1] ?? plain;
}

export const MAX_BROWSER_NAMES = 100;
const BROWSER_ADDRESS_HINT = 'an IP address of a browser, e.g. 192.168.1.31';

/**
 * Names of the browsers of "foyer web" by their address ({"192.168.1.31":
 * "Lobby tablet"}): the audit log, the visitor log and the walk-ins name the
 * device so, as the hub's devices are named at pairing.
 */
export const BrowserNames = z
  .record(
    z.string().max(100, BROWSER_ADDRESS_HINT),
    z.string().trim().min(1, 'a name for the browser, e.g. "Lobby tablet"').max(60, 'a name of 60 characters at most'),
  )
  .superRefine((names, ctx) => {
    const keys = Object.keys(names);
    if (keys.length > MAX_BROWSER_NAMES)
      ctx.addIssue({ code: 'custom', message: `at most ${MAX_BROWSER_NAMES} browsers` });
    const seen = new Set<string>();
    for (const key of keys) {
      const address = browserAddress(key);
      if (!isAddress(address)) ctx.addIssue({ code: 'custom', path: [key], message: BROWSER_ADDRESS_HINT });
      else if (seen.has(address)) ctx.addIssue({ code: 'custom', path: [key], message: `${address} is named twice` });
      seen.add(address);
    }
  })
  .transform((names) => Object.fromEntries(Object.entries(names).map(([key, name]) => [browserAddress(key), name])));
export type BrowserNames = z.output<typeof BrowserNames>;

export const STAFF_IDLE_MINUTES = { min: 1, max: 1440 } as const;
export const MAX_ALLOWED_HOSTS = 50;

export const SiteView = z.object({
  /** Minutes without a staff action after which a desk or admin session locks. */
  staffIdleMinutes: z.number(),
  /** Host names browsers may use to reach "foyer web" or the hub besides loopback and its own addresses. */
  allowedHosts: z.array(z.string()),
  /** Names of the browsers of "foyer web", by address. */
  browserNames: z.record(z.string(), z.string()),
  /** Hub mode as the configuration says (it takes effect when the app starts). */
  hub: z.object({ enabled: z.boolean(), host: z.string(), port: z.number() }),
  /** Whether this running app serves as the site's hub now. */
  hubRunning: z.boolean(),
  /** Whether a site key exists (the key itself never leaves the machine's data directory). */
  siteKeySet: z.boolean(),
});
export type SiteView = z.infer<typeof SiteView>;

const minutes = `the staff idle time is ${STAFF_IDLE_MINUTES.min} to ${STAFF_IDLE_MINUTES.max} minutes`;

export const siteOperations = {
  'site.get': op(ADMIN, z.object({}).strict(), SiteView, 'The site settings (never the site key itself)'),
  'site.setAccess': op(
    ADMIN,
    z.strictObject({
      staffIdleMinutes: z
        .number({ error: minutes })
        .int(minutes)
        .min(STAFF_IDLE_MINUTES.min, minutes)
        .max(STAFF_IDLE_MINUTES.max, minutes)
        .optional(),
      allowedHosts: z
        .array(HostName)
        .max(MAX_ALLOWED_HOSTS, `at most ${MAX_ALLOWED_HOSTS} host names`)
        .refine((names) => new Set(names).size === names.length, 'each host name once')
        .optional(),
      browserNames: BrowserNames.optional(),
    }),
    SiteView,
    'The staff idle time, the host names browsers may use and the names of the browsers (at once)',
  ),
  'site.setHub': op(ADMIN, HubSettings, SiteView, 'Hub mode, its address and port (from the next start)'),
  'site.setSiteKey': op(
    ADMIN,
    z.strictObject({
      /** The key of another machine of the site, pasted; null: a new random key. */
      key: z.string().max(300, 'a site key is 22 to 200 characters without spaces').nullable(),
    }),
    SiteView,
    'Replace the site key: passes signed with the old key are no longer accepted',
  ),
} as const;
