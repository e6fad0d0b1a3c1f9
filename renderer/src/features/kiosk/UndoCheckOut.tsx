import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Icon } from '../../components/Icon.tsx';
import { undoCheckOut } from './check-out.ts';
import { useKiosk } from './kiosk-store.ts';
import { useTranslation } from './use-translation.ts';

/** Undo on the check-out's success screen, while the core still holds the check-out back (8 s). */
export function UndoCheckOut() {
  const { t } = useTranslation();
  const { undoUntil, busy, problem } = useKiosk(
    useShallow((s) => ({
      undoUntil: s.step.kind === 'done' ? (s.step.checkOut?.undoUntil ?? null) : null,
      busy: s.busy,
      problem: s.problem,
    })),
  );
  // The hold this screen saw run out: Undo goes away then (the core would refuse it after).
  const [expired, setExpired] = useState<string | null>(null);
  useEffect(() => {
    if (!undoUntil) return;
    const timer = setTimeout(() => setExpired(undoUntil), Math.max(0, Date.parse(undoUntil) - Date.now()));
    return () => clearTimeout(timer);
  }, [undoUntil]);
  const open = undoUntil !== null && expired !== undoUntil;
  return (
    <>
      {problem && (
        <p className="kiosk-problem" role="alert" data-testid="kiosk-problem">
          <Icon name="alert" size={24} />
          {t(problem)}
        </p>
      )}
      {open && (
        <button
          type="button"
          className="button-secondary button-large"
          disabled={busy}
          onClick={() => void undoCheckOut()}
          data-testid="kiosk-undo-check-out"
        >
          <Icon name="undo" size={26} />
          {t('undo')}
        </button>
      )}
    </>
  );
}
