/**
 * The kiosk settings' texts and languages an admin gives: the welcome title,
 * either one text (as older config files have it: the site language's) or a
 * text per language, and the language of the printed badge. Their rules (which
 * text a guest reads) are in shared/domain/kiosk-texts.ts.
 */
import { z } from 'zod';
import { GUEST_LANGUAGES } from '../api/primitives.ts';

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
