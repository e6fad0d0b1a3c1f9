/**
 * The renderer's door in a browser, as a site hub's device meets it: an
 * UNPAIRED answer (any call, or the stream refused) sends the app to the
 * pairing screen; other refusals do not.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, onUnpaired, REOPEN_MS } from '../../../renderer/src/lib/api.ts';

const UNPAIRED = {
  error: { code: 'UNPAIRED', message: 'this device was revoked: ask staff at the reception desk to pair it again' },
};
const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A stand-in for the browser's EventSource: the test decides when it opens, drops or is refused. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.made.push(this);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  /** The host answered with something that is not a stream: EventSource gives up for good. */
  refuse() {
    this.readyState = 2;
    this.onerror?.();
  }
}

describe('the renderer API over HTTP, facing a site hub', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.made = [];
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('tells the app when a call answers UNPAIRED, with the hub’s words, and no other refusal', async () => {
    const heard: string[] = [];
    const stop = onUnpaired((message) => heard.push(message));
    fetchMock.mockResolvedValueOnce(reply(403, { error: { code: 'FORBIDDEN', message: 'not for a kiosk' } }));
    await expect(api.call('outbox.list', {})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(heard).toEqual([]);
    fetchMock.mockResolvedValueOnce(reply(401, UNPAIRED));
    await expect(api.call('kiosk.lookup', { text: 'Ma' })).rejects.toMatchObject({ code: 'UNPAIRED' });
    expect(heard).toEqual([UNPAIRED.error.message]);
    stop();
  });

  it('asks why when the hub refuses the stream, and stays off it once the answer is UNPAIRED', async () => {
    const heard: string[] = [];
    const stop = onUnpaired((message) => heard.push(message));
    const connection: boolean[] = [];
    const unsubscribe = api.subscribe(
      () => {},
      (connected) => connection.push(connected),
    );
    fetchMock.mockResolvedValueOnce(reply(401, UNPAIRED));
    FakeEventSource.made[0]!.refuse();
    await vi.advanceTimersByTimeAsync(REOPEN_MS * 3);
    expect(connection).toEqual([false]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/app/session.get');
    expect(heard).toEqual([UNPAIRED.error.message]);
    expect(FakeEventSource.made).toHaveLength(1);
    unsubscribe();
    stop();
  });

  it('opens the stream again after a refusal that is not UNPAIRED (a hub restarting)', async () => {
    const connection: boolean[] = [];
    const unsubscribe = api.subscribe(
      () => {},
      (connected) => connection.push(connected),
    );
    fetchMock.mockResolvedValueOnce(reply(502, null));
    FakeEventSource.made[0]!.refuse();
    await vi.advanceTimersByTimeAsync(REOPEN_MS - 1);
    expect(FakeEventSource.made).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeEventSource.made).toHaveLength(2);
    FakeEventSource.made[1]!.onopen?.();
    expect(connection).toEqual([false, true]);
    unsubscribe();
    expect(FakeEventSource.made[1]!.closed).toBe(true);
  });

  it('leaves a dropped stream to EventSource’s own retry (no extra call)', async () => {
    const connection: boolean[] = [];
    const unsubscribe = api.subscribe(
      () => {},
      (connected) => connection.push(connected),
    );
    FakeEventSource.made[0]!.onerror?.(); // still CONNECTING: the browser retries by itself
    await vi.advanceTimersByTimeAsync(REOPEN_MS * 2);
    expect(connection).toEqual([false]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(FakeEventSource.made).toHaveLength(1);
    unsubscribe();
  });
});
