/** The admin's kiosk texts form: an old single title shown at the start language, what is saved, and who saves what. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_KIOSK_SETTINGS } from '../../../shared/contract/settings.ts';
import {
  titleLanguages,
  titlesOf,
  titlesToSave,
  withoutTexts,
} from '../../../renderer/src/features/admin/kiosk-texts.ts';

describe('the kiosk texts form', () => {
  it('shows an old single title as the start language’s, and the untouched default as none', () => {
    expect(titlesOf({ defaultLanguage: 'DE', welcomeTitle: 'Willkommen bei Kranich' })).toEqual({
      DE: 'Willkommen bei Kranich',
    });
    expect(titlesOf({ defaultLanguage: 'DE', welcomeTitle: 'Welcome' })).toEqual({});
    expect(titlesOf({ defaultLanguage: 'DE', welcomeTitle: { TR: 'Hoş geldiniz' } })).toEqual({ TR: 'Hoş geldiniz' });
  });

  it('saves trimmed titles and leaves the empty ones out', () => {
    expect(titlesToSave({ DE: ' Willkommen ', TR: '  ', EN: '' })).toEqual({ DE: 'Willkommen' });
  });

  it('asks for the start language first, then the others offered, then one not offered that has a title', () => {
    const languages = titleLanguages({ defaultLanguage: 'DE', languages: ['EN', 'DE', 'TR'] }, { PL: 'Witamy' });
    expect(languages).toEqual([
      { code: 'DE', offered: true },
      { code: 'EN', offered: true },
      { code: 'TR', offered: true },
      { code: 'PL', offered: false },
    ]);
  });

  it('the kiosk form’s save leaves the texts and the badge’s language to the texts form', () => {
    const form = {
      ...DEFAULT_KIOSK_SETTINGS,
      welcomeTitle: 'stale',
      badge: { ...DEFAULT_KIOSK_SETTINGS.badge, language: 'FR' as const },
    };
    const patch = withoutTexts(form);
    expect(patch).not.toHaveProperty('welcomeTitle');
    expect(patch.badge).toEqual({ enabled: false, printer: '', layout: 'standard', doorPin: false });
    expect(patch.idleSeconds).toBe(60);
  });
});
