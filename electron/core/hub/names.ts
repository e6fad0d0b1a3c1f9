/**
 * The names a hub is reached by on its LAN: the machine's name, its mDNS
 * name (<hostname>.local), every address of its interfaces, and loopback.
 * The certificate covers them and the host-name check allows them, so that
 * a tablet can use whichever the network gives it.
 */
import { isIP } from 'node:net';
import { hostname as osHostname, networkInterfaces } from 'node:os';

export interface LanNames {
  /** Host names (lower case), without addresses. */
  dns: string[];
  /** IP addresses, IPv6 without brackets. */
  ips: string[];
}

export interface NameSources {
  hostname?: () => string;
  interfaces?: () => ReturnType<typeof networkInterfaces>;
}

const DNS_NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** The hub's own names; `extra` (allowedHosts, --allowed-host; a :port is dropped) join them. */
export function lanNames(extra: readonly string[] = [], sources: NameSources = {}): LanNames {
  const host = (sources.hostname ?? osHostname)().toLowerCase();
  const dns = new Set<string>(['localhost']);
  const ips = new Set<string>(['127.0.0.1', '::1']);
  const add = (name: string) => {
    const bare = name
      .toLowerCase()
      .replace(/^\[(.*)\](?::\d+)?$/, '$1')
      .replace(/^([^:[\]]+):\d+$/, '$1');
    if (isIP(bare)) ips.add(bare);
    else if (DNS_NAME.test(bare)) dns.add(bare);
  };
  if (DNS_NAME.test(host)) {
    dns.add(host);
    if (!host.endsWith('.local')) dns.add(`${host.split('.')[0]}.local`);
  }
  for (const info of Object.values((sources.interfaces ?? networkInterfaces)()).flat())
    if (info) ips.add(info.address.replace(/%.*$/, '').toLowerCase());
  for (const name of extra) add(name);
  return { dns: [...dns], ips: [...ips] };
}

/** The names as a Host header carries them (IPv6 in brackets), for the host-name check. */
export const hostHeaderNames = ({ dns, ips }: LanNames) => [
  ...dns,
  ...ips.map((ip) => (ip.includes(':') ? `[${ip}]` : ip)),
];

/**
 * Where devices reach the hub: its mDNS name and LAN addresses when it is
 * bound to every interface, else the one bound address.
 */
export function hubUrls(bound: string, port: number, names: LanNames): string[] {
  const url = (name: string) => `https://${name.includes(':') ? `[${name}]` : name}:${port}/`;
  if (bound !== '0.0.0.0' && bound !== '::') return [url(bound)];
  const lan = names.ips.filter((ip) => ip !== '127.0.0.1' && ip !== '::1' && !ip.startsWith('fe80:'));
  const local = names.dns.filter((name) => name.endsWith('.local'));
  // IPv4 first: what a person types most easily.
  lan.sort((a, b) => Number(a.includes(':')) - Number(b.includes(':')));
  return [...local.map(url), ...lan.map(url)];
}
