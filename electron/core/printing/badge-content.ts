/**
 * What a guest's badge says, read from the mirror when it is printed (the
 * door PIN comes from the service after the check-in): the same words, in
 * the same language, as the badge the kiosk's page prints.
 */
import { badgeWords } from '../../../shared/i18n/kiosk/badge-words.ts';
import { signPassCode } from '../codes/pass-codes.ts';
import { createSiteKeyStore } from '../codes/site-key.ts';
import type { Config } from '../config/config.ts';
import type { Mirror } from '../db/mirror.ts';
import { displayName } from '../lookup/names.ts';
import type { BadgeContent } from './badge-pdf.ts';

function dayOf(at: string | null, now: number, locale: string, timeZone: string | null): string {
  const date = new Date(at ?? now);
  return date.toLocaleDateString(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(timeZone ? { timeZone } : {}),
  });
}

/** "Maria P.", "王超": how the desk names a guest whose badge did not print. */
export function shortName(firstName: string | null, lastName: string | null): string {
  const last = lastName?.trim() ?? '';
  const whole = displayName(firstName, lastName);
  if (!firstName?.trim() || !last || whole === `${last}${firstName.trim()}`) return whole;
  return `${firstName.trim()} ${[...last][0]!.toLocaleUpperCase()}.`;
}

/** The badge of a guest in the mirror, or undefined when the mirror no longer holds them. */
export function guestBadge(
  deps: { mirror: Mirror; config: Config; dataDir: string; log?: ((line: string) => void) | undefined },
  invitationId: number,
  now: number,
): BadgeContent | undefined {
  const { mirror, config } = deps;
  const guest = mirror.guests.byId(invitationId, config.flow);
  if (!guest) return undefined;
  const host = guest.hostId === null ? undefined : mirror.employees.byId(guest.hostId);
  let passCode: string | null = null;
  try {
    passCode = signPassCode(createSiteKeyStore(deps.dataDir).get(), invitationId);
  } catch (error) {
    deps.log?.(`badge of ${invitationId}: no pass code (${(error as Error).message})`);
  }
  const { locale, labels } = badgeWords(config.kiosk);
  return {
    name: displayName(guest.firstName, guest.lastName),
    company: guest.companyName,
    hostName: host ? displayName(host.firstName, host.lastName) || null : null,
    day: dayOf(guest.startsAt ?? guest.arrivedAt, now, locale, config.kiosk.timeZone),
    passCode,
    doorPin: config.kiosk.badge.doorPin ? mirror.deskGuests.pin(invitationId) : null,
    accentColor: config.kiosk.branding.accentColor,
    labels,
  };
}

/** The sample badge of a test print. */
export function sampleBadge(config: Config, now: number): BadgeContent {
  const { locale, labels } = badgeWords(config.kiosk);
  return {
    name: 'Maria Popa · 王超 · Иван Петров',
    company: 'Test print',
    hostName: 'Foyer',
    day: dayOf(null, now, locale, config.kiosk.timeZone),
    passCode: 'FOYER-TEST-PRINT',
    doorPin: config.kiosk.badge.doorPin ? '0000' : null,
    accentColor: config.kiosk.branding.accentColor,
    labels,
  };
}
