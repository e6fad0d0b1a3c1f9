/**
 * The renderer's errors carry only the contract's codes: the core's, read
 * from the host's answer, or the transport's UNREACHABLE when no answer
 * came; an answer that is no error body of this contract is INTERNAL.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiCallError } from '../../../renderer/src/lib/api.ts';
import { APP_ERROR_CODES, TRANSPORT_ERROR_CODES } from '../../../shared/contract/errors.ts';

const reply = (status: number, body: unknown) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': typeof body === 'string' ? 'text/html' : 'application/json' },
  });

/** The failure a call ends with. */
async function failure(promise: Promise<unknown>): Promise<ApiCallError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiCallError);
    return error as ApiCallError;
  }
  throw new Error('expected the call to fail');
}

describe('the renderer API over HTTP: errors in the contract codes', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const codes: readonly string[] = [...APP_ERROR_CODES, ...TRANSPORT_ERROR_CODES];
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("a refusal keeps the core's code, words and details", async () => {
    const details = [{ path: 'pin', message: 'a PIN is 4 to 12 digits' }];
    fetchMock.mockResolvedValueOnce(reply(400, { error: { code: 'INVALID_INPUT', message: 'a PIN', details } }));
    const error = await failure(api.call('settings.setPin', { role: 'desk', pin: '1' }));
    expect(error).toMatchObject({ code: 'INVALID_INPUT', message: 'a PIN', details });
  });

  it('no answer at all is UNREACHABLE, a code of the contract', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await failure(api.call('sync.status', {}));
    expect(error.code).toBe('UNREACHABLE');
    expect(codes).toContain(error.code);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect((await failure(api.pairing.state())).code).toBe('UNREACHABLE');
  });

  it("an answer that is no error body of this contract is INTERNAL, with the host's words when it gave some", async () => {
    fetchMock.mockResolvedValueOnce(reply(502, '<html>Bad gateway</html>'));
    expect(await failure(api.call('sync.status', {}))).toMatchObject({
      code: 'INTERNAL',
      message: 'sync.status failed (502)',
    });
    fetchMock.mockResolvedValueOnce(reply(409, { error: { code: 'SOMETHING_NEWER', message: 'a newer hub says no' } }));
    expect(await failure(api.call('sync.status', {}))).toMatchObject({
      code: 'INTERNAL',
      message: 'a newer hub says no',
    });
  });
});
