import { useEffect, useState } from 'react';
import { Icon } from '../../components/Icon.tsx';
import { KIOSK_LANGUAGES } from '../../lib/languages.ts';
import { useKiosk } from './kiosk-store.ts';
import { useTranslation } from './use-translation.ts';

/**
 * The current language in the corner, and a sheet with every language named
 * in itself, so a guest finds theirs without reading the current one.
 */
export function LanguagePicker() {
  const { t, language } = useTranslation();
  const setLanguage = useKiosk((s) => s.setLanguage);
  const [open, setOpen] = useState(false);
  const current = KIOSK_LANGUAGES.find((l) => l.code === language)!;

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <>
      <button
        type="button"
        className="language-button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={`${t('language')}: ${current.name}`}
        data-testid="language-button"
      >
        <Icon name="globe" size={24} />
        <span lang={current.locale}>{current.name}</span>
      </button>
      {open && (
        <div className="modal-backdrop" onPointerDown={(e) => e.target === e.currentTarget && setOpen(false)}>
          <div className="language-sheet" role="dialog" aria-modal="true" aria-label={t('language')}>
            <header>
              <Icon name="globe" size={28} />
              <h2>{t('language')}</h2>
              <button type="button" className="icon-button" onClick={() => setOpen(false)} aria-label={t('back')}>
                <Icon name="close" size={26} />
              </button>
            </header>
            <div className="language-grid" data-testid="language-list">
              {KIOSK_LANGUAGES.map((l) => (
                <button
                  type="button"
                  key={l.code}
                  lang={l.locale}
                  className={`language${l.code === language ? ' active' : ''}`}
                  aria-pressed={l.code === language}
                  onClick={() => {
                    setLanguage(l.code);
                    setOpen(false);
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
      )}
    </>
  );
}
