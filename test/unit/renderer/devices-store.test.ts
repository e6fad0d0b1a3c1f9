import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Device } from '../../../shared/contract/hub.ts';

const call = vi.fn();
vi.mock('../../../renderer/src/lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  api: { call: (...args: unknown[]) => call(...args), subscribe: () => () => {} },
}));

const { ApiCallError } = await import('../../../renderer/src/lib/api.ts');
const { useDevices, pairErrors, checkPairForm, deviceOrder, presence } =
  await import('../../../renderer/src/features/desk/devices-store.ts');

const device = (patch: Partial<Device> = {}): Device => ({
  id: 1,
  name: 'Lobby 1',
  role: 'kiosk',
  pairedAt: '2026-11-24T08:00:00.000Z',
  lastSeenAt: '2026-11-24T09:00:00.000Z',
  lastAddress: '192.168.1.20',
  addresses: ['192.168.1.20'],
  connected: false,
  revokedAt: null,
  today: { checkIns: 0, checkOuts: 0, other: 0 },
  ...patch,
});
const status = (devices: Device[]) => ({
  enabled: true,
  urls: ['https://reception.local:5443/'],
  fingerprint: 'AB:CD',
  devices,
  pendingPairings: 0,
});

describe('the desk’s devices', () => {
  beforeEach(() => {
    call.mockReset();
    useDevices.setState({
      status: null,
      loadError: null,
      form: { code: '', role: 'kiosk', name: '' },
      errors: {},
      pairing: false,
      paired: null,
      confirmingRevoke: null,
      revoking: null,
    });
  });

  it('refuses a form at its fields with the contract’s own words, before asking the hub', async () => {
    useDevices.getState().setForm({ code: '12a', name: ' ' });
    expect(await useDevices.getState().pair()).toBe(false);
    expect(call).not.toHaveBeenCalled();
    expect(useDevices.getState().errors).toEqual({
      code: 'the six digits the device shows',
      name: 'give the device a name, e.g. "Lobby kiosk 2"',
    });
    expect(checkPairForm({ code: '123456', role: 'desk', name: 'Back office' })).toEqual({});
    // Typing in a field takes its message away, and only its own.
    useDevices.getState().setForm({ code: '123456' });
    expect(useDevices.getState().errors).toEqual({ name: 'give the device a name, e.g. "Lobby kiosk 2"' });
  });

  it('puts the hub’s refusals at the field they are about', () => {
    expect(
      pairErrors(new ApiCallError('INVALID_INPUT', 'bad', [{ path: 'name', message: 'this name is taken' }])),
    ).toEqual({ name: 'this name is taken' });
    // A code no device shows (or shows no longer): what staff typed is what is wrong.
    expect(pairErrors(new ApiCallError('NOT_FOUND', 'no device shows this code'))).toEqual({
      code: 'no device shows this code',
    });
    expect(pairErrors(new ApiCallError('REFUSED', 'too many wrong codes: wait a minute'))).toEqual({
      code: 'too many wrong codes: wait a minute',
    });
    expect(pairErrors(new ApiCallError('FORBIDDEN', 'unlock the desk first'))).toEqual({
      form: 'unlock the desk first',
    });
  });

  it('pairs, says so, keeps the role for the next device and shows the new list', async () => {
    const paired = device({ id: 2, name: 'Lobby 2' });
    call.mockImplementation(async (name: string) => {
      if (name === 'hub.pair') return paired;
      if (name === 'hub.status') return status([paired]);
      throw new Error(name);
    });
    useDevices.getState().setForm({ code: ' 123456', role: 'desk', name: 'Lobby 2' });
    expect(await useDevices.getState().pair()).toBe(true);
    expect(call).toHaveBeenCalledWith('hub.pair', { code: ' 123456', role: 'desk', name: 'Lobby 2' });
    expect(useDevices.getState()).toMatchObject({
      paired,
      form: { code: '', role: 'desk', name: '' },
      errors: {},
      pairing: false,
    });
    expect(useDevices.getState().status?.devices).toEqual([paired]);
  });

  it('revokes after the confirm and reloads the list', async () => {
    call.mockImplementation(async (name: string) =>
      name === 'hub.revoke' ? device({ revokedAt: '2026-11-24T10:00:00.000Z' }) : status([]),
    );
    useDevices.getState().askRevoke(1);
    expect(useDevices.getState().confirmingRevoke).toBe(1);
    await useDevices.getState().revoke(1);
    expect(call.mock.calls.map((c) => c[0])).toEqual(['hub.revoke', 'hub.status']);
    expect(useDevices.getState()).toMatchObject({ confirmingRevoke: null, revoking: null });
  });

  it('lists connected devices first, then the most recently seen, revoked ones last', () => {
    const list = [
      device({ id: 1, name: 'Old', lastSeenAt: '2026-11-24T08:00:00.000Z' }),
      device({ id: 2, name: 'Gone', revokedAt: '2026-11-24T09:30:00.000Z', lastSeenAt: '2026-11-24T09:59:00.000Z' }),
      device({ id: 3, name: 'Recent', lastSeenAt: '2026-11-24T09:50:00.000Z' }),
      device({ id: 4, name: 'Live', connected: true, lastSeenAt: '2026-11-24T07:00:00.000Z' }),
    ];
    expect(list.sort(deviceOrder).map((d) => d.name)).toEqual(['Live', 'Recent', 'Old', 'Gone']);
  });

  it('says how each device is reached', () => {
    const now = Date.parse('2026-11-24T10:00:00.000Z');
    expect(presence(device({ connected: true }), now)).toBe('Connected');
    expect(presence(device({ lastSeenAt: '2026-11-24T09:58:00.000Z' }), now)).toBe('Last seen 2 min ago');
    expect(presence(device({ lastSeenAt: null }), now)).toBe('Not seen since pairing');
    expect(presence(device({ revokedAt: '2026-11-24T09:00:00.000Z' }), now)).toBe('Revoked 1 h ago');
  });
});
