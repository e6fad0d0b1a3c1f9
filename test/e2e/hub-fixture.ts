/**
 * The site hub's end-to-end test (hub.test.ts): its devices, its morning's
 * guests, and what a person does at a device's screen.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { fingerprintGroups, shortFingerprint } from '../../shared/fingerprint.ts';
import { SCREENS } from '../support/browser.ts';

export const KIOSK = { width: 1080, height: 1920 };
export const DESK = { width: 1440, height: 900 };
/** Each device's own loopback address: the hub sees three clients. */
export const ADDRESSES = { desk: '127.0.0.2', lobby1: '127.0.0.3', lobby2: '127.0.0.4' } as const;
/** Where a copy of a kiosk's credential is used, as from a machine that took it (its requests' own address). */
export const COPY_ADDRESS = '127.0.0.5';
/** "Within a second", as the issue asks; measured from the moment the checking-in kiosk shows its success. */
export const LIVE_MS = 1000;

/** The morning's guests (names as the kiosks meet them), and where each checks in. */
export const MORNING = [
  { firstName: 'Дмитрий', lastName: 'Соловьёв', typed: 'Соловьёв', at: 'lobby1' },
  { firstName: '超', lastName: '王', typed: '王超', at: 'lobby2' },
  { firstName: 'Jörg', lastName: 'Müllerhaus', typed: 'Müllerhaus', at: 'lobby1' },
  { firstName: 'Ayşe', lastName: 'Kılıçarslan', typed: 'Kılıçarslan', at: 'lobby2' },
  { firstName: 'Olga', lastName: 'Lebedeva-Hub', typed: 'Lebedeva', at: 'desk' },
  { firstName: 'Maria', lastName: 'Popescu-Hub', typed: 'Popescu', at: 'lobby1' },
] as const;

export async function shoot(page: Page, name: string) {
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
  await page.screenshot({ path: join(SCREENS, `hub-${name}.png`) });
}

/** A device opens the hub: unpaired, it shows the pairing screen with its code. */
export async function codeOn(page: Page): Promise<string> {
  const code = page.locator('[data-testid=pairing-code]');
  await code.waitFor({ timeout: 15_000 });
  return (await code.getAttribute('data-code')) ?? '';
}

/** The desk device unlocks with the desk PIN. */
export async function unlockDesk(desk: Page, pin: string) {
  await desk.click('[data-testid=staff-button]');
  await desk.locator('[data-testid=pin-pad]').waitFor();
  await desk.keyboard.type(pin);
  await desk.keyboard.press('Enter');
  await desk.locator('[data-testid=desk]').waitFor();
}

/** At the desk's Devices view: type the code a device shows, say what it is. */
export async function pairAtDesk(desk: Page, code: string, role: 'kiosk' | 'desk', name: string) {
  await desk.click('[data-testid=area-devices]');
  await desk.fill('[data-testid=pair-code]', code);
  await desk.check(`[data-testid=pair-role-${role}]`);
  await desk.fill('[data-testid=pair-name]', name);
  await desk.click('[data-testid=pair-submit]');
  await desk.locator('[data-testid=pair-done]', { hasText: name }).waitFor();
}

/** A wrong code at the desk's Devices view is refused at the field (and counted as a wrong guess by the hub). */
export async function typeWrongCode(desk: Page, code: string, name: string) {
  await desk.click('[data-testid=area-devices]');
  await desk.fill('[data-testid=pair-code]', code === '000000' ? '000001' : '000000');
  await desk.fill('[data-testid=pair-name]', name);
  await desk.click('[data-testid=pair-submit]');
  await desk.locator('[data-testid=pair-code-error]').waitFor();
  expect(await desk.textContent('[data-testid=pair-code-error]')).toMatch(/^No device shows the code/);
  await shoot(desk, 'devices-wrong-code-1440x900');
}

/** A guest finds themselves at a kiosk and taps Check in; resolves when the kiosk shows its success. */
export async function checkInAt(page: Page, typed: string, id: number) {
  await page.fill('[data-testid=kiosk-search]', typed);
  await page.click(`[data-testid=kiosk-result][data-id="${id}"]`);
  await page.click('[data-testid=kiosk-confirm-button]');
  await page.locator('[data-testid=kiosk-done]').waitFor();
}

/**
 * The hub's security code as a screen shows it (the desk's Devices view, or
 * a device's pairing screen): the short form, the whole code in its groups,
 * and no group broken across two lines.
 */
export async function checkSecurityCode(page: Page, fingerprint: string) {
  const code = page.locator('[data-testid=hub-fingerprint], [data-testid=pairing-fingerprint]').first();
  await code.waitFor({ timeout: 10_000 });
  expect(await code.getAttribute('data-fingerprint')).toBe(fingerprint);
  const groups = fingerprintGroups(fingerprint);
  expect(await code.locator('[data-testid$=-short]').textContent()).toBe(shortFingerprint(fingerprint));
  expect((await code.locator('[data-testid$=-whole] .security-code-group').allTextContents()).join(' ')).toBe(
    groups.join(' '),
  );
  const lines = await code
    .locator('.security-code-group')
    .evaluateAll((spans) =>
      spans.map((span) => (span as unknown as { getClientRects(): unknown[] }).getClientRects().length),
    );
  expect(lines).toEqual(groups.map(() => 1));
}

/** The morning's arrivals as the desk's feed shows them: newest first, each where the device's name says. */
export function morningArrivals(guests: Map<string, { invitationId: number }>) {
  const names = { lobby1: 'Lobby 1', lobby2: 'Lobby 2', desk: 'Reception' } as const;
  return [...MORNING].reverse().map((m) => ({ id: guests.get(m.lastName)!.invitationId, where: names[m.at] }));
}

/**
 * The desk's feed of arrivals shows these guests first, newest first, each
 * with where they checked in; the newest opens when tapped.
 */
export async function checkArrivals(desk: Page, newestFirst: { id: number; where: string }[]) {
  const first = newestFirst[0]!;
  const where = desk.locator(`[data-testid=arrival][data-id="${first.id}"] [data-testid=arrival-where]`);
  await where.waitFor({ timeout: 5_000 });
  const shown = async () =>
    desk
      .locator('[data-testid=arrival]')
      .evaluateAll((items) =>
        items.map(
          (item) => `${item.getAttribute('data-id')} ${item.querySelector('[data-testid=arrival-where]')?.textContent}`,
        ),
      );
  expect((await shown()).slice(0, newestFirst.length)).toEqual(newestFirst.map((a) => `${a.id} ${a.where}`));
  await desk.click(`[data-testid=arrival][data-id="${first.id}"]`);
  await desk.locator('[data-testid=guest-detail]').waitFor();
  await shoot(desk, `desk-arrival-opened-${newestFirst.length}-1440x900`);
  await desk.keyboard.press('Escape');
  await desk.locator('[data-testid=guest-detail]').waitFor({ state: 'detached' });
}
