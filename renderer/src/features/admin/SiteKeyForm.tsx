import { type FormEvent, useState } from 'react';
import type { SiteView } from '../../../../shared/contract/site.ts';
import { api } from '../../lib/api.ts';
import { Field, fieldError, SaveRow } from './form-parts.tsx';
import { useSave } from './use-save.ts';

/**
 * The site key, which signs the passes Foyer prints: set from another
 * machine's key, or generated. It is never shown (as on the command line);
 * replacing it makes the passes printed so far unusable, which the admin
 * confirms first.
 */
export function SiteKeyForm({ view, onSaved }: { view: SiteView; onSaved: (view: SiteView) => void }) {
  const saver = useSave();
  const [key, setKey] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const mustConfirm = view.siteKeySet && !confirmed;

  const save = async (value: string | null) => {
    if (mustConfirm) return;
    const saved = await saver.run(() => api.call('site.setSiteKey', { key: value }));
    if (saved) {
      onSaved(saved);
      setKey('');
      setConfirmed(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (key.trim()) void save(key.trim());
  };
  return (
    <form className="card settings-form" onSubmit={submit} data-testid="site-key-form">
      <header className="card-head">
        <div>
          <h2>Site key</h2>
          <p className="muted">
            Signs the passes Foyer prints on badges, so that a kiosk accepts only this site’s passes. With a hub, every
            screen of the site uses the hub’s key: nothing to do. Machines that each run their own Foyer share one key:
            paste here the key of the site’s first machine (the file <code>site-key</code> in its data directory).
          </p>
        </div>
        <span className={view.siteKeySet ? 'tag' : 'tag tag-warn'} data-testid="site-key-state">
          {view.siteKeySet ? 'set' : 'not set yet'}
        </span>
      </header>
      {!view.siteKeySet && <p className="muted">Without one, a key is made when the first pass is printed.</p>}
      <Field label="Key of another machine of the site" error={fieldError(saver, 'key')}>
        <input
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={key}
          maxLength={300}
          onChange={(e) => {
            setKey(e.target.value);
            saver.edited();
          }}
          aria-invalid={Boolean(fieldError(saver, 'key'))}
          data-testid="setting-site-key"
        />
      </Field>
      {view.siteKeySet && (
        <label className="choice warn-choice">
          <input
            type="checkbox"
            checked={confirmed}
            onChange={(e) => setConfirmed(e.target.checked)}
            data-testid="site-key-confirm"
          />
          <span>
            I understand that passes printed with the current key stop working: guests holding one show it at the desk.
          </span>
        </label>
      )}
      <SaveRow saver={saver} label="Use this key" disabled={!key.trim() || mustConfirm} />
      <div className="button-row">
        <button
          type="button"
          className="button-secondary button-small"
          disabled={saver.saving || mustConfirm}
          onClick={() => void save(null)}
          data-testid="site-key-generate"
        >
          Generate a new key
        </button>
      </div>
    </form>
  );
}
