import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { KioskSettings } from '../../../../shared/contract/operations.ts';
import { Icon } from '../../components/Icon.tsx';
import { KIOSK_LANGUAGES, toKioskLanguage } from '../../lib/languages.ts';
import { useAdmin } from './admin-store.ts';

function KioskForm({ initial }: { initial: KioskSettings }) {
  const { save, saving, saved, error } = useAdmin(
    useShallow((s) => ({
      save: s.saveKioskSettings,
      saving: s.savingSettings,
      saved: s.settingsSaved,
      error: s.settingsError,
    })),
  );
  const [form, setForm] = useState(() => ({
    ...initial,
    defaultLanguage: toKioskLanguage(initial.defaultLanguage) ?? initial.defaultLanguage,
    idleSeconds: String(initial.idleSeconds),
  }));
  const [touched, setTouched] = useState(false);
  const idle = Number(form.idleSeconds);
  const idleValid = Number.isInteger(idle) && idle >= 10 && idle <= 600;
  const change = (patch: Partial<typeof form>) => {
    setForm((f) => ({ ...f, ...patch }));
    setTouched(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!idleValid) return;
    setTouched(false);
    void save({ ...form, idleSeconds: idle, welcomeTitle: form.welcomeTitle.trim() });
  };
  return (
    <form className="card settings-form" onSubmit={submit} data-testid="kiosk-settings">
      <header className="card-head">
        <div>
          <h2>Kiosk</h2>
          <p className="muted">What guests see at the lobby kiosk. Changes apply at the next guest.</p>
        </div>
      </header>
      <label className="field">
        <span>Welcome title</span>
        <input
          value={form.welcomeTitle}
          maxLength={120}
          onChange={(e) => change({ welcomeTitle: e.target.value })}
          data-testid="setting-title"
        />
        <small className="muted">Leave it as “Welcome” to greet every guest in their own language.</small>
      </label>
      <label className="field">
        <span>Start language</span>
        <select value={form.defaultLanguage} onChange={(e) => change({ defaultLanguage: e.target.value })}>
          {KIOSK_LANGUAGES.map((l) => (
            <option key={l.code} value={l.code}>
              {l.name} ({l.code})
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Back to the start screen after</span>
        <div className="input-suffix">
          <input
            type="number"
            min={10}
            max={600}
            step={1}
            value={form.idleSeconds}
            onChange={(e) => change({ idleSeconds: e.target.value })}
            aria-invalid={!idleValid}
          />
          <span>seconds without a touch</span>
        </div>
        {!idleValid && <small className="error-text">Between 10 and 600 seconds.</small>}
      </label>
      <label className="switch-field">
        <input
          type="checkbox"
          role="switch"
          checked={form.allowCheckOut}
          onChange={(e) => change({ allowCheckOut: e.target.checked })}
        />
        <span>
          <strong>Guests can check out at the kiosk</strong>
          <small className="muted">Otherwise they are asked to check out at the reception desk.</small>
        </span>
      </label>
      {error && (
        <div className="banner banner-error" role="alert">
          <Icon name="alert" />
          {error}
        </div>
      )}
      <div className="button-row">
        <button type="submit" className="button-primary" disabled={saving || !idleValid || !touched}>
          {saving && <span className="spinner" aria-hidden="true" />}
          Save
        </button>
        {saved && !touched && (
          <span className="saved" role="status">
            <Icon name="check" size={18} /> Saved
          </span>
        )}
      </div>
    </form>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function ConnectionPanel() {
  const connection = useAdmin((s) => s.connection);
  if (!connection) return null;
  const c = connection;
  return (
    <section className="card" data-testid="connection">
      <header className="card-head">
        <div>
          <h2>Connection</h2>
          <p className="muted">
            Set on this machine with <code>foyer config set</code>; shown here to check.
          </p>
        </div>
      </header>
      <dl className="facts facts-wide">
        <Row label="Service">
          {c.embedded ? (
            <>
              Embedded demo service <span className="tag">demo data</span>
            </>
          ) : (
            <code>{c.baseUrl}</code>
          )}
        </Row>
        <Row label="Access token">
          {c.tokenSet ? (
            <span className="ok-text">
              <Icon name="check" size={16} /> Set
            </span>
          ) : (
            <span className="error-text">Not set</span>
          )}
        </Row>
        <Row label="Company">#{c.companyId}</Row>
        <Row label="Location">#{c.locationId}</Row>
        <Row label="Guests kept">
          from {c.windowDaysBack} {c.windowDaysBack === 1 ? 'day' : 'days'} back to {c.windowDaysAhead}{' '}
          {c.windowDaysAhead === 1 ? 'day' : 'days'} ahead
        </Row>
        <Row label="Check-ins purged after">{c.retentionDays} days</Row>
      </dl>
    </section>
  );
}

export function SettingsPanel() {
  const { kioskSettings, error, loadSettings } = useAdmin(
    useShallow((s) => ({ kioskSettings: s.kioskSettings, error: s.settingsError, loadSettings: s.loadSettings })),
  );
  useEffect(() => {
    void loadSettings();
  }, [loadSettings]);
  if (!kioskSettings)
    return error ? (
      <div className="banner banner-error" role="alert">
        <Icon name="alert" />
        The settings could not be loaded: {error}
      </div>
    ) : (
      <p className="muted">Loading…</p>
    );
  return (
    <div className="settings-grid">
      <KioskForm key={JSON.stringify(kioskSettings)} initial={kioskSettings} />
      <ConnectionPanel />
    </div>
  );
}
