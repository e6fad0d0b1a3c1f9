import { type FormEvent, useState } from 'react';
import type { KioskSettings } from '../../../../shared/contract/settings.ts';
import { customText, siteLanguage, WELCOME_TITLE_MAX } from '../../../../shared/domain/kiosk-texts.ts';
import { translate } from '../../../../shared/i18n/kiosk/messages.ts';
import { badgeWords } from '../../components/badge-words.ts';
import { VisitorBadge } from '../../components/VisitorBadge.tsx';
import { api } from '../../lib/api.ts';
import { KIOSK_LANGUAGES, type KioskLanguage, localeOf } from '../../lib/languages.ts';
import { useAdmin } from './admin-store.ts';
import { Field, fieldError, SaveRow } from './form-parts.tsx';
import { type Titles, titleLanguages, titlesOf, titlesToSave } from './kiosk-texts.ts';
import { useSave } from './use-save.ts';

const SAMPLE_GUEST = { firstName: 'Zoë', lastName: 'Ørsted', companyName: 'Harbour Contractors' };
const nameOf = (code: KioskLanguage) => KIOSK_LANGUAGES.find((l) => l.code === code)?.name ?? code;

/**
 * The kiosk's words an admin gives, by language: the welcome title (a
 * guest reads their language's, else the start language's, else the
 * kiosk's own "Welcome" in their language), and the language of the printed
 * badge, which security staff read whatever the guest picked.
 */
export function KioskTextsForm({ saved }: { saved: KioskSettings }) {
  const settingsSaved = useAdmin((s) => s.settingsSaved);
  const saver = useSave();
  const [titles, setTitles] = useState<Titles>(() => titlesOf(saved));
  const [badgeLanguage, setBadgeLanguage] = useState<KioskLanguage | null>(saved.badge.language);
  const site = siteLanguage(saved);
  const siteTitle = customText(titles, site, site)?.text;
  const words = badgeWords({ defaultLanguage: saved.defaultLanguage, badge: { language: badgeLanguage } });

  const others = titleLanguages(saved, titles).filter(({ code }) => code !== site);
  // An empty title shows, greyed, what a guest of that language reads instead.
  const titleField = (code: KioskLanguage, label: string) => {
    const error = fieldError(saver, `welcomeTitle.${code}`);
    return (
      <Field key={code} label={label} error={error}>
        <input
          lang={localeOf(code)}
          value={titles[code] ?? ''}
          maxLength={WELCOME_TITLE_MAX}
          placeholder={code === site ? translate(code, 'welcome') : (siteTitle ?? translate(code, 'welcome'))}
          onChange={(e) => {
            setTitles((t) => ({ ...t, [code]: e.target.value }));
            saver.edited();
          }}
          aria-invalid={Boolean(error)}
          data-testid={`setting-title-${code}`}
        />
      </Field>
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await saver.run(() =>
      api.call('settings.setKiosk', { welcomeTitle: titlesToSave(titles), badge: { language: badgeLanguage } }),
    );
    if (!answer) return;
    settingsSaved({ kioskSettings: answer });
    setTitles(titlesOf(answer)); // as saved: trimmed
  };

  return (
    <form className="card settings-form" onSubmit={(e) => void submit(e)} data-testid="kiosk-texts">
      <header className="card-head">
        <div>
          <h2>Kiosk texts by language</h2>
          <p className="muted">
            A guest reads the welcome title of their language; where it is empty, the start language’s; where that is
            empty too, “Welcome” in their own language.
          </p>
        </div>
      </header>
      {titleField(site, `Welcome title, ${nameOf(site)} (the start language)`)}
      <h3 className="form-section">In the other languages</h3>
      <div className="field-pair">
        {others.map(({ code, offered }) => titleField(code, offered ? nameOf(code) : `${nameOf(code)} (not offered)`))}
      </div>
      {fieldError(saver, 'welcomeTitle') && (
        <small className="error-text" role="alert">
          {fieldError(saver, 'welcomeTitle')}
        </small>
      )}
      <h3 className="form-section">Badge</h3>
      <Field
        label="Language of the printed badge"
        hint="Its words (Visitor, Host, Door PIN, the date) are read by security staff, whatever language the guest chose."
        error={fieldError(saver, 'badge.language')}
      >
        <select
          value={badgeLanguage ?? ''}
          onChange={(e) => {
            setBadgeLanguage((e.target.value || null) as KioskLanguage | null);
            saver.edited();
          }}
          data-testid="setting-badge-language"
        >
          <option value="">The start language ({nameOf(site)})</option>
          {KIOSK_LANGUAGES.map((l) => (
            <option key={l.code} value={l.code}>
              {l.name} ({l.code})
            </option>
          ))}
        </select>
      </Field>
      <div className="badge-preview" data-testid="badge-language-preview">
        <span className="muted">Preview (the door PIN is printed when the service gave one)</span>
        <VisitorBadge
          guest={SAMPLE_GUEST}
          hostName="Ada Lovelace"
          date={new Date().toISOString()}
          code="FOYER-PREVIEW-0001"
          layout={saved.badge.layout}
          branding={saved.branding}
          doorPin="482915"
          {...words}
        />
      </div>
      <SaveRow saver={saver} />
    </form>
  );
}
