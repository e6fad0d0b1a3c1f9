import { type FormEvent, useEffect, useState } from 'react';
import { WALK_IN_MODES, type WalkInMode, type WalkInSettings } from '../../../../../shared/contract/walk-ins.ts';
import { api } from '../../../lib/api.ts';
import { Field, fieldError, SaveRow } from '../../../features/admin/form-parts.tsx';
import { useSave } from '../../../features/admin/use-save.ts';

const MODES: Record<WalkInMode, string> = {
  off: 'Off: the kiosk offers no registration; visitors without an invitation go to the desk',
  desk: 'Approved at the desk: each visitor waits until reception lets them in',
  open: 'Let in at once: the visitor is welcomed, and the desk sees them on site',
};

/** A number field's text: empty is none (null). */
const numberOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/**
 * Visitors without an invitation (walkIns): how they are let in, how long
 * their visit lasts and the entrance their event names. Checked by the core
 * (the contract) when saved, each refusal at its field.
 */
export function WalkInsForm() {
  const saver = useSave();
  const [shown, setShown] = useState<{ mode: WalkInMode; length: string; entrance: string } | null>(null);
  const show = (settings: WalkInSettings) =>
    setShown({
      mode: settings.mode,
      length: settings.lengthMinutes === null ? '' : String(settings.lengthMinutes),
      entrance: settings.entranceId === null ? '' : String(settings.entranceId),
    });
  useEffect(() => {
    api.call('walkIns.siteSettings', {}).then(show, () => undefined);
  }, []);
  const edit = (patch: Partial<NonNullable<typeof shown>>) => {
    setShown((s) => (s ? { ...s, ...patch } : s));
    saver.edited();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!shown) return;
    const saved = await saver.run(() =>
      api.call('walkIns.setSettings', {
        mode: shown.mode,
        lengthMinutes: numberOrNull(shown.length),
        entranceId: numberOrNull(shown.entrance),
      }),
    );
    if (saved) show(saved);
  };
  return (
    <form className="card settings-form" onSubmit={(e) => void submit(e)} data-testid="walk-ins-settings">
      <header className="card-head">
        <div>
          <h2>Walk-ins</h2>
          <p className="muted">
            Visitors without an invitation register at the kiosk (“I’m not on the list”); the desk can always add them.
          </p>
        </div>
      </header>
      <fieldset className="choice-row" disabled={!shown}>
        <legend>At the kiosk</legend>
        {WALK_IN_MODES.map((mode) => (
          <label className="choice" key={mode}>
            <input
              type="radio"
              name="walk-in-mode"
              value={mode}
              checked={shown?.mode === mode}
              onChange={() => edit({ mode })}
              data-testid={`walk-in-mode-${mode}`}
            />
            <span>{MODES[mode]}</span>
          </label>
        ))}
      </fieldset>
      <Field
        label="Visit length (minutes)"
        error={fieldError(saver, 'lengthMinutes')}
        hint="Empty: until the end of the day. A guest checked in again keeps the end of their visit."
      >
        <input
          type="number"
          min={15}
          max={1440}
          value={shown?.length ?? ''}
          disabled={!shown}
          onChange={(e) => edit({ length: e.target.value })}
          aria-invalid={Boolean(fieldError(saver, 'lengthMinutes'))}
          data-testid="walk-in-length"
        />
      </Field>
      <Field
        label="Entrance"
        error={fieldError(saver, 'entranceId')}
        hint="The service's id of the entrance a walk-in's event names. Empty: none."
      >
        <input
          type="number"
          min={1}
          value={shown?.entrance ?? ''}
          disabled={!shown}
          onChange={(e) => edit({ entrance: e.target.value })}
          aria-invalid={Boolean(fieldError(saver, 'entranceId'))}
          data-testid="walk-in-entrance"
        />
      </Field>
      <SaveRow saver={saver} disabled={!shown} />
    </form>
  );
}
