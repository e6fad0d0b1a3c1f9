/** The languages a guest can choose at the kiosk: the service's language codes, each named in its own language. */
export const KIOSK_LANGUAGES = [
  { code: 'CS', name: 'Čeština', locale: 'cs-CZ' },
  { code: 'DE', name: 'Deutsch', locale: 'de-DE' },
  { code: 'EN', name: 'English', locale: 'en-GB' },
  { code: 'ES', name: 'Español', locale: 'es-ES' },
  { code: 'FR', name: 'Français', locale: 'fr-FR' },
  { code: 'HR', name: 'Hrvatski', locale: 'hr-HR' },
  { code: 'HU', name: 'Magyar', locale: 'hu-HU' },
  { code: 'IT', name: 'Italiano', locale: 'it-IT' },
  { code: 'NL', name: 'Nederlands', locale: 'nl-NL' },
  { code: 'PL', name: 'Polski', locale: 'pl-PL' },
  { code: 'PT', name: 'Português', locale: 'pt-PT' },
  { code: 'RO', name: 'Română', locale: 'ro-RO' },
  { code: 'RU', name: 'Русский', locale: 'ru-RU' },
  { code: 'TR', name: 'Türkçe', locale: 'tr-TR' },
  { code: 'ZH_CN', name: '简体中文', locale: 'zh-CN' },
] as const;

export type KioskLanguage = (typeof KIOSK_LANGUAGES)[number]['code'];

export const KIOSK_LANGUAGE_CODES: readonly KioskLanguage[] = KIOSK_LANGUAGES.map((l) => l.code);

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
  return KIOSK_LANGUAGES.find((l) => l.code === language)!.locale;
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
