import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Icon } from '../../components/Icon.tsx';
import { loadCjkFont } from '../../lib/cjk-font.ts';
import { KIOSK_LANGUAGES, offeredLanguages } from '../../lib/languages.ts';
import { useKiosk } from './kiosk-store.ts';
import { useFocusHeading } from './use-focus-heading.ts';
import { useTranslation } from './use-translation.ts';

function LanguageSheet() {
  const { t, language } = useTranslation();
  const heading = useFocusHeading();
  const { settings, setLanguage, closeSheet } = useKiosk(
    useShallow((s) => ({ settings: s.settings, setLanguage: s.setLanguage, closeSheet: s.closeSheet })),
  );
  const offered = offeredLanguages(settings).map((code) => KIOSK_LANGUAGES.find((l) => l.code === code)!);
  // "简体中文" is on the sheet: its characters need the shipped font on a machine without CJK fonts.
  const showsChinese = offered.some((l) => l.code === 'ZH_CN');
  useEffect(() => {
    if (showsChinese) void loadCjkFont();
  }, [showsChinese]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && closeSheet();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [closeSheet]);

  return (
    <div className="modal-backdrop" onPointerDown={(e) => e.target === e.currentTarget && closeSheet()}>
      <div className="language-sheet" role="dialog" aria-modal="true" aria-label={t('language')}>
        <header>
          <Icon name="globe" size={28} />
          <h2 tabIndex={-1} ref={heading}>
            {t('language')}
          </h2>
          <button
            type="button"
            className="icon-button"
            onClick={closeSheet}
            aria-label={t('close')}
            data-testid="language-close"
          >
            <Icon name="close" size={26} />
          </button>
        </header>
        <div className="language-grid" data-testid="language-list">
          {offered.map((l) => (
            <button
              type="button"
              key={l.code}
              lang={l.locale}
              className={`language${l.code === language ? ' active' : ''}`}
              aria-pressed={l.code === language}
              onClick={() => {
                setLanguage(l.code);
                closeSheet();
              }}
              data-testid={`language-${l.code}`}
            >
              <span>{l.name}</span>
              {l.code === language && <Icon name="check" size={22} />}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}

/**
 * The current language in the corner, and a sheet with every offered
 * language named in itself, so a guest finds theirs without reading the
 * current one. The sheet's state is the kiosk's: the idle reset closes it.
 */
export function LanguagePicker() {
  const { t, language } = useTranslation();
  const { open, count, openSheet } = useKiosk(
    useShallow((s) => ({
      open: s.sheet === 'language',
      count: offeredLanguages(s.settings).length,
      openSheet: s.openSheet,
    })),
  );
  const current = KIOSK_LANGUAGES.find((l) => l.code === language)!;
  if (count < 2) return null;
  return (
    <>
      <button
        type="button"
        className="language-button"
        onClick={() => openSheet('language')}
        aria-haspopup="dialog"
        aria-label={`${t('language')}: ${current.name}`}
        data-testid="language-button"
      >
        <Icon name="globe" size={24} />
        <span lang={current.locale}>{current.name}</span>
      </button>
      {open && <LanguageSheet />}
    </>
  );
}
