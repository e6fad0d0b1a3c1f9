/**
 * The kiosk's texts an admin gives, and which language's words a guest and
 * a badge get. The welcome title is one text (as older config files have
 * it: the site language's) or a text per language; the site's language is
 * the kiosk's start language. A guest reads the title of their language
 * where the admin gave one, else the site language's; where neither is
 * given, the kiosk's own translation speaks. The printed badge is read by
 * security staff, so its words are in one language whatever the guest
 * picked: the badge's setting, else the site's.
 */
import { z } from 'zod';
import { GUEST_LANGUAGES } from '../api/primitives.ts';
import { type KioskLanguage, toKioskLanguage } from '../languages.ts';

export const WELCOME_TITLE_MAX = 120;
const LANGUAGE_LIST = GUEST_LANGUAGES.join(', ');

const title = z.string().max(WELCOME_TITLE_MAX, `a welcome title is at most ${WELCOME_TITLE_MAX} characters`);

/** A text for the site's language (a string), or texts by language: `{ "DE": "Willkommen bei Kranich" }`. */
export const WelcomeTitle = z.union(
  [
    title,
    // A record checked by hand, not one keyed by the enum: the app's door words an unknown key as "unknown key"
    // only, and this says which languages there are.
    z.record(z.string().max(20), title).superRefine((texts, ctx) => {
      const unknown = Object.keys(texts).filter((code) => !(GUEST_LANGUAGES as readonly string[]).includes(code));
      if (unknown.length > 0)
        ctx.addIssue({
          code: 'custom',
          message: `${unknown.slice(0, 3).join(', ')}: not a language the kiosk offers (one of ${LANGUAGE_LIST})`,
        });
    }),
  ],
  {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? 'welcomeTitle is a text, or texts by language such as { "DE": "Willkommen" }'
        : undefined,
  },
);
export type WelcomeTitle = z.infer<typeof WelcomeTitle>;

/** The language of the badge's printed words; null: the kiosk's start language (the site's). */
export const BadgeLanguage = z
  .enum(GUEST_LANGUAGES, {
    error: `badge.language must be one of the kiosk's languages (${LANGUAGE_LIST}), or null for the start language`,
  })
  .nullable();

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
