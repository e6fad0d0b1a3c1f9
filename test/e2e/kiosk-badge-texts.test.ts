/**
 * The kiosk's words by language end to end in Chromium at 1080 × 1920 (the
 * lobby of kiosk-fixture.ts): the printed badge speaks the site's language
 * (or the badge's own setting) whatever language the guest picked, and,
 * where the admin turned kiosk.badge.doorPin on, carries the guest's door
 * PIN, which the screen still shows only on a tap;
 * a welcome title given in German greets German guests, and the others read
 * the site's title. The badge is looked at in its DOM (the print stub counts
 * the prints) and in print media; screenshots in test-results/screens/.
 */
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { SCREENS } from '../support/browser.ts';
import {
  admin,
  axe,
  chooseLanguage,
  core,
  guests,
  page,
  pageErrors,
  printed,
  runtime,
  scan,
  setKiosk,
  setUpLobbyKiosk,
  shoot,
} from './kiosk-fixture.ts';

setUpLobbyKiosk();

const badgeText = (testId: string) => page.locator(`[data-testid=kiosk-print-badge] [data-testid=${testId}]`);
const kind = () => page.locator('[data-testid=kiosk-print-badge] .visitor-badge-kind').textContent();

async function checkIn(lastName: string) {
  const guest = guests.get(lastName)!;
  const { code } = await core.call(admin, 'guests.passCode', { invitationId: guest.invitationId });
  await scan(code);
  await page.click('[data-testid=kiosk-confirm-button]');
  await page.locator('[data-testid=kiosk-done]').waitFor();
}

describe('the kiosk’s words by language', () => {
  beforeEach(async () => {
    if (page.url() === 'about:blank') return;
    await page.reload();
    await page.locator('[data-testid=kiosk-keyboard]').waitFor();
  });

  it('prints the badge in the site’s language with the door PIN, for a guest who picked Türkçe', async () => {
    await setKiosk({ badge: { enabled: true, layout: 'standard', doorPin: true } });
    await page.reload();
    await page.locator('[data-testid=kiosk-keyboard]').waitFor();
    await chooseLanguage('TR');
    const before = printed;
    await checkIn('Müller');
    // The screen speaks Turkish; the badge waits for the door PIN, then prints once.
    expect(await page.locator('[data-testid=kiosk-badge-note]').innerText()).toBe('Ziyaretçi kartınız yazdırılıyor.');
    await page.locator('[data-testid=kiosk-print-badge][data-ready=true]').waitFor({ state: 'attached' });
    await expect.poll(() => printed, { timeout: 15_000 }).toBe(before + 1);
    expect(await kind()).toBe('Visitor');
    // In capitals by the badge's language, not the page's Turkish (VİSİTOR).
    expect(await page.getAttribute('[data-testid=kiosk-print-badge] [data-testid=visitor-badge]', 'lang')).toBe(
      'en-GB',
    );
    expect(await page.getAttribute('[data-testid=kiosk]', 'lang')).toBe('tr-TR');
    expect(await badgeText('visitor-badge-name').textContent()).toBe('Jörg Müller');
    const pinLine = await badgeText('visitor-badge-door-pin').textContent();
    expect(pinLine).toMatch(/^Door PIN: \d{4,8}$/);
    // Printed, not shown: the screen has the PIN behind its tap still, and it is the badge's.
    expect(await page.locator('[data-testid=kiosk-door-pin]').count()).toBe(0);
    expect(await page.locator('[data-testid=kiosk-print-badge]').isVisible()).toBe(false);
    await page.click('[data-testid=kiosk-show-door-pin]');
    expect(pinLine).toBe(`Door PIN: ${await page.locator('[data-testid=kiosk-door-pin] strong').innerText()}`);
    await page.click('[data-testid=kiosk-door-pin-hide]');
    expect(await axe()).toEqual([]);
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: join(SCREENS, 'kiosk-badge-site-language-print.png') });
    await page.emulateMedia({ media: 'screen' });
    await shoot('done-badge-tr');
    await page.click('[data-testid=kiosk-done-button]');
    await page.locator('[data-testid=kiosk-search]').waitFor();
    expect(printed).toBe(before + 1);
  }, 40_000);

  it('prints the badge in the badge’s own language when one is set, on a roll label too', async () => {
    await setKiosk({ badge: { enabled: true, layout: 'compact', language: 'DE' } });
    await page.reload();
    await page.locator('[data-testid=kiosk-keyboard]').waitFor();
    await chooseLanguage('RU');
    const before = printed;
    await checkIn('Соловьёв');
    await expect.poll(() => printed, { timeout: 15_000 }).toBe(before + 1);
    expect(await kind()).toBe('Besucher');
    expect(await badgeText('visitor-badge-door-pin').textContent()).toMatch(/^Tür-PIN: \d{4,8}$/);
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: join(SCREENS, 'kiosk-badge-compact-de-print.png') });
    await page.emulateMedia({ media: 'screen' });
    await page.click('[data-testid=kiosk-done-button]');
    await setKiosk({ badge: { layout: 'standard', language: null } });
  }, 40_000);

  it('prints without a PIN, within seconds, when the service cannot be reached to give one', async () => {
    await runtime.engine.stop();
    try {
      const before = printed;
      await checkIn('Лебедева');
      await expect.poll(() => printed, { timeout: 15_000 }).toBe(before + 1);
      expect(await kind()).toBe('Visitor');
      expect(await badgeText('visitor-badge-door-pin').count()).toBe(0);
      await page.click('[data-testid=kiosk-done-button]');
    } finally {
      runtime.engine.start();
      await setKiosk({ badge: { enabled: false, doorPin: false } });
    }
  }, 40_000);

  it('greets in German with the German title, and in another language with the site’s title', async () => {
    await setKiosk({ welcomeTitle: { EN: 'Welcome to Kranich', DE: 'Willkommen bei Kranich' } });
    await page.reload();
    const title = page.locator('[data-testid=kiosk-title]');
    // The page shows its built-in title until the kiosk's settings have come (a moment after the reload).
    await expect.poll(() => title.innerText()).toBe('Welcome to Kranich');
    await chooseLanguage('DE');
    expect(await title.innerText()).toBe('Willkommen bei Kranich');
    expect(await title.getAttribute('lang')).toBeNull();
    await shoot('start-title-de');
    await chooseLanguage('TR');
    expect(await title.innerText()).toBe('Welcome to Kranich');
    // Marked as English on the Turkish page, so that a screen reader reads it as English.
    expect(await title.getAttribute('lang')).toBe('en-GB');
    expect(await axe()).toEqual([]);
    expect(await page.locator('[data-testid=kiosk-intro]').innerText()).toBe(
      'Lütfen ziyaretiniz için buradan giriş yapın.',
    );
    await shoot('start-title-tr');
  });

  it('says the untouched “Welcome”, as older configs have it, in every guest’s own language', async () => {
    await setKiosk({ welcomeTitle: 'Welcome' });
    await page.reload();
    const title = page.locator('[data-testid=kiosk-title]');
    await chooseLanguage('TR');
    expect(await title.innerText()).toBe('Hoş geldiniz');
    await chooseLanguage('DE');
    expect(await title.innerText()).toBe('Willkommen');
    // One text, as an older config has it, is the site's: every guest reads it.
    await setKiosk({ welcomeTitle: 'Welcome to Kranich' });
    await page.reload();
    await chooseLanguage('TR');
    await expect.poll(() => title.innerText()).toBe('Welcome to Kranich');
  });

  it('ran without errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
