/** The session store as a site hub's device needs it: the pairing screen on UNPAIRED, and when the hub was lost. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const call = vi.fn();
let onConnection: ((connected: boolean) => void) | undefined;
vi.mock('../../../renderer/src/lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  api: {
    call: (...args: unknown[]) => call(...args),
    subscribe: (_listener: unknown, connection: (connected: boolean) => void) => {
      onConnection = connection;
      return () => {};
    },
  },
}));

const { useSession, lostFor } = await import('../../../renderer/src/stores/session.ts');
const { call: realCall } = await import('../../../renderer/src/lib/api.ts');

describe('the session store and the hub', () => {
  let stop: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
    call.mockReset();
    call.mockResolvedValue({ role: 'kiosk', pinsSet: true });
    useSession.setState({ unpaired: null, connected: false, connectionLostAt: null });
    stop = useSession.getState().start();
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('goes to the pairing screen when any call hears UNPAIRED, with the hub’s reason', async () => {
    expect(useSession.getState().unpaired).toBeNull();
    // Any call through the real door (here a kiosk lookup) that the hub answers 401 UNPAIRED.
    vi.stubGlobal('fetch', async () =>
      Response.json({ error: { code: 'UNPAIRED', message: 'this device was revoked' } }, { status: 401 }),
    );
    await expect(realCall('kiosk.lookup', { text: 'Ma' })).rejects.toMatchObject({ code: 'UNPAIRED' });
    vi.unstubAllGlobals();
    expect(useSession.getState().unpaired).toBe('this device was revoked');
  });

  it('records when the stream dropped, keeps the first moment through retries, and clears it once back', () => {
    onConnection!(true);
    expect(useSession.getState().connectionLostAt).toBeNull();
    onConnection!(false);
    const lostAt = useSession.getState().connectionLostAt;
    expect(lostAt).toBe(Date.parse('2026-11-24T10:00:00Z'));
    vi.advanceTimersByTime(5000);
    onConnection!(false); // another failed retry: still lost since the first drop
    expect(useSession.getState().connectionLostAt).toBe(lostAt);
    onConnection!(true);
    expect(useSession.getState()).toMatchObject({ connected: true, connectionLostAt: null });
  });

  it('counts the hub as lost only after the grace time', () => {
    expect(lostFor(null, 3000, 10_000)).toBe(false);
    expect(lostFor(8_000, 3000, 10_999)).toBe(false);
    expect(lostFor(8_000, 3000, 11_000)).toBe(true);
  });
});
