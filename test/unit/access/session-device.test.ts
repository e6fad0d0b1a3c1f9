/**
 * The device of a session is looked up once (access/device.ts): a paired
 * device's sessions carry its id in their client; its name is the hub's.
 * The records' name for the device (and back), the roll call's actor and the
 * printer a session prints to are all read from that one lookup.
 */
import { describe, expect, it } from 'vitest';
import { deviceClient, deviceName, pairedDeviceNamed, pairedDeviceOf } from '../../../electron/core/access/device.ts';
import { placeOf } from '../../../electron/core/app/where.ts';

const devices = [{ id: 3, name: 'Lobby tablet' }];
const hub = {
  status: () => ({ devices }),
  nameOf: (id: number) => devices.find((d) => d.id === id)?.name,
};
const session = (client: string, role: 'kiosk' | 'desk' | 'admin' = 'desk') => ({ client, role });
const runtime = { config: { browserNames: { '192.168.1.20': 'Front desk PC' } } };

describe('the paired device of a session', () => {
  it('is the device whose client the session was opened with, named as the hub lists it', () => {
    expect(pairedDeviceOf(session(deviceClient(3)), hub)).toEqual({ id: 3, name: 'Lobby tablet' });
    expect(pairedDeviceOf(session('device:3'), hub)).toEqual({ id: 3, name: 'Lobby tablet' });
  });

  it('has no name when the hub no longer lists it, or none is asked', () => {
    expect(pairedDeviceOf(session('device:8'), hub)).toEqual({ id: 8, name: undefined });
    expect(pairedDeviceOf(session('device:3'))).toEqual({ id: 3, name: undefined });
    expect(pairedDeviceOf(session('device:3'), undefined)).toEqual({ id: 3, name: undefined });
  });

  it("is named by one look-up, not the hub's whole status (every call of a device names it: issue 36)", () => {
    const listing = {
      status: () => {
        throw new Error('the whole status read');
      },
      nameOf: hub.nameOf,
    };
    expect(pairedDeviceOf(session('device:3'), listing)).toEqual({ id: 3, name: 'Lobby tablet' });
    expect(deviceName({ session: session('device:3'), hub: listing, runtime })).toBe('Lobby tablet');
  });

  it.each(['desktop', 'cli', 'local', 'ip:192.168.1.20', 'device:', 'device:3x', 'staff:3'])(
    'is none for the client %s',
    (client) => {
      expect(pairedDeviceOf(session(client), hub)).toBeUndefined();
    },
  );
});

describe('the words built on it', () => {
  it('the audit names a paired device, a browser by its name or address, else the client', () => {
    expect(deviceName({ session: session('device:3'), hub, runtime })).toBe('Lobby tablet');
    expect(deviceName({ session: session('device:8'), hub, runtime })).toBe('paired device 8');
    expect(deviceName({ session: session('device:3'), runtime })).toBe('paired device 3');
    expect(deviceName({ session: session('ip:192.168.1.20'), hub, runtime })).toBe('Front desk PC');
    expect(deviceName({ session: session('ip:192.168.1.21'), runtime })).toBe('browser 192.168.1.21');
    expect(deviceName({ session: session('desktop'), runtime })).toBe('desktop');
  });

  it("a recorded name leads back to its paired device (where a kiosk's walk-in badge prints)", () => {
    expect(pairedDeviceNamed('Lobby tablet', hub)).toBe(3);
    expect(pairedDeviceNamed('paired device 8', hub)).toBe(8);
    expect(pairedDeviceNamed('paired device 8')).toBe(8);
    expect(pairedDeviceNamed('Lobby tablet')).toBeNull();
    expect(pairedDeviceNamed('browser 192.168.1.21', hub)).toBeNull();
    expect(pairedDeviceNamed('desktop', hub)).toBeNull();
  });

  it('the roll call names a paired device it knows, else the kind of door', () => {
    expect(placeOf({ session: session('device:3', 'kiosk'), hub })).toBe('Lobby tablet');
    expect(placeOf({ session: session('device:8', 'kiosk'), hub })).toBe('kiosk');
    expect(placeOf({ session: session('device:3', 'desk') })).toBe('desk');
    expect(placeOf({ session: session('desktop', 'admin'), hub })).toBe('desk');
  });
});
