/**
 * The languages a guest can choose at the kiosk: the service's language codes
 * (GUEST_LANGUAGES, the one list of them), each named in its own language.
 * Shared by the kiosk's screens, the pairing screen and the device's "cannot
 * reach the hub" page (electron/main), which has no renderer to ask.
 */
import { GUEST_LANGUAGES, type KnownGuestLanguage } from './api/primitives.ts';

export type KioskLanguage = KnownGuestLanguage;

/** Every code named: a code added to the interface's list and missing here is a type error. */
const NAMES: Record<KioskLanguage, { name: string; locale: string }> = {
  CS: { name: 'Čeština', locale: 'cs-CZ' },
  DE: { name: 'Deutsch', locale: 'de-DE' },
  EN: { name: 'English', locale: 'en-GB' },
  ES: { name: 'Español', locale: 'es-ES' },
  FR: { name: 'Français', locale: 'fr-FR' },
  HR: { name: 'Hrvatski', locale: 'hr-HR' },
  HU: { name: 'Magyar', locale: 'hu-HU' },
  IT: { name: 'Italiano', locale: 'it-IT' },
  NL: { name: 'Nederlands', locale: 'nl-NL' },
  PL: { name: 'Polski', locale: 'pl-PL' },
  PT: { name: 'Português', locale: 'pt-PT' },
  RO: { name: 'Română', locale: 'ro-RO' },
  RU: { name: 'Русский', locale: 'ru-RU' },
  TR: { name: 'Türkçe', locale: 'tr-TR' },
  ZH_CN: { name: '简体中文', locale: 'zh-CN' },
};

export const KIOSK_LANGUAGE_CODES: readonly KioskLanguage[] = GUEST_LANGUAGES;

/** In the interface's order. */
export const KIOSK_LANGUAGES: readonly { code: KioskLanguage; name: string; locale: string }[] =
  KIOSK_LANGUAGE_CODES.map((code) => ({ code, ...NAMES[code] }));

/**
 * The kiosk language for a code as the service or a setting writes it
 * ("de", "DE", "de-AT", "zh_CN", "zh-Hans"), or undefined when the kiosk
 * does not speak it.
 */
export function toKioskLanguage(code: string | null | undefined): KioskLanguage | undefined {
  if (!code) return undefined;
  const parts = code.trim().toUpperCase().split(/[-_]/);
  // Simplified Chinese only: a guest who reads traditional characters is better served by English than by the wrong script.
  if (parts[0] === 'ZH')
    return parts.length === 1 || parts.some((p) => p === 'CN' || p === 'HANS' || p === 'SG') ? 'ZH_CN' : undefined;
  return KIOSK_LANGUAGE_CODES.find((c) => c === parts[0]);
}

export function localeOf(language: KioskLanguage): string {
  return NAMES[language].locale;
}

/** The languages the kiosk settings offer, in their order (all of them when the settings name none it speaks). */
export function offeredLanguages(settings: {
  defaultLanguage: string;
  languages?: readonly string[];
}): KioskLanguage[] {
  const offered = [
    ...new Set((settings.languages ?? []).map(toKioskLanguage).filter((l): l is KioskLanguage => l !== undefined)),
  ];
  return offered.length > 0 ? offered : [...KIOSK_LANGUAGE_CODES];
}
