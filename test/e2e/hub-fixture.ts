/**
 * The site hub's end-to-end test (hub.test.ts): its devices, its morning's
 * guests, and what a person does at a device's screen.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
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

/** A guest finds themselves at a kiosk and taps Check in; resolves when the kiosk shows its success. */
export async function checkInAt(page: Page, typed: string, id: number) {
  await page.fill('[data-testid=kiosk-search]', typed);
  await page.click(`[data-testid=kiosk-result][data-id="${id}"]`);
  await page.click('[data-testid=kiosk-confirm-button]');
  await page.locator('[data-testid=kiosk-done]').waitFor();
}
