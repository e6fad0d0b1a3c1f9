/**
 * What a guest's badge says, read from the mirror when it is printed (the
 * door PIN comes from the service after the check-in): the same words, in
 * the same language, as the badge the kiosk's page prints. A walk-in's badge
 * (a walk-in key, shared/domain/guest-key.ts: as the desk lists one the
 * service has not given back yet) is printed with what is known when they are let in.
 */
import { photoOf } from '../agreements/agreements.ts';
import { badgeWords } from '../../../shared/i18n/kiosk/badge-words.ts';
import { signPassCode } from '../codes/pass-codes.ts';
import { createSiteKeyStore } from '../codes/site-key.ts';
import type { Config } from '../config/config.ts';
import type { Mirror } from '../db/mirror.ts';
import { type NameParts, personName, writesFamilyNameFirst } from '../../../shared/domain/person-name.ts';
import type { BadgeContent } from './badge-pdf.ts';
import { walkInRecords } from '../db/repos/walk-in-records.ts';
import { walkInIdOf, walkInKey } from '../../../shared/domain/guest-key.ts';

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
export function shortName(name: NameParts): string {
  const first = name.firstName?.trim() ?? '';
  const last = name.lastName?.trim() ?? '';
  if (!first || !last || writesFamilyNameFirst(name)) return personName(name);
  return `${first} ${[...last][0]!.toLocaleUpperCase()}.`;
}

interface BadgeDeps {
  mirror: Mirror;
  config: Config;
  dataDir: string;
  log?: ((line: string) => void) | undefined;
}

function passCodeOrNull(deps: BadgeDeps, id: number, kind: 'invitation' | 'walkIn'): string | null {
  try {
    return signPassCode(createSiteKeyStore(deps.dataDir).get(), id, kind);
  } catch (error) {
    deps.log?.(`badge of ${kind} ${id}: no pass code (${(error as Error).message})`);
    return null;
  }
}

/** The photo the kiosk took of the guest (by their guest key), where the site takes photos. */
function photoOrNull(deps: BadgeDeps, id: number): Buffer | null {
  if (!deps.config.photos.enabled) return null;
  const config = deps.config;
  return (
    photoOf({ mirror: deps.mirror, dataDir: deps.dataDir, config: () => config, now: Date.now }, id)?.bytes ?? null
  );
}

/**
 * A walk-in's badge from their request: the name, company and host they gave,
 * their own pass (good once the service has their visit), and the door PIN
 * once the mirror has their invitation and its PIN.
 */
function walkInBadge(deps: BadgeDeps, walkInId: number, now: number): BadgeContent | undefined {
  const { mirror, config } = deps;
  const row = walkInRecords(mirror).byId(walkInId);
  if (!row) return undefined;
  const { locale, labels } = badgeWords(config.kiosk);
  const pin = config.kiosk.badge.doorPin && row.invitationId !== null ? mirror.deskGuests.pin(row.invitationId) : null;
  return {
    name: personName(row),
    company: row.companyName,
    hostName: row.hostName,
    day: dayOf(row.startsAt, now, locale, config.kiosk.timeZone),
    passCode: passCodeOrNull(deps, walkInId, 'walkIn'),
    doorPin: pin,
    accentColor: config.kiosk.branding.accentColor,
    labels,
    photo: photoOrNull(deps, walkInKey(walkInId)),
  };
}

/** The badge of a guest by their key (shared/domain/guest-key.ts), or undefined when the mirror no longer holds them. */
export function guestBadge(deps: BadgeDeps, invitationId: number, now: number): BadgeContent | undefined {
  const walkInId = walkInIdOf(invitationId);
  if (walkInId !== undefined) return walkInBadge(deps, walkInId, now);
  const { mirror, config } = deps;
  const guest = mirror.guests.byId(invitationId, config.flow);
  if (!guest) return undefined;
  const host = guest.hostId === null ? undefined : mirror.employees.byId(guest.hostId);
  const passCode = passCodeOrNull(deps, invitationId, 'invitation');
  const { locale, labels } = badgeWords(config.kiosk);
  return {
    name: personName(guest),
    company: guest.companyName,
    hostName: host ? personName(host) || null : null,
    day: dayOf(guest.startsAt ?? guest.arrivedAt, now, locale, config.kiosk.timeZone),
    passCode,
    doorPin: config.kiosk.badge.doorPin ? mirror.deskGuests.pin(invitationId) : null,
    accentColor: config.kiosk.branding.accentColor,
    labels,
    photo: photoOrNull(deps, invitationId),
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
