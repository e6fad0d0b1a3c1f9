/**
 * One failure, one code, at every step: the core's domain errors reach a
 * caller in the contract's shape, mapped once (core.call), whichever
 * operation or use case raised them. A refusal by the rules is REFUSED, an
 * unknown item NOT_FOUND, a field of the input the rules refuse INVALID_INPUT
 * with that field, and the service's refusal REFUSED with its reason.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../electron/core/app/core.ts';
import { AppError } from '../../../electron/core/errors.ts';
import { createSession, type Session } from '../../../electron/core/access/session.ts';
import type { Runtime } from '../../../electron/core/runtime.ts';
import { openApp } from '../../support/app.ts';
import { cleanup, dataDirFor, type SeededGuest, seedGuests, startServiceOn, tempDir } from '../outbox/helpers.ts';

const SAMPLES = fileURLToPath(new URL('../../../resources/samples/', import.meta.url));

let runtime: Runtime;
let core: AppCore;
let refusedRuntime: Runtime;
let refusedCore: AppCore;
let admin: Session;
let guest: SeededGuest;

beforeAll(async () => {
  const svc = await startServiceOn(tempDir('foyer-errors-svc-'));
  [guest] = (await seedGuests(svc, 1)).guests as [SeededGuest];
  ({ runtime, core } = await openApp(dataDirFor(svc.baseUrl), { pins: { admin: '2468' } }));
  await runtime.engine.syncNow();
  // The same service, with a token it does not accept.
  ({ runtime: refusedRuntime, core: refusedCore } = await openApp(
    dataDirFor(svc.baseUrl, tempDir('foyer-errors-data-'), 'not-the-token'),
  ));
  admin = createSession('errors-test', 'admin');
}, 60_000);

afterAll(async () => {
  await runtime?.close();
  await refusedRuntime?.close();
  await cleanup();
});

/** The error a call ends with, in the one shape every door sends. */
async function failure(promise: Promise<unknown>): Promise<ReturnType<AppError['toBody']>['error']> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).toBody().error;
  }
  throw new Error('expected the call to fail');
}

const upload = (kind: 'identities' | 'profiles', file: string, group?: string) => ({
  kind,
  fileName: file,
  contentBase64: readFileSync(join(SAMPLES, file)).toString('base64'),
  ...(group ? { group } : {}),
});

describe('domain errors in the contract shape', () => {
  it('a transition the state does not allow is REFUSED; an unknown guest NOT_FOUND', async () => {
    await core.call(admin, 'guests.transition', { invitationId: guest.id, action: 'checkIn' });
    expect(await failure(core.call(admin, 'guests.transition', { invitationId: guest.id, action: 'checkIn' }))).toEqual(
      { code: 'REFUSED', message: expect.stringMatching(/cannot be checked in: the state is CHECKED_IN/) },
    );
    expect(await failure(core.call(admin, 'guests.transition', { invitationId: 987654, action: 'checkIn' }))).toEqual({
      code: 'NOT_FOUND',
      message: 'no guest with invitation id 987654 in the mirror',
    });
  });

  it('a push without its group is INVALID_INPUT at the group field, when previewed and when queued', async () => {
    const missing = {
      code: 'INVALID_INPUT',
      message: 'choose the access profile group the file replaces',
      details: [{ path: 'group', message: 'choose the access profile group the file replaces' }],
    };
    const file = upload('profiles', 'profiles-berlin-lobby.csv');
    expect(await failure(core.call(admin, 'imports.preview', file))).toEqual(missing);
    expect(await failure(core.call(admin, 'pushes.queue', { ...file, confirmed: true }))).toEqual(missing);
  });

  it('a file the rules refuse is REFUSED, with the reason', async () => {
    expect(await failure(core.call(admin, 'pushes.queue', upload('identities', 'identities-with-errors.csv')))).toEqual(
      {
        code: 'REFUSED',
        message: expect.stringMatching(/row\(s\) have errors: fix them, or push the valid rows only$/),
      },
    );
  });

  it('retrying an unknown outbox item is NOT_FOUND; one that has not failed is REFUSED', async () => {
    expect(await failure(core.call(admin, 'outbox.retry', { id: 987654 }))).toEqual({
      code: 'NOT_FOUND',
      message: 'no outbox item 987654',
    });
    const [newest] = runtime.mirror.outbox.newest(1);
    expect(newest!.state).not.toBe('failed');
    expect(await failure(core.call(admin, 'outbox.retry', { id: newest!.id }))).toEqual({
      code: 'REFUSED',
      message: expect.stringMatching(/only failed items can be retried$/),
    });
  });

  it('a setting the rules refuse is INVALID_INPUT at its field', async () => {
    expect(await failure(core.call(admin, 'settings.setPin', { role: 'desk', pin: '2468' }))).toEqual({
      code: 'INVALID_INPUT',
      message: 'the desk PIN must differ from the admin PIN',
      details: [{ path: 'pin', message: 'the desk PIN must differ from the admin PIN' }],
    });
  });

  it("the service's refusal is REFUSED with its reason, not an internal error", async () => {
    const error = await failure(refusedCore.call(admin, 'employees.browse', { limit: 5, offset: 0 }));
    expect(error.code).toBe('REFUSED');
    expect(error.message).toMatch(/401|token/i);
  });
});
