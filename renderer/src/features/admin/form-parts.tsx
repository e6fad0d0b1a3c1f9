/** The pieces every settings form is made of: a field with its message, the save row. */
import type { ReactNode } from 'react';
import { Icon } from '../../components/Icon.tsx';
import type { Saver } from './use-save.ts';

/** A labelled control; its refusal (or hint) sits right under it. */
export function Field({
  label,
  error,
  hint,
  children,
  testId,
}: {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <label className={`field${error ? ' field-invalid' : ''}`} data-testid={testId}>
      <span>{label}</span>
      {children}
      {error ? (
        <small className="error-text" role="alert">
          {error}
        </small>
      ) : (
        hint && <small className="muted">{hint}</small>
      )}
    </label>
  );
}

/** The first message for any of the paths (a field may be refused under more than one name). */
export const fieldError = (saver: Saver, ...paths: string[]) =>
  paths.map((p) => saver.fields[p]).find((m) => m !== undefined);

export function SaveRow({ saver, label = 'Save', disabled }: { saver: Saver; label?: string; disabled?: boolean }) {
  const unshown = Object.keys(saver.fields).length > 0 && !saver.error;
  return (
    <>
      {saver.error && (
        <div className="banner banner-error" role="alert">
          <Icon name="alert" />
          {saver.error}
        </div>
      )}
      <div className="button-row">
        <button type="submit" className="button-primary" disabled={saver.saving || disabled}>
          {saver.saving && <span className="spinner" aria-hidden="true" />}
          {label}
        </button>
        {saver.saved && (
          <span className="saved" role="status">
            <Icon name="check" size={18} /> Saved
          </span>
        )}
        {unshown && <span className="error-text">Fix the fields marked above.</span>}
      </div>
    </>
  );
}
