/**
 * The admin console's settings through the app core, against the reference
 * service over real HTTP: PINs, the check-in flow, sync intervals and
 * retention. Files, the connection, browsing and retries: admin-files.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createSession } from '../../../electron/core/access/session.ts';
import { createConfigStore } from '../../../electron/core/config/config.ts';
import { dir, runtime, core, admin, refusal, setUpAdminApp } from './admin-fixture.ts';

setUpAdminApp();

describe('settings', () => {
  it('PINs change at once; the desk PIN differs from the admin PIN; the admin PIN stays', async () => {
    expect(await core.call(admin, 'settings.setPin', { role: 'desk', pin: '1357' })).toEqual({
      desk: true,
      admin: true,
    });
    const desk = createSession('desk-door', 'kiosk', 'admin');
    expect(await core.call(desk, 'session.unlock', { pin: '1357' })).toEqual({ role: 'desk' });
    const same = await refusal(core.call(admin, 'settings.setPin', { role: 'desk', pin: '2468' }));
    expect(same.details).toEqual([{ path: 'pin', message: 'the desk PIN must differ from the admin PIN' }]);
    expect((await refusal(core.call(admin, 'settings.setPin', { role: 'admin', pin: null }))).code).toBe(
      'INVALID_INPUT',
    );
    expect((await refusal(core.call(admin, 'settings.setPin', { role: 'admin', pin: '12' }))).details?.[0]).toEqual({
      path: 'pin',
      message: 'a PIN is 4 to 12 digits',
    });
    await core.call(admin, 'settings.setPin', { role: 'admin', pin: '86420' });
    const door = createSession('admin-door', 'kiosk', 'admin');
    expect(await core.call(door, 'session.unlock', { pin: '86420' })).toEqual({ role: 'admin' });
    expect(createConfigStore(dir).read().pins.admin).toMatch(/^scrypt:/);
  });

  it('the check-in flow: each state in one list, the eventName of each action', async () => {
    const { flow } = await core.call(admin, 'settings.get', {});
    const twice = await refusal(core.call(admin, 'settings.setFlow', { ...flow, left: ['CHECKED_OUT', 'CHECKED_IN'] }));
    expect(twice.details?.[0]).toEqual({
      path: 'left',
      message: 'CHECKED_IN is already in onsite: a state belongs to one list',
    });
    const badName = await refusal(
      core.call(admin, 'settings.setFlow', { ...flow, transitions: { ...flow.transitions, checkOut: 'check out' } }),
    );
    expect(badName.details?.[0]?.path).toBe('transitions.checkOut');
    const saved = await core.call(admin, 'settings.setFlow', {
      ...flow,
      transitions: { ...flow.transitions, kioskCheckIn: 'KIOSK_CHECK_IN' },
    });
    expect(saved.transitions.kioskCheckIn).toBe('KIOSK_CHECK_IN');
    expect(runtime.config.flow.transitions.kioskCheckIn).toBe('KIOSK_CHECK_IN');
    await core.call(admin, 'settings.setFlow', flow);
  });

  it('sync intervals and retention, validated', async () => {
    const saved = await core.call(admin, 'settings.setSync', { intervals: { checkInsSeconds: 45 }, retentionDays: 14 });
    expect(saved.intervals.checkInsSeconds).toBe(45);
    expect(runtime.config.retentionDays).toBe(14);
    const error = await refusal(
      core.call(admin, 'settings.setSync', { intervals: { fullSeconds: 60, incrementalSeconds: 120 } }),
    );
    expect(error.details?.[0]?.path).toBe('intervals.fullSeconds');
    expect((await refusal(core.call(admin, 'settings.setSync', { retentionDays: 0 }))).code).toBe('INVALID_INPUT');
  });
});
