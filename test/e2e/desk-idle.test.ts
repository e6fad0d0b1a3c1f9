/**
 * The screens' own reloads are never a staff action (issue 31, G6): the
 * browser desk called guests.evacuationList on every guests-changed event,
 * and that call counted as a person's, so ordinary check-ins elsewhere kept a
 * desk unlocked past its idle time. Here a desk in Chromium is unlocked and
 * left alone while other doors check guests in, register a walk-in and start
 * a roll call; every operation the page calls by itself is recorded, and
 * each must be marked PASSIVE in the contract, and none may move the
 * session's last staff action.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, type Session } from '../../electron/core/access/session.ts';
import { PASSIVE_OPERATIONS } from '../../shared/contract/operations.ts';
import { today } from '../support/app.ts';
import { openPage } from '../support/browser-app.ts';
import { type DeskSite, openDeskSite, unlockDesk } from '../support/desk-site.ts';

let site: DeskSite;
let page: Page;
const pageErrors: string[] = [];
const elsewhere = createSession('e2e-other-desk', 'desk', 'desk', 'ip:192.0.2.7');

/** The page's session, found by its cookie. */
async function pageSession(): Promise<Session> {
  const cookie = (await page.context().cookies()).find((c) => /^foyer_session_\d+$/.test(c.name));
  const session = cookie && site.core.sessions.get(cookie.value);
  if (!session) throw new Error('the page has no session');
  return session;
}

beforeAll(async () => {
  site = await openDeskSite(300);
  page = await openPage(site, { viewport: { width: 1440, height: 900 } }, pageErrors);
  await page.goto(site.url);
}, 300_000);

afterAll(async () => {
  await site?.close();
});

describe('a desk left alone', () => {
  it('calls only PASSIVE operations while other doors work, and none counts as a staff action', async () => {
    await unlockDesk(page, 20_000);
    const session = await pageSession();
    expect(session.role).toBe('desk');
    // Whatever the page still loads after the PIN settles first.
    await page.waitForLoadState('networkidle');
    const lastAction = session.lastActiveAt;
    const called: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (request.method() === 'POST' && path.startsWith('/app/')) called.push(path.slice('/app/'.length));
    });

    // Other doors: check-ins at another desk, a visitor registered there, a roll call started.
    const { guests } = await site.core.call(elsewhere, 'guests.list', {
      ...today(site.now()),
      category: 'expected',
      limit: 3,
    });
    for (const guest of guests)
      await site.core.call(elsewhere, 'guests.transition', { invitationId: guest.invitationId, action: 'checkIn' });
    const hostId = site.runtime.mirror.db
      .prepare('SELECT id FROM employees ORDER BY id LIMIT 1')
      .pluck()
      .get() as number;
    await site.core.call(elsewhere, 'walkIns.add', { firstName: 'Wal', lastName: 'Kin', hostId });
    const rollCall = await site.core.call(elsewhere, 'evacuation.start', {});

    // The page hears each and reloads what it shows.
    await expect
      .poll(() => [...new Set(called)].sort(), { timeout: 20_000 })
      .toEqual(
        expect.arrayContaining(['guests.changes', 'guests.evacuationList', 'walkIns.pending', 'evacuation.get']),
      );
    await page.waitForLoadState('networkidle');
    await site.core.call(elsewhere, 'evacuation.end', { rollCallId: rollCall.id });
    await page.waitForLoadState('networkidle');

    const notPassive = [...new Set(called)].filter((name) => !PASSIVE_OPERATIONS.has(name as never));
    expect(notPassive, `called without a person: ${[...new Set(called)].sort().join(', ')}`).toEqual([]);
    expect(session.lastActiveAt).toBe(lastAction);
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
