import { useCallback } from 'react';
import { localeOf } from '../../lib/languages.ts';
import { type KioskMessageKey, translate } from './i18n/messages.ts';
import { useKiosk } from './kiosk-store.ts';

/** The kiosk's current language: `t(key, values)` and the locale for dates and times. */
export function useTranslation() {
  const language = useKiosk((s) => s.language);
  const t = useCallback(
    (key: KioskMessageKey, values?: Record<string, string | number>) => translate(language, key, values),
    [language],
  );
  return { t, language, locale: localeOf(language) };
}
