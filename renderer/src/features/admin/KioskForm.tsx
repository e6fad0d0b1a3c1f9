import { type FormEvent, useRef, useState } from 'react';
import type { KioskSettings } from '../../../../shared/contract/settings.ts';
import { VisitorBadge } from '../../components/VisitorBadge.tsx';
import { api } from '../../lib/api.ts';
import { KIOSK_LANGUAGES, toKioskLanguage } from '../../lib/languages.ts';
import { useAdmin } from './admin-store.ts';
import { readAsBase64 } from './browser-files.ts';
import { withoutTexts } from './kiosk-texts.ts';
import { Field, fieldError, SaveRow } from './form-parts.tsx';
import { useSave } from './use-save.ts';

const SAMPLE_GUEST = { firstName: 'Zoë', lastName: 'Ørsted', companyName: 'Harbour Contractors' };
const LOGO_TYPES = 'image/png,image/jpeg,image/svg+xml';

/** What guests see at the lobby kiosk, and the badge it prints. */
export function KioskForm({ initial }: { initial: KioskSettings }) {
  const settingsSaved = useAdmin((s) => s.settingsSaved);
  const saver = useSave();
  const [form, setForm] = useState(() => ({
    ...initial,
    defaultLanguage: toKioskLanguage(initial.defaultLanguage) ?? initial.defaultLanguage,
    idleSeconds: String(initial.idleSeconds),
    earlyArrivalMinutes: String(initial.earlyArrivalMinutes),
  }));
  const [logoError, setLogoError] = useState<string | null>(null);
  const logoInput = useRef<HTMLInputElement>(null);
  const change = (patch: Partial<typeof form>) => {
    setForm((f) => ({ ...f, ...patch }));
    saver.edited();
  };
  const idle = Number(form.idleSeconds);
  const idleError =
    Number.isInteger(idle) && idle >= 10 && idle <= 600
      ? fieldError(saver, 'idleSeconds')
      : 'Between 10 and 600 seconds.';
  const early = Number(form.earlyArrivalMinutes);
  const earlyError =
    Number.isInteger(early) && early >= 0 && early <= 720
      ? fieldError(saver, 'earlyArrivalMinutes')
      : 'Between 0 and 720 minutes.';
  // Read as plain codes, so that any text (the start language, a code of the list) can be looked up in it.
  const offered: readonly string[] = form.languages;
  const languagesError =
    offered.length === 0
      ? 'Offer at least one language.'
      : !offered.includes(form.defaultLanguage)
        ? 'The start language must be one of the languages offered.'
        : fieldError(saver, 'languages');

  const pickLogo = async (file: File) => {
    setLogoError(null);
    if (!LOGO_TYPES.split(',').includes(file.type)) return setLogoError('Choose a PNG, JPEG or SVG image.');
    if (file.size > 256 * 1024) return setLogoError('The logo must be at most 256 KB.');
    const base64 = await readAsBase64(file);
    change({ branding: { ...form.branding, logoDataUrl: `data:${file.type};base64,${base64}` } });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (idleError && !fieldError(saver, 'idleSeconds')) return;
    // The time zone and the service's codes are KioskZoneCodesForm's, the texts KioskTextsForm's: sent from here
    // they would undo those forms' saves.
    const { timeZone: _zone, codes: _codes, ...shown } = form;
    const saved = await saver.run(() =>
      api.call('settings.setKiosk', { ...withoutTexts(shown), idleSeconds: idle, earlyArrivalMinutes: early }),
    );
    if (saved) settingsSaved({ kioskSettings: saved });
  };
  const blocked = Boolean(
    (idleError && !fieldError(saver, 'idleSeconds')) ||
    (earlyError && !fieldError(saver, 'earlyArrivalMinutes')) ||
    (languagesError && !fieldError(saver, 'languages')),
  );

  return (
    <form className="card settings-form" onSubmit={(e) => void submit(e)} data-testid="kiosk-settings">
      <header className="card-head">
        <div>
          <h2>Kiosk</h2>
          <p className="muted">What guests see at the lobby kiosk. Changes apply at the next guest.</p>
        </div>
      </header>
      <fieldset className="language-grid" data-testid="setting-languages">
        <legend>Languages offered</legend>
        {KIOSK_LANGUAGES.map((l) => (
          <label key={l.code} className="choice">
            <input
              type="checkbox"
              checked={offered.includes(l.code)}
              onChange={(e) =>
                change({
                  languages: e.target.checked
                    ? KIOSK_LANGUAGES.map((k) => k.code).filter((c) => c === l.code || offered.includes(c))
                    : form.languages.filter((c) => c !== l.code),
                })
              }
            />
            <span lang={l.locale}>{l.name}</span>
          </label>
        ))}
        {languagesError && (
          <small className="error-text" role="alert">
            {languagesError}
          </small>
        )}
      </fieldset>
      <div className="field-pair">
        <Field label="Start language" error={fieldError(saver, 'defaultLanguage')}>
          <select
            value={form.defaultLanguage}
            onChange={(e) => change({ defaultLanguage: e.target.value })}
            data-testid="setting-default-language"
          >
            {KIOSK_LANGUAGES.filter((l) => offered.includes(l.code)).map((l) => (
              <option key={l.code} value={l.code}>
                {l.name} ({l.code})
              </option>
            ))}
          </select>
        </Field>
        <Field label="Back to the start screen after (seconds without a touch)" error={idleError}>
          <input
            type="number"
            min={10}
            max={600}
            value={form.idleSeconds}
            onChange={(e) => change({ idleSeconds: e.target.value })}
            aria-invalid={Boolean(idleError)}
            data-testid="setting-idle"
          />
        </Field>
      </div>
      <Field label="Guests of a later event are found this many minutes before it starts" error={earlyError}>
        <input
          type="number"
          min={0}
          max={720}
          value={form.earlyArrivalMinutes}
          onChange={(e) => change({ earlyArrivalMinutes: e.target.value })}
          aria-invalid={Boolean(earlyError)}
          data-testid="setting-early"
        />
      </Field>
      <label className="switch-field">
        <input
          type="checkbox"
          role="switch"
          checked={form.allowCheckOut}
          onChange={(e) => change({ allowCheckOut: e.target.checked })}
          data-testid="setting-checkout"
        />
        <span>
          <strong>Guests can check out at the kiosk</strong>
          <small className="muted">Otherwise they are asked to check out at the reception desk.</small>
        </span>
      </label>

      <h3 className="form-section">Badge</h3>
      <label className="switch-field">
        <input
          type="checkbox"
          role="switch"
          checked={form.badge.enabled}
          onChange={(e) => change({ badge: { ...form.badge, enabled: e.target.checked } })}
          data-testid="setting-badge"
        />
        <span>
          <strong>Print a visitor badge at check-in</strong>
          <small className="muted">The badge carries a code the desk can scan.</small>
        </span>
      </label>
      <div className="field-pair">
        <Field
          label="Printer"
          hint="As the operating system names it; empty: the default printer."
          error={fieldError(saver, 'badge.printer')}
        >
          <input
            value={form.badge.printer}
            maxLength={200}
            onChange={(e) => change({ badge: { ...form.badge, printer: e.target.value } })}
            data-testid="setting-printer"
          />
        </Field>
        <Field label="Label" error={fieldError(saver, 'badge.layout')}>
          <select
            value={form.badge.layout}
            onChange={(e) =>
              change({ badge: { ...form.badge, layout: e.target.value as KioskSettings['badge']['layout'] } })
            }
            data-testid="setting-layout"
          >
            <option value="standard">Card, 86 × 54 mm</option>
            <option value="compact">Roll label, 62 × 29 mm</option>
          </select>
        </Field>
      </div>
      <label className="switch-field">
        <input
          type="checkbox"
          role="switch"
          checked={form.badge.doorPin}
          onChange={(e) => change({ badge: { ...form.badge, doorPin: e.target.checked } })}
          data-testid="setting-badge-door-pin"
        />
        <span>
          <strong>Print the door PIN on the badge</strong>
          <small className="muted">
            Off by default: a badge is worn in sight all day, while the kiosk hides the PIN after 6 s so that the next
            person does not read it.
          </small>
        </span>
      </label>

      <h3 className="form-section">Branding</h3>
      <div className="field-pair">
        <div className="field">
          <span id="logo-label">Logo</span>
          <div className="button-row">
            <button
              type="button"
              className="button-secondary"
              onClick={() => logoInput.current?.click()}
              data-testid="logo-button"
            >
              {form.branding.logoDataUrl ? 'Choose another logo' : 'Upload a logo'}
            </button>
            {form.branding.logoDataUrl && (
              <button
                type="button"
                className="button-ghost"
                onClick={() => change({ branding: { ...form.branding, logoDataUrl: null } })}
              >
                Remove
              </button>
            )}
          </div>
          <input
            ref={logoInput}
            type="file"
            accept={LOGO_TYPES}
            className="sr-only"
            tabIndex={-1}
            aria-labelledby="logo-label"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void pickLogo(file);
              e.target.value = '';
            }}
            data-testid="logo-input"
          />
          {(logoError ?? fieldError(saver, 'branding.logoDataUrl')) ? (
            <small className="error-text" role="alert">
              {logoError ?? fieldError(saver, 'branding.logoDataUrl')}
            </small>
          ) : (
            <small className="muted">PNG, JPEG or SVG, at most 256 KB.</small>
          )}
        </div>
        <Field
          label="Accent colour"
          hint="Used on the badge band; a colour too light to read on is darkened."
          error={fieldError(saver, 'branding.accentColor')}
        >
          <div className="colour-input">
            <input
              type="color"
              aria-label="Accent colour picker"
              value={form.branding.accentColor ?? '#0f6b6b'}
              onChange={(e) => change({ branding: { ...form.branding, accentColor: e.target.value } })}
            />
            <input
              value={form.branding.accentColor ?? ''}
              placeholder="#0f6b6b"
              maxLength={7}
              onChange={(e) => change({ branding: { ...form.branding, accentColor: e.target.value || null } })}
              data-testid="setting-accent"
            />
          </div>
        </Field>
      </div>
      <div className="badge-preview" data-testid="badge-preview">
        <span className="muted">Preview</span>
        <VisitorBadge
          guest={SAMPLE_GUEST}
          hostName="Ada Lovelace"
          date={new Date().toISOString()}
          code="FOYER-PREVIEW-0001"
          layout={form.badge.layout}
          doorPin={form.badge.doorPin ? '482915' : null}
          branding={{
            logoDataUrl: form.branding.logoDataUrl,
            accentColor: /^#[0-9a-fA-F]{6}$/.test(form.branding.accentColor ?? '') ? form.branding.accentColor : null,
          }}
        />
      </div>
      <SaveRow saver={saver} disabled={blocked} />
    </form>
  );
}
