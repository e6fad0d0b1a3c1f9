/**
 * Whether a browser's request comes from the machine the host runs on, reached
 * directly: its address is a loopback address, and its Host header a loopback
 * name with the host's own port. The Host is looked at too because a proxy on
 * the same machine would bring LAN requests from a loopback address (with the
 * proxy's name and port in the Host); the port, because such a proxy listens
 * on a port of its own. Only such a request may set the first admin PIN
 * (usecases/first-pin.ts); a hub's devices never may.
 */
import { splitHost } from './allowed-hosts.ts';

/**
 * Whether a name or address is this machine's loopback, however it is
 * spelled: an address to bind to, a request's address (IPv4 mapped into
 * IPv6 too), or a Host header's name ("[::1]" bracketed).
 */
export const isLoopback = (name: string): boolean =>
  name === 'localhost' ||
  name === '::1' ||
  name === '[::1]' ||
  /^(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(name);

export function isAtMachine(request: { ip: string; headers: { host?: string | undefined } }, port: number): boolean {
  if (!isLoopback(request.ip)) return false;
  const host = splitHost(request.headers.host ?? '');
  return host !== undefined && isLoopback(host.name) && (host.port ?? 80) === port;
}
