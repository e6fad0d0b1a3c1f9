import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../../../lib/api.ts';
import { Field, fieldError, SaveRow } from '../../../features/admin/form-parts.tsx';
import { useSave } from '../../../features/admin/use-save.ts';

/** The site's assembly point: what every kiosk shows, in big letters, while a roll call is under way. */
export function EvacuationForm() {
  const saver = useSave();
  const [assemblyPoint, setAssemblyPoint] = useState<string | null>(null);
  useEffect(() => {
    api.call('evacuation.state', {}).then(
      (state) => setAssemblyPoint((shown) => shown ?? state.assemblyPoint),
      () => setAssemblyPoint((shown) => shown ?? ''),
    );
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (assemblyPoint !== null)
      void saver.run(() => api.call('evacuation.setAssemblyPoint', { assemblyPoint: assemblyPoint.trim() }));
  };
  return (
    <form className="card settings-form" onSubmit={submit} data-testid="evacuation-settings">
      <header className="card-head">
        <h2>Evacuation</h2>
      </header>
      <p className="muted">
        Any desk can start a roll call; every kiosk then stops checking in and shows the way out and where to gather.
      </p>
      <Field
        label="Assembly point"
        error={fieldError(saver, 'assemblyPoint')}
        hint="Shown on every kiosk during an evacuation, e.g. “Car park B, by the gate”. Empty: none is shown."
      >
        <input
          type="text"
          maxLength={200}
          value={assemblyPoint ?? ''}
          disabled={assemblyPoint === null}
          onChange={(e) => {
            setAssemblyPoint(e.target.value);
            saver.edited();
          }}
          data-testid="assembly-point"
        />
      </Field>
      <SaveRow saver={saver} />
    </form>
  );
}
