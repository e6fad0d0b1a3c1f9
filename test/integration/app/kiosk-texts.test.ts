/**
 * The kiosk's texts by language and the badge's language through the app
 * core (the admin console's settings.setKiosk), against the reference
 * service over real HTTP: stored in the config file as given, read by a
 * kiosk, and each bad value refused at its field with nothing stored.
 */
import { describe, expect, it } from 'vitest';
import { createSession } from '../../../electron/core/access/session.ts';
import { createConfigStore } from '../../../electron/core/config/config.ts';
import { admin, core, dir, refusal, setUpAdminApp } from './admin-fixture.ts';

setUpAdminApp();

const kiosk = createSession('kiosk-texts-kiosk', 'kiosk');
const stored = () => createConfigStore(dir).read().kiosk;

describe('kiosk texts by language', () => {
  it('takes titles by language and a badge language, stores them as given, and a kiosk reads them', async () => {
    const saved = await core.call(admin, 'settings.setKiosk', {
      welcomeTitle: { DE: 'Willkommen bei Kranich', EN: 'Welcome to Kranich' },
      badge: { language: 'DE' },
    });
    expect(saved.welcomeTitle).toEqual({ DE: 'Willkommen bei Kranich', EN: 'Welcome to Kranich' });
    expect(saved.badge.language).toBe('DE');
    expect(stored().welcomeTitle).toEqual({ DE: 'Willkommen bei Kranich', EN: 'Welcome to Kranich' });
    const read = await core.call(kiosk, 'kiosk.settings', {});
    expect(read.welcomeTitle).toEqual(saved.welcomeTitle);
    expect(read.badge).toMatchObject({ enabled: false, language: 'DE' });
  });

  it('still takes one title, as older consoles and scripts send it; null puts the badge back to the start language', async () => {
    const saved = await core.call(admin, 'settings.setKiosk', { welcomeTitle: 'Hello', badge: { language: null } });
    expect(saved.welcomeTitle).toBe('Hello');
    expect(stored()).toMatchObject({ welcomeTitle: 'Hello', badge: { language: null } });
  });

  it.each([
    [{ welcomeTitle: { JA: 'ようこそ' } }, 'welcomeTitle', /^JA: not a language the kiosk offers \(one of CS, DE, EN/],
    [{ welcomeTitle: { DE: 'W'.repeat(121) } }, 'welcomeTitle.DE', /^a welcome title is at most 120 characters$/],
    [{ welcomeTitle: 'W'.repeat(121) }, 'welcomeTitle', /^a welcome title is at most 120 characters$/],
    [{ badge: { language: 'JA' } }, 'badge.language', /^badge.language must be one of the kiosk's languages/],
    [{ badge: { language: 'Deutsch' } }, 'badge.language', /or null for the start language$/],
  ])('refuses %j at its field and stores nothing', async (patch, path, message) => {
    const before = stored();
    const error = await refusal(core.call(admin, 'settings.setKiosk', patch));
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.details).toHaveLength(1);
    expect(error.details![0]!.path).toBe(path);
    expect(error.details![0]!.message).toMatch(message);
    expect(stored()).toEqual(before);
  });
});
