/**
 * The kiosk end to end in Chromium, as guests use it on a 1080 × 1920 touch
 * screen: the built renderer on the browser host, the host on a real core,
 * the core on the embedded demo service (set up in kiosk-fixture.ts). Guests
 * with the names of issue 10 are put into today's events at the kiosk's
 * location through the service's PUT /events; they find themselves on the
 * on-screen keyboard alone. Every screen is captured at 1080 × 1920 and
 * 1280 × 800 into test-results/screens/. The tests share one page, in order.
 */
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { SCREENS } from '../support/browser.ts';
import { until } from '../support/until.ts';

/** What the page callbacks below use of the browser: the Node-side tsconfig has no DOM library. */
interface PageElement {
  id: string;
  tagName: string;
  textContent: string | null;
  dataset: Record<string, string | undefined>;
  getBoundingClientRect(): { toJSON(): { width: number; height: number } };
}
declare const document: {
  activeElement: PageElement | null;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): Iterable<PageElement>;
  fonts: { ready: Promise<unknown>; check(font: string, text: string): boolean };
};
import {
  INVITED_IN_CZECH,
  SPELLINGS,
  LOOKUP_PENDING,
  runtime,
  core,
  page,
  pageErrors,
  admin,
  guests,
  printed,
  setKiosk,
  shoot,
  axe,
  focusedTag,
  chooseLanguage,
  tap,
  scan,
  setUpLobbyKiosk,
} from './kiosk-fixture.ts';

setUpLobbyKiosk();

describe('the kiosk in a lobby', () => {
  // Each walk starts where a guest finds the kiosk: the start screen, nothing typed, the default language.
  beforeEach(async () => {
    if (page.url() === 'about:blank') return;
    await page.reload();
    await page.locator('[data-testid=kiosk-keyboard]').waitFor();
  });

  it('opens on its start screen with the heading focused, an on-screen keyboard, and nothing for axe', async () => {
    expect(await focusedTag()).toMatch(/^h1:/);
    await page.locator('[data-testid=kiosk-keyboard] [data-skbtn="q"]').waitFor();
    expect(await axe()).toEqual([]);
    await shoot('start');
  });

  it('gives every touch target at least 48 px', async () => {
    const sizes = await page.evaluate(() =>
      [
        ...document.querySelectorAll(
          '[data-testid=staff-button], [data-testid=language-button], [data-testid=kiosk-scan], [data-testid=kiosk-keyboard] button',
        ),
      ].map((el) => ({ name: el.dataset.testid ?? el.dataset.skbtn, ...el.getBoundingClientRect().toJSON() })),
    );
    expect(sizes.length).toBeGreaterThan(30);
    for (const size of sizes) {
      expect(size.width, size.name).toBeGreaterThanOrEqual(48);
      expect(size.height, size.name).toBeGreaterThanOrEqual(48);
    }
  });

  it('shows the keyboard of each language: QWERTZ with umlauts in German, Cyrillic in Russian with a switch to Latin', async () => {
    await chooseLanguage('DE');
    const keys = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('[data-testid=kiosk-keyboard] [data-skbtn]')].map((b) => b.dataset.skbtn),
      );
    expect(await keys()).toEqual(expect.arrayContaining(['z', 'ä', 'ö', 'ü', 'ß']));
    await shoot('start-de');
    await chooseLanguage('RU');
    expect(await keys()).toEqual(expect.arrayContaining(['й', 'ё', '{latin}']));
    expect(await axe()).toEqual([]);
    await shoot('start-ru');
    await chooseLanguage('TR');
    expect(await keys()).toEqual(expect.arrayContaining(['ı', 'ş', 'ğ']));
    await chooseLanguage('ZH_CN');
    expect(await keys()).toEqual(expect.arrayContaining(['q', 'ü']));
    await shoot('start-zh');
    await chooseLanguage('EN');
  });

  for (const spelling of SPELLINGS)
    // Pending: the misspelling-tolerant, transliterating lookup of the core (issue 10, core side) is not on main yet.
    it.skipIf(LOOKUP_PENDING)(
      `finds ${spelling.finds} typed as “${spelling.typed}” on the on-screen keyboard alone`,
      async () => {
        if (spelling.language) await chooseLanguage(spelling.language);
        if (spelling.script === 'latin') await page.click('[data-testid=kiosk-keyboard] [data-skbtn="{latin}"]');
        await tap(spelling.typed);
        const guest = guests.get(spelling.finds)!;
        // The answer to the whole word as the field holds it (capitalised), not to a prefix typed on the way.
        const typed = (await page.locator('[data-testid=kiosk-search]').inputValue()).trim();
        await page.locator(`[data-testid=kiosk-results][data-answered="${typed}"]`).waitFor({ timeout: 5000 });
        const card = page.locator(`[data-testid=kiosk-result][data-id="${guest.invitationId}"]`);
        await card.waitFor({ timeout: 5000 });
        // The best match first; at most five.
        expect(await page.locator('[data-testid=kiosk-result]').first().getAttribute('data-id')).toBe(
          String(guest.invitationId),
        );
        expect(await page.locator('[data-testid=kiosk-result]').count()).toBeLessThanOrEqual(5);
        if (spelling.typed === 'mueller') await shoot('results');
        if (spelling.typed === 'zhang') await shoot('results-zh');
        await page.click('.kiosk-clear');
        if (spelling.language) await chooseLanguage('EN');
      },
    );

  // An input method composes into the field that has the focus (it sends no key events a page could redirect).
  it('finds a Chinese guest by the whole name and by a single character typed on a physical keyboard (IME)', async () => {
    const wang = guests.get('王')!;
    await page.click('[data-testid=kiosk-search]');
    await page.keyboard.insertText('王超');
    await page.locator(`[data-testid=kiosk-result][data-id="${wang.invitationId}"]`).waitFor({ timeout: 5000 });
    // Family name first, whole: never "超 W.".
    expect(
      await page.locator(`[data-testid=kiosk-result][data-id="${wang.invitationId}"] .guest-name`).innerText(),
    ).toBe('王超');
    // The shipped font, loaded because a Chinese name is on screen.
    expect(
      await page.evaluate(async () => {
        await document.fonts.ready;
        return document.fonts.check('24px "Noto Sans SC"', '王超');
      }),
    ).toBe(true);
    await shoot('results-cjk');
    await page.click('.kiosk-clear');
    await page.click('[data-testid=kiosk-search]');
    await page.keyboard.insertText('超');
    await page.locator(`[data-testid=kiosk-result][data-id="${wang.invitationId}"]`).waitFor({ timeout: 5000 });
    await page.click('.kiosk-clear');
  });

  it('lets a person type on a physical keyboard even when the focus is on the heading', async () => {
    await page.click('[data-testid=kiosk-title]');
    await page.keyboard.type('Müll', { delay: 80 });
    expect(await page.inputValue('[data-testid=kiosk-search]')).toBe('Müll');
    await page.click('.kiosk-clear');
  });

  it('takes a scanner burst as a code, also when the field holds text and has no focus, and leaves none of it there', async () => {
    const guest = guests.get('Müller')!;
    const { code } = await core.call(admin, 'guests.passCode', { invitationId: guest.invitationId });
    await tap('mar');
    await page.click('[data-testid=kiosk-title]');
    expect(await page.evaluate(() => document.activeElement?.id)).not.toBe('kiosk-name');
    await scan(code);
    await page.locator('[data-testid=kiosk-confirm]').waitFor({ timeout: 5000 });
    expect(await page.locator('[data-testid=kiosk-confirm] .guest-name').innerText()).toBe('Jörg M.');
    await page.getByText('That’s not me').click();
    expect(await page.inputValue('[data-testid=kiosk-search]')).toBe('Mar');

    // The same with the focus in the field.
    await page.focus('[data-testid=kiosk-search]');
    await scan(code);
    await page.locator('[data-testid=kiosk-confirm]').waitFor({ timeout: 5000 });
    await page.getByText('That’s not me').click();
    expect(await page.inputValue('[data-testid=kiosk-search]')).toBe('Mar');
    await page.click('.kiosk-clear');
  });

  it('reveals nobody for a made-up code, scanned or typed, and says so in the guest’s language', async () => {
    // A burst of a made-up code: no guest, and the guest is told in their language.
    await scan('F1-42-ABCDEFGH');
    await page.getByText('We could not find an invitation for this code today.').waitFor();
    expect(await page.locator('[data-testid=kiosk-confirm]').count()).toBe(0);
    await page.click('[data-testid=kiosk-scan]');
    await page.locator('[data-testid=kiosk-code]').waitFor();
    await tap('42');
    expect(await page.inputValue('[data-testid=kiosk-code]')).toBe('42');
    await page.click('.kiosk-code button[type=submit]');
    await page.locator('[data-testid=kiosk-problem]').waitFor();
    expect(await axe()).toEqual([]);
    await shoot('scan');
    await page.getByText('Back').first().click();
  });

  it('offers the guest their invitation language without switching, and “That’s not me” keeps the guest’s own', async () => {
    const ru = guests.get('Лебедев')!;
    const invited = guests.get(INVITED_IN_CZECH.lastName)!;
    expect(invited.language).toBe('CS');
    const { code } = await core.call(admin, 'guests.passCode', { invitationId: invited.invitationId });
    await scan(code);
    await page.locator('[data-testid=kiosk-confirm]').waitFor();
    expect(await page.locator('[data-testid=kiosk-offer-language]').count()).toBe(1);
    expect(await page.getAttribute('[data-testid=kiosk]', 'lang')).toBe('en-GB');
    expect(await focusedTag()).toMatch(/^h1:Check in as/);
    expect(await page.locator('[data-testid=kiosk-announcement]').innerText()).toContain('Check in as');
    expect(await axe()).toEqual([]);
    await shoot('confirm-offer');
    await page.click('[data-testid=kiosk-offer-language]');
    expect(await page.getAttribute('[data-testid=kiosk]', 'lang')).not.toBe('en-GB');
    await shoot('confirm-in-own-language');
    await page.locator('.confirm-actions .button-ghost').click();
    await page.locator('[data-testid=kiosk-search]').waitFor();
    expect(await page.getAttribute('[data-testid=kiosk]', 'lang')).toBe('en-GB');
    expect(ru).toBeDefined();
  });

  it('checks a guest in and shows the door PIN only on a tap, the host and the arrival time, and says so aloud', async () => {
    const guest = guests.get('Kılıç')!;
    const { code } = await core.call(admin, 'guests.passCode', { invitationId: guest.invitationId });
    await scan(code);
    await page.click('[data-testid=kiosk-confirm-button]');
    await page.locator('[data-testid=kiosk-done]').waitFor();
    // Greeted by the whole name; the door PIN hidden until tapped, and hidden again a few seconds later.
    expect(await focusedTag()).toMatch(/^h1:Welcome, Ayşe Kılıç!/);
    await page.locator('[data-testid=kiosk-show-door-pin]').waitFor({ timeout: 15_000 });
    expect(await page.locator('[data-testid=kiosk-door-pin]').count()).toBe(0);
    expect(await page.locator('[data-testid=kiosk-announcement]').innerText()).not.toMatch(/\d \d \d/);
    await page.click('[data-testid=kiosk-show-door-pin]');
    expect(await page.locator('[data-testid=kiosk-door-pin] strong').innerText()).toMatch(/^\d{4,8}$/);
    expect(await page.locator('[data-testid=kiosk-arrived-at]').innerText()).toMatch(/^Checked in at \d\d:\d\d$/);
    expect(await axe()).toEqual([]);
    await shoot('done-pin');
    await page.locator('[data-testid=kiosk-door-pin]').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await page.locator('[data-testid=kiosk-show-door-pin]').count()).toBe(1);
    await page.click('[data-testid=kiosk-done-button]');
    await page.locator('[data-testid=kiosk-search]').waitFor();
  }, 30_000);

  it('prints a visitor badge on check-in when badges are on', async () => {
    await setKiosk({ badge: { enabled: true, layout: 'standard' } });
    await page.reload();
    await page.locator('[data-testid=kiosk]').waitFor();
    const guest = guests.get('Соловьёв')!;
    const { code } = await core.call(admin, 'guests.passCode', { invitationId: guest.invitationId });
    const before = printed;
    await scan(code);
    await page.click('[data-testid=kiosk-confirm-button]');
    await page.locator('[data-testid=kiosk-badge-note]').waitFor();
    // Printed once the door PIN is on it (kiosk-badge-texts.test.ts), at most a few seconds after the tap on a
    // quiet machine; the limits are for a machine running other test files beside this one (a passing run takes none of them).
    await expect.poll(() => printed, { timeout: 40_000 }).toBe(before + 1);
    expect(await page.locator('[data-testid=visitor-badge-name]').innerText()).toBe('Дмитрий Соловьёв');
    expect(await page.locator('[data-testid=visitor-badge] svg[role=img]').getAttribute('aria-label')).toBe(
      code.toUpperCase(),
    );
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: join(SCREENS, 'kiosk-badge-print.png') });
    await page.emulateMedia({ media: 'screen' });
    await shoot('done-badge');
    await page.click('[data-testid=kiosk-done-button]');
    await setKiosk({ badge: { enabled: false } });
  }, 75_000);

  it('says “please see reception” when the service cannot be reached to give the door PIN', async () => {
    await runtime.engine.stop();
    const guest = guests.get('Лебедева')!;
    const { code } = await core.call(admin, 'guests.passCode', { invitationId: guest.invitationId });
    await scan(code);
    await page.click('[data-testid=kiosk-confirm-button]');
    // The kiosk asks for the arrival 8 times over 7 s before it says so: its clock (Playwright's) is moved on a
    // second at a time, each step a quarter of a second apart so that each poll's answer is in first (the done
    // screen's 15 s countdown moves a second at most per step: it stays on screen).
    await until(
      async () => {
        await page.clock.fastForward(1_000);
        return (await page.locator('[data-testid=kiosk-see-reception]').count()) > 0;
      },
      'the kiosk to say "please see reception"',
      { every: 250 },
    );
    expect(await page.locator('[data-testid=kiosk-door-pin]').count()).toBe(0);
    expect(await page.locator('[data-testid=kiosk-arrived-at]').innerText()).toMatch(/\d\d:\d\d/);
    await shoot('done-offline');
    await page.click('[data-testid=kiosk-done-button]');
    runtime.engine.start();
  });

  it('speaks the kiosk language on the staff PIN pad, with a close button of 48 px, and nothing for axe', async () => {
    await chooseLanguage('DE');
    await page.click('[data-testid=staff-button]');
    await page.locator('[data-testid=pin-pad]').waitFor();
    expect(await page.locator('[data-testid=pin-pad] h2').innerText()).toBe('Zugang für Mitarbeitende');
    expect(await focusedTag()).toMatch(/^h2:/);
    const close = await page.locator('[data-testid=pin-close]').boundingBox();
    expect(close!.width).toBeGreaterThanOrEqual(48);
    expect(close!.height).toBeGreaterThanOrEqual(48);
    expect(await axe()).toEqual([]);
    await shoot('pin-pad');
    await page.keyboard.type('1111');
    await page.keyboard.press('Enter');
    await page.getByText('Falsche PIN. Bitte versuchen Sie es erneut.').waitFor();
    await page.click('[data-testid=pin-close]');
    await chooseLanguage('EN');
  });

  it('wears the site’s logo and accent colour, darkened where white text on it would not read', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="64"><rect width="240" height="64" rx="10" fill="#ffd200"/>' +
      '<text x="120" y="43" font-size="30" font-family="sans-serif" font-weight="700" text-anchor="middle" fill="#111">KRANICH</text></svg>';
    await setKiosk({
      branding: {
        accentColor: '#ffd200',
        logoDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      },
    });
    await page.reload();
    await page.locator('[data-testid=kiosk-logo]').waitFor();
    const brand = await page.evaluate(() =>
      (globalThis as unknown as { getComputedStyle(e: unknown): { getPropertyValue(n: string): string } })
        .getComputedStyle(document.querySelector('[data-testid=kiosk]'))
        .getPropertyValue('--brand'),
    );
    expect(brand).toMatch(/^#[0-9a-f]{6}$/);
    expect(brand).not.toBe('#ffd200');
    expect(await axe()).toEqual([]);
    await shoot('branded');
    await page.click('[data-testid=kiosk-scan]');
    await shoot('branded-scan');
    await setKiosk({ branding: { accentColor: null, logoDataUrl: null } });
  });

  it('warns before the idle reset, can be told to wait, and then closes every sheet', async () => {
    // 12 s of quiet, the last 6 of them warned. The page's clock (Playwright's) is moved on, not waited for.
    await setKiosk({ idleSeconds: 12 });
    await page.reload();
    await page.locator('[data-testid=kiosk]').waitFor();
    await page.click('[data-testid=language-button]');
    await page.locator('[data-testid=language-list]').waitFor();
    expect(await page.locator('[data-testid=kiosk-idle-warning]').count()).toBe(0);
    await page.clock.fastForward(7_000);
    await page.locator('[data-testid=kiosk-idle-warning]').waitFor();
    expect(await page.locator('[data-testid=kiosk-idle-seconds]').innerText()).toMatch(/starts over in \d s/);
    await page.click('[data-testid=kiosk-idle-stay]');
    await page.locator('[data-testid=kiosk-idle-warning]').waitFor({ state: 'detached' });
    expect(await page.locator('[data-testid=language-list]').count()).toBe(1);
    // Nobody touches it again: the warning (looked at while it counts), then the start screen with no sheet open.
    await page.clock.fastForward(7_000);
    await page.locator('[data-testid=kiosk-idle-warning]').waitFor();
    expect(await focusedTag()).toMatch(/^h2:Are you still there/);
    expect(await axe()).toEqual([]);
    await shoot('idle-warning');
    await page.clock.fastForward(6_000);
    await page.locator('[data-testid=language-list]').waitFor({ state: 'detached' });
    expect(await page.locator('[data-testid=kiosk-idle-warning]').count()).toBe(0);
    await setKiosk({ idleSeconds: 60 });
  });

  // Last: the browser host lets one address guess only so many codes a minute, and this probe uses them up.
  it('reveals nobody to someone counting codes 20 to 70, and slows the counting down', async () => {
    const answers = await page.evaluate(async () => {
      const found: { status: number; body: unknown }[] = [];
      for (let id = 20; id <= 70; id++)
        for (const code of [String(id), `FOYER-${id}`, `F1-${id}-AAAAAAAA`]) {
          const response = await fetch('/app/kiosk.byCode', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ code }),
          });
          found.push({ status: response.status, body: await response.json() });
        }
      return found;
    });
    expect(answers).toHaveLength(153);
    // Nobody: no answer names a guest; each is "no such code" or, once too many were tried, a refusal.
    for (const answer of answers)
      expect(answer.body === null || (answer.body as { error?: { code: string } }).error?.code === 'REFUSED').toBe(
        true,
      );
    expect(answers.filter((a) => a.body !== null).length).toBeGreaterThan(0);
  });

  it('ran without errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
