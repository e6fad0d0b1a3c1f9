import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../../renderer/src/lib/api.ts';
import type { PairingState } from '../../../shared/contract/hub.ts';
import { createPairingStore, PAIRING_POLL_MS } from '../../../renderer/src/features/pairing/pairing-store.ts';

type Answer = PairingState;

function setup(answers: { state: () => Answer | Promise<Answer> }) {
  const start = vi.fn(async () => ({ code: '482913', expiresAt: '2026-11-24T15:00:00.000Z' }));
  const state = vi.fn(async () => answers.state());
  const reload = vi.fn();
  const store = createPairingStore({ pairing: { start, state }, reload });
  return { store, start, state, reload };
}

describe('the pairing screen store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the code a reload kept (the pairing cookie), without asking for a new one', async () => {
    const { store, start } = setup({
      state: () => ({ state: 'pending', code: '111222', expiresAt: '2026-11-24T15:00:00.000Z' }),
    });
    const stop = store.getState().start();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().view).toEqual({ kind: 'code', code: '111222', expiresAt: '2026-11-24T15:00:00.000Z' });
    expect(start).not.toHaveBeenCalled();
    stop();
  });

  it('keeps the fingerprint the hub says it has, for the screen to show as its security code', async () => {
    const fingerprint = Array.from({ length: 32 }, () => 'AB').join(':');
    let answer: Answer = { state: 'pending', code: '111222', expiresAt: '2026-11-24T15:00:00.000Z', fingerprint };
    const { store } = setup({ state: () => answer });
    const stop = store.getState().start();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().fingerprint).toBe(fingerprint);
    // An answer without it (paired, expired) forgets nothing.
    answer = { state: 'expired' };
    await vi.advanceTimersByTimeAsync(PAIRING_POLL_MS);
    expect(store.getState().fingerprint).toBe(fingerprint);
    stop();
  });

  it('asks for a code when the device has none, and polls every couple of seconds until staff entered it', async () => {
    let answer: Answer = { state: 'none' };
    const { store, start, state, reload } = setup({ state: () => answer });
    const stop = store.getState().start();
    await vi.advanceTimersByTimeAsync(0);
    expect(start).toHaveBeenCalledTimes(1);
    expect(store.getState().view).toMatchObject({ kind: 'code', code: '482913' });

    answer = { state: 'pending', code: '482913', expiresAt: '2026-11-24T15:00:00.000Z' };
    await vi.advanceTimersByTimeAsync(PAIRING_POLL_MS * 3);
    expect(state).toHaveBeenCalledTimes(4);
    expect(reload).not.toHaveBeenCalled();

    answer = { state: 'paired', role: 'kiosk', name: 'Lobby 2' };
    await vi.advanceTimersByTimeAsync(PAIRING_POLL_MS);
    expect(store.getState().view).toEqual({ kind: 'paired', role: 'kiosk', name: 'Lobby 2' });
    expect(reload).toHaveBeenCalledTimes(1);
    // Paired: no more questions while the page reloads.
    await vi.advanceTimersByTimeAsync(PAIRING_POLL_MS * 3);
    expect(state).toHaveBeenCalledTimes(5);
    stop();
  });

  it('gets a new code by itself when the shown one expired', async () => {
    let answer: Answer = { state: 'pending', code: '111222', expiresAt: '2026-11-24T15:00:00.000Z' };
    const { store, start } = setup({ state: () => answer });
    const stop = store.getState().start();
    await vi.advanceTimersByTimeAsync(0);
    answer = { state: 'expired' };
    await vi.advanceTimersByTimeAsync(PAIRING_POLL_MS);
    expect(start).toHaveBeenCalledTimes(1);
    expect(store.getState().view).toMatchObject({ kind: 'code', code: '482913' });
    stop();
  });

  it('says why there is no code (the hub out of reach, too many requests) and tries again', async () => {
    let fail = true;
    const { store } = setup({
      state: () => {
        if (fail) throw new ApiCallError('UNREACHABLE', 'The hub cannot be reached. Check the network.');
        return { state: 'pending', code: '111222', expiresAt: '2026-11-24T15:00:00.000Z' };
      },
    });
    const stop = store.getState().start();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().problem).toBe('The hub cannot be reached. Check the network.');
    expect(store.getState().view).toEqual({ kind: 'asking' });
    fail = false;
    await vi.advanceTimersByTimeAsync(PAIRING_POLL_MS);
    expect(store.getState().problem).toBeNull();
    expect(store.getState().view).toMatchObject({ kind: 'code', code: '111222' });
    stop();
  });

  it('asks one question at a time, however slow the hub', async () => {
    const { store, state } = setup({ state: () => new Promise<Answer>(() => {}) });
    const stop = store.getState().start();
    await vi.advanceTimersByTimeAsync(PAIRING_POLL_MS * 5);
    expect(state).toHaveBeenCalledTimes(1);
    stop();
  });
});
