/** Saving a settings form: busy, saved, and each refusal shown at its field (the contract's error details). */
import { useCallback, useState } from 'react';
import { ApiCallError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { capitalised } from '../../lib/format.ts';

export interface SaveState {
  saving: boolean;
  saved: boolean;
  /** A refusal that names no field, or a failure. */
  error: string | null;
  /** Messages by field path ("pin", "intervals.fullSeconds", "branding.accentColor"). */
  fields: Record<string, string>;
}

const IDLE: SaveState = { saving: false, saved: false, error: null, fields: {} };

export function useSave() {
  const [state, setState] = useState<SaveState>(IDLE);
  const run = useCallback(async <T>(work: () => Promise<T>): Promise<T | undefined> => {
    setState({ ...IDLE, saving: true });
    try {
      const result = await work();
      setState({ ...IDLE, saved: true });
      return result;
    } catch (error) {
      const details = error instanceof ApiCallError ? error.details : [];
      const fields = Object.fromEntries(details.map((d) => [d.path, capitalised(d.message)]));
      setState({
        ...IDLE,
        fields,
        error: details.length > 0 ? null : capitalised(errorText(error)),
      });
      return undefined;
    }
  }, []);
  const edited = useCallback(() => setState((s) => (s.saved || s.error ? { ...s, saved: false, error: null } : s)), []);
  return { ...state, run, edited };
}
export type Saver = ReturnType<typeof useSave>;
