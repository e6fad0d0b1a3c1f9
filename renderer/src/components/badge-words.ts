/**
 * The printed badge's words and date format, in the badge's language (the
 * kiosk's badge setting, else the site's start language): security staff
 * read the badge, whatever language the guest picked at the kiosk.
 */
import { badgeLanguage } from '../../../shared/domain/kiosk-texts.ts';
import { translate } from '../../../shared/i18n/kiosk/messages.ts';
import { type KioskLanguage, localeOf } from '../lib/languages.ts';
import type { BadgeLabels } from './VisitorBadge.tsx';

export function badgeWords(settings: { defaultLanguage: string; badge: { language?: KioskLanguage | null } }): {
  locale: string;
  labels: BadgeLabels;
} {
  const language = badgeLanguage(settings);
  return {
    locale: localeOf(language),
    labels: {
      visitor: translate(language, 'badgeVisitor'),
      host: translate(language, 'badgeHost'),
      doorPin: translate(language, 'badgeDoorPin'),
    },
  };
}
