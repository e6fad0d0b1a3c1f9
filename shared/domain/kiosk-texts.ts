/**
 * Which language's words a guest and a badge get. The site's language is the
 * kiosk's start language. An admin's text (the welcome title) is shown in
 * the guest's language where the admin gave one, else in the site's
 * language; where neither is given, the kiosk's own translation speaks.
 * The printed badge is read by security staff, so its words are in one
 * language whatever the guest picked: the badge's setting, else the site's.
 */
import { type KioskLanguage, toKioskLanguage } from '../languages.ts';

/** The title as shipped: left as it is, it greets every guest in their own language. */
export const DEFAULT_WELCOME_TITLE = 'Welcome';

/** One text (the site language's, as older config files have it), or texts by language. */
export type LanguageTexts = string | Partial<Record<KioskLanguage, string>>;

export function siteLanguage(settings: { defaultLanguage: string }): KioskLanguage {
  return toKioskLanguage(settings.defaultLanguage) ?? 'EN';
}

export function badgeLanguage(settings: {
  defaultLanguage: string;
  badge: { language?: KioskLanguage | null };
}): KioskLanguage {
  return settings.badge.language ?? siteLanguage(settings);
}

/**
 * The admin's text for a guest of `language`: theirs if given, else the site
 * language's, else null (the caller says its own translation). A blank text,
 * or the untouched default, counts as none given. With the language it is
 * in, for the page to say so (a screen reader then reads it in that language).
 */
export function customText(
  texts: LanguageTexts,
  language: KioskLanguage,
  site: KioskLanguage,
  untouched = DEFAULT_WELCOME_TITLE,
): { text: string; language: KioskLanguage } | null {
  const given = (text: string | undefined, of: KioskLanguage) => {
    const trimmed = text?.trim();
    return trimmed && trimmed !== untouched ? { text: trimmed, language: of } : null;
  };
  if (typeof texts === 'string') return given(texts, site);
  return given(texts[language], language) ?? given(texts[site], site);
}
