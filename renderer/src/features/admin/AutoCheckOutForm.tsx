import { type FormEvent, useState } from 'react';
import type { SettingsView } from '../../../../shared/contract/operations.ts';
import { AUTO_CHECK_OUT_PATTERN } from '../../../../shared/domain/visit-end.ts';
import { api } from '../../lib/api.ts';
import { useAdmin } from './admin-store.ts';
import { Field, fieldError, SaveRow } from './form-parts.tsx';
import { useSave } from './use-save.ts';

/**
 * The daily automatic check-out (autoCheckOut): off, or a local time after
 * which guests still on site whose visit has ended are checked out. Checked
 * at its field here, and by the core (the contract) when saved.
 */
export function AutoCheckOutForm({ settings }: { settings: SettingsView }) {
  const settingsSaved = useAdmin((s) => s.settingsSaved);
  const saver = useSave();
  const [on, setOn] = useState(settings.autoCheckOut !== 'off');
  const [time, setTime] = useState(settings.autoCheckOut === 'off' ? '03:00' : settings.autoCheckOut);
  const local = on && !AUTO_CHECK_OUT_PATTERN.test(time) ? 'A time as HH:MM, from 00:00 to 23:59.' : undefined;
  const error = local ?? fieldError(saver, 'autoCheckOut');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (local) return;
    const saved = await saver.run(() => api.call('settings.setSync', { autoCheckOut: on ? time : 'off' }));
    if (saved) settingsSaved({ settings: saved });
  };
  return (
    <form className="card settings-form" onSubmit={(e) => void submit(e)} data-testid="auto-check-out-form">
      <header className="card-head">
        <div>
          <h2>Automatic check-out</h2>
          <p className="muted">
            Once a day, guests still on site whose visit has ended are checked out, so that the evacuation list does not
            name people who went home. A guest whose visit is still under way is never checked out.
          </p>
        </div>
      </header>
      <label className="choice">
        <input
          type="checkbox"
          checked={on}
          onChange={(e) => {
            setOn(e.target.checked);
            saver.edited();
          }}
          data-testid="auto-check-out-on"
        />
        <span>Check out guests whose visit has ended, every day</span>
      </label>
      <Field
        label="After this local time"
        error={error}
        hint="At night, when nobody should still be in the building (e.g. 03:00). A Foyer switched on later runs it at start."
      >
        <input
          // Text, not a time input: that one shows the browser's 12-hour clock ("03:00 AM") beside the app's 24-hour times.
          type="text"
          inputMode="numeric"
          placeholder="03:00"
          maxLength={5}
          size={6}
          value={time}
          disabled={!on}
          onChange={(e) => {
            setTime(e.target.value);
            saver.edited();
          }}
          aria-invalid={Boolean(error)}
          data-testid="auto-check-out-time"
        />
      </Field>
      <SaveRow saver={saver} disabled={Boolean(local)} />
    </form>
  );
}
