/**
 * The device a session is of, looked up once for every use: its name in the
 * records (the audit log, signatures, walk-in requests, watchlist alerts),
 * the roll call's actor, the printer a screen prints to. A paired device's
 * sessions are opened with its id in their client ("device:3",
 * web/browser-sessions.ts); its name is the hub's, read when asked for.
 */
import type { Config } from '../config/config.ts';
import { browserAddress } from '../../../shared/contract/site.ts';

const DEVICE_CLIENT = /^device:(\d+)$/;

/** The client a paired device's sessions are opened with. */
export const deviceClient = (deviceId: number): string => `device:${deviceId}`;

/** What is read of the hub: the devices it lists, and one device's name. */
export interface DeviceList {
  status(): { devices: readonly { id: number; name: string }[] };
  /**
   * The name of the device `id` (a revoked one's too), undefined for one the hub does not list: one row, not the
   * whole status (every device, its addresses and its day's activity), since every call of a device names it.
   */
  nameOf(id: number): string | undefined;
}

export interface SessionDevice {
  id: number;
  /** As the hub lists it; undefined when no hub was given or it no longer lists the device (revoked, removed). */
  name: string | undefined;
}

/**
 * The paired device the session belongs to, named by `hub` when given; undefined for the host's own screens (the
 * desktop app), a browser of the browser host, and the command line.
 */
export function pairedDeviceOf(session: { client: string }, hub?: DeviceList): SessionDevice | undefined {
  const match = DEVICE_CLIENT.exec(session.client);
  if (!match) return undefined;
  const id = Number(match[1]);
  return { id, name: hub?.nameOf(id) };
}

/**
 * The session's device as the records name it: a paired device by its name (or "paired device 3" once the hub no
 * longer lists it), a browser by the name the site gave its address (or "browser 192.168.1.20"), else the client
 * ("desktop", "cli").
 */
export function deviceName(ctx: {
  session: { client: string };
  hub?: DeviceList | undefined;
  runtime: { config: Pick<Config, 'browserNames'> };
}): string {
  const { client } = ctx.session;
  const paired = pairedDeviceOf(ctx.session, ctx.hub);
  if (paired) return paired.name ?? `paired device ${paired.id}`;
  if (client.startsWith('ip:')) {
    const address = browserAddress(client.slice(3));
    return ctx.runtime.config.browserNames[address] ?? `browser ${address}`;
  }
  return client;
}

/** The paired device a name that deviceName wrote stands for, or null (a browser, the host's own screens, unknown). */
export function pairedDeviceNamed(name: string, hub?: DeviceList): number | null {
  const unnamed = /^paired device (\d+)$/.exec(name);
  if (unnamed) return Number(unnamed[1]);
  return hub?.status().devices.find((d) => d.name === name)?.id ?? null;
}
