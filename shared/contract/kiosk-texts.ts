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
    z.partialRecord(z.enum(GUEST_LANGUAGES), title, {
      // zod reports a key outside the enum as unrecognized_keys, a code its types for records do not list.
      error: (issue) => {
        const { code, keys } = issue as { code: string; keys?: string[] };
        return code === 'unrecognized_keys' && keys
          ? `${keys.join(', ')}: not a language the kiosk offers (one of ${LANGUAGE_LIST})`
          : undefined;
      },
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
