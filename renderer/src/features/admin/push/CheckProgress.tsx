import { useAdmin } from '../admin-store.ts';

/** Reading the file in the browser, then the core checking each row: a bar for each, as far as they are. */
export function CheckProgress() {
  const progress = useAdmin((s) => s.progress);
  const fraction = progress && progress.total > 0 ? Math.min(1, progress.done / progress.total) : null;
  const label = progress?.phase === 'reading' ? 'Reading the file' : 'Checking every row';
  return (
    <div className="check-progress" data-testid="check-progress">
      <div className="check-progress-label">
        <span>{label}…</span>
        {fraction !== null && <span className="muted">{Math.round(fraction * 100)} %</span>}
      </div>
      <div
        className={`progress-bar${fraction === null ? ' indeterminate' : ''}`}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        {...(fraction !== null ? { 'aria-valuenow': Math.round(fraction * 100) } : {})}
      >
        <span style={{ width: fraction === null ? undefined : `${fraction * 100}%` }} />
      </div>
    </div>
  );
}
