/**
 * The kiosk texts form's rules: the welcome titles as it edits them (one per
 * language), what it saves, and the kiosk form's save without them, so that
 * neither form's older copy overwrites what the other saved.
 */
import type { KioskSettings } from '../../../../shared/contract/settings.ts';
import { DEFAULT_WELCOME_TITLE, siteLanguage } from '../../../../shared/domain/kiosk-texts.ts';
import { KIOSK_LANGUAGE_CODES, type KioskLanguage, offeredLanguages } from '../../lib/languages.ts';

export type Titles = Partial<Record<KioskLanguage, string>>;

/** An older single title is the start language's; the untouched default is none (each guest's own "Welcome"). */
export function titlesOf(settings: Pick<KioskSettings, 'welcomeTitle' | 'defaultLanguage'>): Titles {
  const { welcomeTitle } = settings;
  if (typeof welcomeTitle !== 'string') return { ...welcomeTitle };
  const text = welcomeTitle.trim();
  return text && text !== DEFAULT_WELCOME_TITLE ? { [siteLanguage(settings)]: text } : {};
}

/** Trimmed, and the empty ones left out: a guest of that language then reads the start language's. */
export function titlesToSave(titles: Titles): Titles {
  return Object.fromEntries(
    Object.entries(titles)
      .map(([code, text]) => [code, text?.trim() ?? ''] as const)
      .filter(([, text]) => text !== ''),
  );
}

/** The languages the form asks a title for: the start language, the others offered, then any other with a title. */
export function titleLanguages(
  settings: Pick<KioskSettings, 'defaultLanguage' | 'languages'>,
  titles: Titles,
): { code: KioskLanguage; offered: boolean }[] {
  const site = siteLanguage(settings);
  const offered = offeredLanguages(settings);
  const kept = KIOSK_LANGUAGE_CODES.filter((code) => !offered.includes(code) && titles[code]?.trim());
  return [
    { code: site, offered: true },
    ...offered.filter((code) => code !== site).map((code) => ({ code, offered: true })),
    ...kept.map((code) => ({ code, offered: false })),
  ];
}

/** The kiosk form's save leaves the texts and the badge's language alone: the texts form saves those. */
export function withoutTexts<T extends { welcomeTitle?: unknown; badge: KioskSettings['badge'] }>(
  form: T,
): Omit<T, 'welcomeTitle' | 'badge'> & { badge: Omit<KioskSettings['badge'], 'language' | 'doorPin'> } {
  const { welcomeTitle: _texts, badge, ...rest } = form;
  const { language: _language, ...own } = badge;
  return { ...rest, badge: own };
}
