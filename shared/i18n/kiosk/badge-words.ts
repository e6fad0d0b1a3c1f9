/**
 * The printed badge's words and date locale, in the badge's language (the
 * kiosk's badge setting, else the site's start language): security staff
 * read the badge, whatever language the guest picked at the kiosk. The
 * page's badge and the PDF the host prints (electron/core/printing) both use it.
 */
import { badgeLanguage } from '../../domain/kiosk-texts.ts';
import { type KioskLanguage, localeOf } from '../../languages.ts';
import { translate } from './messages.ts';

export function badgeWords(settings: { defaultLanguage: string; badge: { language?: KioskLanguage | null } }): {
  locale: string;
  labels: { visitor: string; host: string; doorPin: string };
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
