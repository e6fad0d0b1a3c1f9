import { useShallow } from 'zustand/react/shallow';
import { customText, siteLanguage } from '../../../../shared/domain/kiosk-texts.ts';
import { Icon } from '../../components/Icon.tsx';
import { kioskSlot } from '../../domains.ts';
import { localeOf } from '../../lib/languages.ts';
import { startCheckOut } from './check-out.ts';
import { GuestSummary } from './GuestSummary.tsx';
import { typeKey } from './keyboard-layout.ts';
import { canLookUp, looksLikeCode, useKiosk } from './kiosk-store.ts';
import { OnScreenKeyboard } from './OnScreenKeyboard.tsx';
import { useFocusHeading } from './use-focus-heading.ts';
import { useTranslation } from './use-translation.ts';

export function StartStep() {
  const { t, locale, language } = useTranslation();
  const heading = useFocusHeading();
  const reset = useKiosk((state) => state.reset);
  const s = useKiosk(
    useShallow((s) => ({
      title: s.settings.welcomeTitle,
      site: siteLanguage(s.settings),
      logo: s.settings.branding.logoDataUrl,
      query: s.query,
      results: s.results,
      searchedText: s.searchedText,
      searching: s.searching,
      busy: s.busy,
      problem: s.problem,
      setQuery: s.setQuery,
      submitQuery: s.submitQuery,
      openScanner: s.openScanner,
      choose: s.choose,
      intent: s.intent,
      visitEnded: s.visitEnded,
      allowCheckOut: s.settings.allowCheckOut,
      // A scan finds someone only where codes exist: Foyer's passes (printed on badges) or the service's own.
      canScan: s.settings.badge.enabled || s.settings.codes.servicePattern !== null,
    })),
  );
  const checkingOut = s.intent === 'checkOut';
  const trimmed = s.query.trim();
  // The site's title in the guest's language, else in the site's; the untouched default speaks the guest's language.
  const custom = checkingOut ? null : customText(s.title, language, s.site);
  const title = checkingOut ? t('checkOut') : (custom?.text ?? t('welcome'));
  const noMatch = !s.searching && s.searchedText === trimmed && s.results.length === 0 && trimmed.length > 0;

  let hint: string;
  if (s.problem) hint = t(s.problem);
  else if (s.searching || s.busy) hint = t('searching');
  else if (noMatch && s.visitEnded) hint = t('visitEnded');
  else if (noMatch) hint = `${t('noMatch', { text: trimmed })} ${t('noMatchHelp')}`;
  else if (!canLookUp(trimmed) || looksLikeCode(trimmed)) hint = t('nameHint');
  else hint = '';

  return (
    <section className={`kiosk-start${s.query ? ' searching' : ''}`}>
      <header className="kiosk-welcome">
        {/* The site's logo: decoration beside the welcome, shown through <img>, where an SVG's scripts never run. */}
        {s.logo && <img className="kiosk-logo" src={s.logo} alt="" data-testid="kiosk-logo" />}
        <h1
          className="kiosk-title"
          data-testid="kiosk-title"
          lang={custom && custom.language !== language ? localeOf(custom.language) : undefined}
          tabIndex={-1}
          ref={heading}
        >
          {title}
        </h1>
        <p className="kiosk-intro" data-testid="kiosk-intro">
          {checkingOut ? t('checkOutFind') : t('intro')}
        </p>
      </header>

      <form
        className="kiosk-search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          void s.submitQuery();
        }}
      >
        <label htmlFor="kiosk-name" className="sr-only">
          {t('nameLabel')}
        </label>
        <Icon name="search" size={30} className="kiosk-search-icon" />
        <input
          id="kiosk-name"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="search"
          // The kiosk's own keyboard is on screen: the system's would cover it.
          inputMode="none"
          value={s.query}
          placeholder={t('namePlaceholder')}
          onChange={(event) => s.setQuery(event.target.value)}
          data-testid="kiosk-search"
        />
        {s.query && (
          <button type="button" className="kiosk-clear" onClick={() => s.setQuery('')} aria-label={t('clear')}>
            <Icon name="close" size={26} />
          </button>
        )}
      </form>
      <p className={`kiosk-hint${s.problem || noMatch ? ' kiosk-hint-problem' : ''}`} aria-live="polite">
        {(s.searching || s.busy) && <span className="spinner" aria-hidden="true" />}
        {hint}
      </p>

      {s.results.length > 0 ? (
        <div className="kiosk-results">
          <h2 className="kiosk-results-title">{t('resultsTitle')}</h2>
          <ul data-testid="kiosk-results" data-answered={s.searchedText ?? ''}>
            {s.results.map((guest) => (
              <li key={guest.invitationId}>
                <button
                  type="button"
                  className="guest-card"
                  onClick={() => s.choose(guest)}
                  data-testid="kiosk-result"
                  data-id={guest.invitationId}
                >
                  <GuestSummary guest={guest} locale={locale} />
                  <Icon name="arrowRight" size={28} className="guest-card-go" />
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <div className="kiosk-alt" data-answered={s.searchedText ?? ''} data-testid="kiosk-no-results">
          {(s.canScan || !checkingOut) && (
            <div className="kiosk-or">
              <span>{t('or')}</span>
            </div>
          )}
          {s.canScan && (
            <button type="button" className="kiosk-scan" onClick={s.openScanner} data-testid="kiosk-scan">
              <Icon name="scan" size={30} />
              {t('scanButton')}
            </button>
          )}
          {!checkingOut && kioskSlot('startActions').map((Action, i) => <Action key={i} />)}
          {!checkingOut && s.allowCheckOut && (
            <button
              type="button"
              className="button-ghost button-large"
              onClick={startCheckOut}
              data-testid="kiosk-check-out"
            >
              <Icon name="logOut" size={26} />
              {t('checkOut')}
            </button>
          )}
          {checkingOut && (
            <button type="button" className="button-ghost button-large" onClick={reset} data-testid="kiosk-back">
              {t('back')}
            </button>
          )}
        </div>
      )}
      <OnScreenKeyboard language={language} onKey={(key) => s.setQuery(typeKey(s.query, key, locale))} />
    </section>
  );
}
