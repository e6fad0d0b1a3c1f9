import { type FormEvent, useState } from 'react';
import { HostName, MAX_ALLOWED_HOSTS, type SiteView, STAFF_IDLE_MINUTES } from '../../../../shared/contract/site.ts';
import { api } from '../../lib/api.ts';
import { browserLines, lines, parseBrowserNames } from './browser-names.ts';
import { Field, fieldError, SaveRow } from './form-parts.tsx';
import { useSave } from './use-save.ts';

/** The first name of the list the contract's rule refuses, as "Line n: ..." (the core checks them again). */
function hostsError(names: string[]): string | undefined {
  if (names.length > MAX_ALLOWED_HOSTS) return `At most ${MAX_ALLOWED_HOSTS} names.`;
  for (const [index, name] of names.entries()) {
    const parsed = HostName.safeParse(name);
    if (!parsed.success) return `Line ${index + 1} (“${name.slice(0, 60)}”): ${parsed.error.issues[0]?.message ?? ''}.`;
  }
  const lower = names.map((name) => name.toLowerCase());
  return new Set(lower).size === lower.length ? undefined : 'Each name once.';
}

/** A refusal of the core for one name ("allowedHosts[2]") shown with its line. */
function savedHostsError(fields: Record<string, string>): string | undefined {
  for (const [path, text] of Object.entries(fields)) {
    const item = /^allowedHosts\[(\d+)\]$/.exec(path);
    if (item) return `Line ${Number(item[1]) + 1}: ${text}`;
    if (path === 'allowedHosts') return text;
  }
  return undefined;
}

/** How long a staff session stays open without an action, and the names browsers may reach Foyer by. */
export function SiteAccessForm({ view, onSaved }: { view: SiteView; onSaved: (view: SiteView) => void }) {
  const saver = useSave();
  const [minutes, setMinutes] = useState(String(view.staffIdleMinutes));
  const [hosts, setHosts] = useState(view.allowedHosts.join('\n'));
  const [browsers, setBrowsers] = useState(browserLines(view.browserNames));
  const browserNames = parseBrowserNames(browsers);
  const browsersError =
    'error' in browserNames
      ? browserNames.error
      : Object.entries(saver.fields).find(([path]) => path.startsWith('browserNames'))?.[1];
  const n = Number(minutes);
  const { min, max } = STAFF_IDLE_MINUTES;
  const localMinutes =
    Number.isInteger(n) && n >= min && n <= max ? undefined : `A whole number from ${min} to ${max}.`;
  const localHosts = hostsError(lines(hosts));
  const minutesError = localMinutes ?? fieldError(saver, 'staffIdleMinutes');
  const hostsShown = localHosts ?? savedHostsError(saver.fields);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (localMinutes ?? localHosts) return;
    if ('error' in browserNames) return;
    const saved = await saver.run(() =>
      api.call('site.setAccess', {
        staffIdleMinutes: n,
        allowedHosts: lines(hosts),
        browserNames: browserNames.names,
      }),
    );
    if (saved) {
      onSaved(saved);
      setHosts(saved.allowedHosts.join('\n'));
      setBrowsers(browserLines(saved.browserNames));
    }
  };
  const edit = (apply: () => void) => {
    apply();
    saver.edited();
  };
  return (
    <form className="card settings-form" onSubmit={(e) => void submit(e)} data-testid="site-access-form">
      <header className="card-head">
        <div>
          <h2>Staff sessions, host names and browsers</h2>
          <p className="muted">Both apply at once, on every screen.</p>
        </div>
      </header>
      <Field
        label="Lock a desk or admin screen after (minutes without a staff action)"
        error={minutesError}
        hint="The screen goes back to the kiosk (the desktop app’s window: to the desk) and asks for the PIN again."
      >
        <input
          type="number"
          min={min}
          max={max}
          value={minutes}
          onChange={(e) => edit(() => setMinutes(e.target.value))}
          aria-invalid={Boolean(minutesError)}
          data-testid="setting-staff-idle"
        />
      </Field>
      <Field
        label="Host names browsers may use (one per line)"
        error={hostsShown}
        hint="Names of this machine on the site’s network, e.g. reception.example.lan (add :port behind a proxy). Loopback and this machine’s own addresses always work; any other name is refused, against DNS rebinding."
      >
        <textarea
          rows={3}
          value={hosts}
          spellCheck={false}
          onChange={(e) => edit(() => setHosts(e.target.value))}
          aria-invalid={Boolean(hostsShown)}
          data-testid="setting-allowed-hosts"
        />
      </Field>
      <Field
        label="Names of browsers (one per line: address = name)"
        error={browsersError}
        hint="A browser of “foyer web” is named by its address in the audit log, the visitor log and the walk-ins, e.g. 192.168.1.31 = Lobby tablet (the hub’s devices are named when they are paired)."
      >
        <textarea
          rows={3}
          value={browsers}
          spellCheck={false}
          onChange={(e) => edit(() => setBrowsers(e.target.value))}
          aria-invalid={Boolean(browsersError)}
          data-testid="setting-browser-names"
        />
      </Field>
      <SaveRow saver={saver} disabled={Boolean(localMinutes ?? localHosts ?? 'error' in browserNames)} />
    </form>
  );
}
