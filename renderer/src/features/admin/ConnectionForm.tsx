import { type FormEvent, useEffect, useState } from 'react';
import type { ConnectionTest } from '../../../../shared/contract/settings.ts';
import { Icon } from '../../components/Icon.tsx';
import { api } from '../../lib/api.ts';
import { type SettingsView, useAdmin } from './admin-store.ts';
import { Field, SaveRow } from './form-parts.tsx';
import { useSave } from './use-save.ts';

type Location = ConnectionTest['locations'][number];

/** The service, its token (write-only), the company and the location; tested before it is used. */
export function ConnectionForm({ settings }: { settings: SettingsView }) {
  const settingsSaved = useAdmin((s) => s.settingsSaved);
  const [embedded, setEmbedded] = useState(settings.embedded);
  const [baseUrl, setBaseUrl] = useState(settings.baseUrl ?? '');
  const [token, setToken] = useState('');
  const [companyId, setCompanyId] = useState(String(settings.companyId));
  const [locationId, setLocationId] = useState(String(settings.locationId));
  const [locations, setLocations] = useState<Location[]>([]);
  const [test, setTest] = useState<ConnectionTest | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [switched, setSwitched] = useState<string | null>(null);
  const tester = useSave();
  const saver = useSave();
  // Set when the core asks first (work waits in the outbox for the service used now).
  const needsConfirm =
    saver.fields.confirmed ??
    (confirmed ? 'Switch even though work waits in the outbox for the service used now.' : null);

  // The locations this machine knows already (its access profile groups name them).
  useEffect(() => {
    void api.call('groups.list', {}).then(
      (groups) => {
        const known = new Map<number, string | null>();
        for (const g of groups)
          if (g.locationId !== null) known.set(g.locationId, g.locationName ?? known.get(g.locationId) ?? null);
        setLocations([...known].map(([id, name]) => ({ id, name })).sort((a, b) => a.id - b.id));
      },
      () => {},
    );
  }, []);

  const input = () => ({
    baseUrl: embedded ? null : baseUrl.trim(),
    ...(token.trim() ? { token: token.trim() } : {}),
    companyId: Number(companyId),
    locationId: Number(locationId),
  });
  const edited = () => {
    setTest(null);
    setSwitched(null);
    tester.edited();
    saver.edited();
  };

  const runTest = async () => {
    const result = await tester.run(() => api.call('settings.testConnection', input()));
    if (result) {
      setTest(result);
      if (result.locations.length > 0) setLocations(result.locations);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSwitched(null);
    const result = await saver.run(() => api.call('settings.setConnection', { ...input(), confirmed }));
    if (result) {
      setToken('');
      setConfirmed(false);
      setSwitched(
        result.newMirror
          ? 'Switched. This service starts with an empty mirror: its guests appear with the first sync.'
          : 'Switched. The app now works with this connection.',
      );
      settingsSaved({ settings: result.settings });
    }
  };

  const errors = { ...tester.fields, ...saver.fields };
  const sameService = !settings.embedded && baseUrl.trim() === settings.baseUrl;
  const tokenNote =
    sameService && settings.tokenSet
      ? `Set${settings.tokenEnding ? `, ending …${settings.tokenEnding}` : ''}. Leave empty to keep it.`
      : 'Enter the token this service issued for Foyer.';
  const knownLocation = locations.some((l) => String(l.id) === locationId);
  return (
    <form className="card settings-form" onSubmit={(e) => void submit(e)} data-testid="connection-form">
      <header className="card-head">
        <div>
          <h2>Connection</h2>
          <p className="muted">The service Foyer works with. The token is kept on this machine and never shown.</p>
        </div>
      </header>
      <fieldset className="choice-row">
        <legend>Service</legend>
        <label className="choice">
          <input
            type="radio"
            name="service"
            checked={embedded}
            onChange={() => {
              setEmbedded(true);
              edited();
            }}
            data-testid="service-embedded"
          />
          Embedded demo service (demo data, no network)
        </label>
        <label className="choice">
          <input
            type="radio"
            name="service"
            checked={!embedded}
            onChange={() => {
              setEmbedded(false);
              edited();
            }}
            data-testid="service-remote"
          />
          A service at an address
        </label>
      </fieldset>
      {!embedded && (
        <>
          <Field label="Address (base URL, ending in /api/v2)" error={errors.baseUrl}>
            <input
              type="url"
              value={baseUrl}
              placeholder="https://reception.example.com/api/v2"
              onChange={(e) => {
                setBaseUrl(e.target.value);
                edited();
              }}
              aria-invalid={Boolean(errors.baseUrl)}
              data-testid="setting-baseUrl"
            />
          </Field>
          <Field label="Access token" error={errors.token} hint={tokenNote}>
            <input
              type="password"
              autoComplete="off"
              value={token}
              placeholder={
                sameService && settings.tokenSet
                  ? `set${settings.tokenEnding ? `, ending …${settings.tokenEnding}` : ''}`
                  : ''
              }
              onChange={(e) => {
                setToken(e.target.value);
                edited();
              }}
              aria-invalid={Boolean(errors.token)}
              data-testid="setting-token"
            />
          </Field>
        </>
      )}
      <div className="field-pair">
        <Field label="Company number" error={errors.companyId} hint="The company the token belongs to.">
          <input
            type="number"
            min={1}
            value={companyId}
            onChange={(e) => {
              setCompanyId(e.target.value);
              edited();
            }}
            data-testid="setting-companyId"
          />
        </Field>
        <Field
          label="Location"
          error={errors.locationId}
          hint={locations.length ? 'As the access profile groups name them.' : 'Test the connection to list them.'}
        >
          {locations.length > 0 ? (
            <select
              value={locationId}
              onChange={(e) => {
                setLocationId(e.target.value);
                edited();
              }}
              data-testid="setting-location"
            >
              {!knownLocation && <option value={locationId}>Location {locationId}</option>}
              {locations.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name ? `${l.name} (${l.id})` : `Location ${l.id}`}
                </option>
              ))}
            </select>
          ) : (
            <input
              type="number"
              min={1}
              value={locationId}
              onChange={(e) => {
                setLocationId(e.target.value);
                edited();
              }}
              data-testid="setting-locationId"
            />
          )}
        </Field>
      </div>
      <div className="button-row">
        <button
          type="button"
          className="button-secondary"
          onClick={() => void runTest()}
          disabled={tester.saving}
          data-testid="test-connection"
        >
          {tester.saving ? <span className="spinner" aria-hidden="true" /> : <Icon name="refresh" size={18} />}
          Test the connection
        </button>
      </div>
      {tester.error && (
        <div className="banner banner-error" role="alert">
          <Icon name="alert" />
          {tester.error}
        </div>
      )}
      {test && (
        <div
          className={`banner ${test.ok ? 'banner-ok' : 'banner-warn'}`}
          role="status"
          data-testid="connection-result"
        >
          <Icon name={test.ok ? 'checkCircle' : 'alert'} />
          <span>{test.sentence}</span>
        </div>
      )}
      {needsConfirm && (
        <label className="confirm-check" data-testid="confirm-switch">
          <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />
          <span>{needsConfirm}</span>
        </label>
      )}
      <SaveRow
        saver={{
          ...saver,
          fields: Object.fromEntries(Object.entries(saver.fields).filter(([k]) => k !== 'confirmed')),
        }}
        label="Save and switch"
        disabled={Boolean(needsConfirm) && !confirmed}
      />
      {switched && (
        <p className="ok-text" role="status" data-testid="switched">
          {switched}
        </p>
      )}
    </form>
  );
}
