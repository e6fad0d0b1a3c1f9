/**
 * Which names the browser host answers to. A page on another site can make
 * its own name resolve to this machine (DNS rebinding); the browser then
 * treats the host as that site and sends its name in the Host header. Only
 * names this host is known by are accepted: loopback names, the address it
 * is bound to, and the names configured for a LAN ("allowedHosts",
 * "foyer web --allowed-host").
 */
import { networkInterfaces } from 'node:os';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]']);

const bracketed = (address: string) => (address.includes(':') && !address.startsWith('[') ? `[${address}]` : address);

/** The names of this machine's own addresses, for a host bound to every interface. */
function interfaceNames(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((info) => info !== undefined)
    .map((info) => bracketed(info.address.toLowerCase()));
}

/** Splits "name:port", "[v6]:port", "name" into its parts; undefined when it is no host name at all. */
export function splitHost(header: string): { name: string; port: number | undefined } | undefined {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(header.toLowerCase());
  if (!match) return undefined;
  return { name: match[1]!, port: match[2] === undefined ? undefined : Number(match[2]) };
}

export interface HostCheck {
  /** Whether a request with this Host header is for this host. */
  allows(header: string | undefined): boolean;
}

/**
 * `configured` is read at each request (the configuration's current names
 * and the command line's), so a name added with "foyer config set
 * allowedHosts" counts at once. An entry without a port stands for the
 * host's own port; an entry with one (behind a proxy) must match exactly.
 */
export function createHostCheck(options: {
  bound: string;
  port: () => number;
  configured: () => readonly string[];
  /** More names of this host itself (a site hub's LAN names), as Host headers carry them. */
  own?: readonly string[];
  /** The port browsers leave out: 80 for HTTP, 443 for HTTPS. */
  defaultPort?: number;
}): HostCheck {
  const bound = bracketed(options.bound.toLowerCase());
  const own = new Set([
    ...LOOPBACK_NAMES,
    ...(WILDCARDS.has(bound) ? interfaceNames() : [bound]),
    ...(options.own ?? []),
  ]);
  const defaultPort = options.defaultPort ?? 80;
  return {
    allows(header) {
      if (!header) return false;
      const host = splitHost(header);
      if (!host) return false;
      const port = options.port();
      // Browsers leave out the port when it is the scheme's default.
      const samePort = host.port === port || (host.port === undefined && port === defaultPort);
      if (samePort && own.has(host.name)) return true;
      return options.configured().some((entry) => {
        const allowed = splitHost(entry);
        if (!allowed || allowed.name !== host.name) return false;
        return allowed.port === undefined ? samePort : allowed.port === (host.port ?? defaultPort);
      });
    },
  };
}
