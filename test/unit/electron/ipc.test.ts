/**
 * IPC replies as values: the main process answers every call with
 * `{ ok: true, value }` or `{ ok: false, error }` (the contract's error
 * shape), the preload hands that on unchanged, and the renderer's api turns
 * a refusal into an ApiCallError with its code and details. Nothing is cut
 * out of an Error's message. The channel names come from one module
 * (shared/contract/ipc.ts) on both sides. Electron is mocked.
 */
import { describe, expect, it, vi } from 'vitest';
import { DEVICE_WINDOW_ARGUMENT, IPC_CHANNELS, type IpcReply } from '../../../shared/contract/ipc.ts';
import { OPERATION_NAMES } from '../../../shared/contract/operations.ts';
import type { AppCore } from '../../../electron/core/app/core.ts';
import { AppError } from '../../../electron/core/errors.ts';
import { createSession } from '../../../electron/core/access/session.ts';
import { registerIpc } from '../../../electron/main/ipc.ts';
import { ApiCallError, call as apiCall, printPage } from '../../../renderer/src/lib/api.ts';

type Handler = (event: { sender: unknown }, name: unknown, input: unknown) => Promise<unknown>;

/** registerIpc on a fake ipcMain, over a core whose call does what `behave` says. */
function door(behave: (name: string, input: unknown) => Promise<unknown>) {
  const handlers = new Map<string, Handler>();
  const ipcMain = {
    handle: (channel: string, handler: Handler) => handlers.set(channel, handler),
    removeHandler: vi.fn(),
  };
  const core = { call: (_session: unknown, name: string, input: unknown) => behave(name, input) } as unknown as AppCore;
  const window = { id: 1 };
  const session = createSession('w1', 'kiosk');
  registerIpc(ipcMain as never, core, (contents) => (contents === window ? session : undefined));
  const handler = handlers.get(IPC_CHANNELS.call);
  expect(handler, `a handler on ${IPC_CHANNELS.call}`).toBeDefined();
  return (name: unknown, input: unknown = {}, sender: unknown = window) => handler!({ sender }, name, input);
}

describe('the main process', () => {
  it('answers a call with { ok: true, value }', async () => {
    const call = door(async () => ({ idleSeconds: 60 }));
    await expect(call('kiosk.settings')).resolves.toEqual({ ok: true, value: { idleSeconds: 60 } });
  });

  it('answers a refusal with { ok: false, error } in the contract shape, never a rejection', async () => {
    const call = door(async () => {
      throw new AppError('INVALID_INPUT', 'invalid input for kiosk.lookup: text: too short', [
        { path: 'text', message: 'too short' },
      ]);
    });
    await expect(call('kiosk.lookup', { text: '' })).resolves.toEqual({
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message: 'invalid input for kiosk.lookup: text: too short',
        details: [{ path: 'text', message: 'too short' }],
      },
    });
  });

  it('answers a window without a session and an unknown operation the same way', async () => {
    const call = door(async () => 'never');
    expect(await call('kiosk.settings', {}, { id: 2 })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await call('no.such')).toMatchObject({ ok: false, error: { code: 'UNKNOWN_OPERATION' } });
    expect(await call(42)).toMatchObject({ ok: false, error: { code: 'UNKNOWN_OPERATION' } });
  });

  it('lets a bug (not an AppError) reject, to be logged in main', async () => {
    const call = door(async () => {
      throw new TypeError('boom');
    });
    await expect(call('kiosk.settings')).rejects.toThrow('boom');
  });
});

describe('the preload', () => {
  it('calls on the shared channel and hands the reply on as it came', async () => {
    const exposed: Record<string, unknown> = {};
    const reply: IpcReply = { ok: false, error: { code: 'FORBIDDEN', message: 'no' } };
    const invoke = vi.fn(async () => reply);
    const on = vi.fn();
    vi.doMock('electron', () => ({
      contextBridge: { exposeInMainWorld: (key: string, value: unknown) => (exposed[key] = value) },
      ipcRenderer: { invoke, on, removeListener: vi.fn() },
    }));
    vi.resetModules();
    await import('../../../electron/preload/index.ts');
    const bridge = exposed.foyer as {
      operations: Record<string, (i: unknown) => Promise<unknown>>;
      onEvent: (l: () => void) => () => void;
    };
    expect(Object.keys(bridge.operations).sort()).toEqual([...OPERATION_NAMES].sort());
    await expect(bridge.operations['outbox.list']!({})).resolves.toBe(reply);
    expect(invoke).toHaveBeenCalledWith(IPC_CHANNELS.call, 'outbox.list', {});
    bridge.onEvent(() => {});
    expect(on).toHaveBeenCalledWith(IPC_CHANNELS.event, expect.any(Function));
    vi.doUnmock('electron');
  });
});

describe("a hub's device: the preload gives printing only, and the api goes over HTTP", () => {
  it('exposes printBadge alone when main marks the window as a device of a hub', async () => {
    const exposed: Record<string, unknown> = {};
    const invoke = vi.fn(async () => ({ ok: true, value: undefined }));
    vi.doMock('electron', () => ({
      contextBridge: { exposeInMainWorld: (key: string, value: unknown) => (exposed[key] = value) },
      ipcRenderer: { invoke, on: vi.fn(), removeListener: vi.fn() },
    }));
    vi.resetModules();
    process.argv.push(DEVICE_WINDOW_ARGUMENT);
    try {
      await import('../../../electron/preload/index.ts');
    } finally {
      process.argv.splice(process.argv.indexOf(DEVICE_WINDOW_ARGUMENT), 1);
      vi.doUnmock('electron');
    }
    expect(Object.keys(exposed.foyer as object)).toEqual(['printBadge']);
    await (exposed.foyer as { printBadge(): Promise<unknown> }).printBadge();
    expect(invoke).toHaveBeenCalledWith(IPC_CHANNELS.print);
  });

  it('calls the hub over HTTP and prints through the preload when the bridge has no operations', async () => {
    const printBadge = vi.fn(async (): Promise<IpcReply<void>> => ({ ok: true, value: undefined }));
    globalThis.foyer = { printBadge };
    const fetch = vi.fn(async () => new Response(JSON.stringify({ idleSeconds: 30 }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    try {
      await expect(apiCall('kiosk.settings', {})).resolves.toEqual({ idleSeconds: 30 });
      expect(fetch).toHaveBeenCalledWith('/app/kiosk.settings', expect.objectContaining({ method: 'POST' }));
      await printPage();
      expect(printBadge).toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
      delete globalThis.foyer;
    }
  });
});

describe("the renderer's api over the bridge", () => {
  function withBridge(reply: (name: string) => Promise<IpcReply>) {
    const operations = Object.fromEntries(OPERATION_NAMES.map((name) => [name, () => reply(name)]));
    globalThis.foyer = { operations, onEvent: () => () => {} } as never;
  }

  it('returns the value of { ok: true }', async () => {
    withBridge(async () => ({ ok: true, value: { idleSeconds: 45 } }));
    await expect(apiCall('kiosk.settings', {})).resolves.toEqual({ idleSeconds: 45 });
    delete globalThis.foyer;
  });

  it('throws an ApiCallError with the code, message and details of { ok: false }', async () => {
    // A message with braces in it: nothing is parsed out of text any more.
    const message = 'invalid input for kiosk.lookup: text: "{x}" is not {allowed}';
    withBridge(async () => ({
      ok: false,
      error: { code: 'INVALID_INPUT', message, details: [{ path: 'text', message: 'no' }] },
    }));
    const error = await apiCall('kiosk.lookup', { text: '{x}' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error).toMatchObject({ code: 'INVALID_INPUT', message, details: [{ path: 'text', message: 'no' }] });
    delete globalThis.foyer;
  });

  it('turns a rejected call (a bug in main) into an INTERNAL ApiCallError', async () => {
    withBridge(async () => {
      throw new Error("Error invoking remote method 'foyer:call': TypeError: boom");
    });
    await expect(apiCall('kiosk.settings', {})).rejects.toMatchObject({ code: 'INTERNAL' });
    delete globalThis.foyer;
  });
});
