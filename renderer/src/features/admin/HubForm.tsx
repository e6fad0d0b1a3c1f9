import { type FormEvent, useState } from 'react';
import { BindAddress, type SiteView } from '../../../../shared/contract/site.ts';
import { api } from '../../lib/api.ts';
import { Field, fieldError, SaveRow } from './form-parts.tsx';
import { useSave } from './use-save.ts';

/**
 * Hub mode: this desktop app serves the site's kiosks and desks over HTTPS.
 * It is read when the app starts, so a change says that it waits for a restart.
 */
export function HubForm({ view, onSaved }: { view: SiteView; onSaved: (view: SiteView) => void }) {
  const saver = useSave();
  const [enabled, setEnabled] = useState(view.hub.enabled);
  const [host, setHost] = useState(view.hub.host);
  const [port, setPort] = useState(String(view.hub.port));
  const p = Number(port);
  const localPort = Number.isInteger(p) && p >= 1 && p <= 65_535 ? undefined : 'A port from 1 to 65535, e.g. 5443.';
  const parsedHost = BindAddress.safeParse(host);
  const localHost = parsedHost.success ? undefined : `${parsedHost.error.issues[0]?.message ?? ''}.`;
  const portError = localPort ?? fieldError(saver, 'port');
  const hostError = localHost ?? fieldError(saver, 'host');
  const restart = view.hub.enabled !== view.hubRunning;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (localPort ?? localHost) return;
    const saved = await saver.run(() => api.call('site.setHub', { enabled, host: host.trim(), port: p }));
    if (saved) onSaved(saved);
  };
  const edit = (apply: () => void) => {
    apply();
    saver.edited();
  };
  return (
    <form className="card settings-form" onSubmit={(e) => void submit(e)} data-testid="hub-form">
      <header className="card-head">
        <div>
          <h2>Site hub</h2>
          <p className="muted">
            As the hub, this app serves the site’s kiosks and other desks over HTTPS; they pair under Devices. This
            machine then holds the site’s data and must stay on. Changes take effect when Foyer starts again.
          </p>
        </div>
        <span className={view.hubRunning ? 'tag' : 'tag tag-warn'} data-testid="hub-running">
          {view.hubRunning ? 'serving now' : 'not serving'}
        </span>
      </header>
      <label className="choice">
        <input
          type="checkbox"
          checked={enabled}
          onChange={(e) => edit(() => setEnabled(e.target.checked))}
          data-testid="setting-hub-enabled"
        />
        <span>This app is the site’s hub</span>
      </label>
      {fieldError(saver, 'enabled') && (
        <small className="error-text" role="alert">
          {fieldError(saver, 'enabled')}
        </small>
      )}
      <div className="field-pair">
        <Field label="Listen on" error={hostError} hint="0.0.0.0: every network of this machine.">
          <input
            value={host}
            maxLength={100}
            spellCheck={false}
            onChange={(e) => edit(() => setHost(e.target.value))}
            aria-invalid={Boolean(hostError)}
            data-testid="setting-hub-host"
          />
        </Field>
        <Field label="Port" error={portError} hint="Let it through this machine’s firewall.">
          <input
            type="number"
            min={1}
            max={65_535}
            value={port}
            onChange={(e) => edit(() => setPort(e.target.value))}
            aria-invalid={Boolean(portError)}
            data-testid="setting-hub-port"
          />
        </Field>
      </div>
      {restart && (
        <div className="banner banner-warn" role="status" data-testid="hub-restart">
          Saved for the next start: quit Foyer and start it again for the hub to {view.hub.enabled ? 'start' : 'stop'}.
        </div>
      )}
      <SaveRow saver={saver} disabled={Boolean(localPort ?? localHost)} />
    </form>
  );
}
