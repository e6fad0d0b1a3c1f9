import { type FormEvent, useEffect, useState } from 'react';
import type { OperationOutput } from '../../../../shared/contract/operations.ts';
import { api } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { Field, fieldError, SaveRow } from './form-parts.tsx';
import { useSave } from './use-save.ts';

type Status = OperationOutput<'watchlist.status'>;

/**
 * The watchlist (watchlist.*): the list in force (pushed under Push a file),
 * and how alike a name must be to an entry's for an alert: the threshold,
 * checked by the core when saved.
 */
export function WatchlistForm() {
  const saver = useSave();
  const [status, setStatus] = useState<Status | null>(null);
  const [threshold, setThreshold] = useState('');
  useEffect(() => {
    api.call('watchlist.status', {}).then(
      (s) => {
        setStatus(s);
        setThreshold(String(s.threshold));
      },
      () => undefined,
    );
  }, []);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await saver.run(() => api.call('watchlist.setSettings', { threshold: Number(threshold) }));
    if (saved) setThreshold(String(saved.threshold));
  };
  const list = status?.list;
  return (
    <form className="card settings-form" onSubmit={(e) => void submit(e)} data-testid="watchlist-settings">
      <header className="card-head">
        <div>
          <h2>Watchlist</h2>
          <p className="muted" data-testid="watchlist-in-force">
            {!status
              ? 'Loading…'
              : list
                ? `${list.entries} entries (${list.deny} deny) from ${list.file}, pushed ${formatDateTime(list.pushedAt)}. `
                : 'No watchlist yet: push one as a file (Push a file, Watchlist). '}
            Kept on this site, never sent to the service.
          </p>
        </div>
      </header>
      <Field
        label="Match threshold"
        error={fieldError(saver, 'threshold')}
        hint="From 0.5 to 1. 1: the name exactly as listed; 0.97: spelled otherwise (Mueller for Müller); 0.93: in another script; 0.85 (the default): one letter wrong in each name."
      >
        <input
          type="number"
          min={0.5}
          max={1}
          step={0.01}
          value={threshold}
          disabled={!status}
          onChange={(e) => {
            setThreshold(e.target.value);
            saver.edited();
          }}
          aria-invalid={Boolean(fieldError(saver, 'threshold'))}
          data-testid="watchlist-threshold"
        />
      </Field>
      <SaveRow saver={saver} disabled={!status} />
    </form>
  );
}
