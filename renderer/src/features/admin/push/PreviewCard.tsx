import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Icon } from '../../../components/Icon.tsx';
import { plural } from '../../../lib/format.ts';
import type { ImportPreview } from '../../../../../shared/contract/imports.ts';
import { useAdmin } from '../admin-store.ts';
import { CheckProgress } from './CheckProgress.tsx';
import { IssuesList } from './IssuesList.tsx';
import { ProfileDiffView } from './ProfileDiffView.tsx';
import { SampleTable } from './SampleTable.tsx';

const SUMMARY_LABELS: Record<string, string> = {
  identities: 'identities',
  profiles: 'access profiles',
  events: 'events',
  invitations: 'invitations',
};

function StepCard({ children, testId }: { children?: ReactNode; testId?: string }) {
  return (
    <section className="card step-card" data-testid={testId}>
      <h2 className="step-title">
        <span className="step-number">3</span> Check and queue
      </h2>
      {children}
    </section>
  );
}

function Stats({ preview: p }: { preview: ImportPreview }) {
  return (
    <div className="stats">
      <div className="stat">
        <span className="stat-value" data-testid="preview-rows">
          {p.rows.toLocaleString('en-GB')}
        </span>
        <span className="stat-label">
          {p.format === 'json' ? 'items' : 'rows'} in {p.format.toUpperCase()}
        </span>
      </div>
      {p.summary.map((item, index) => (
        <div className={`stat${index === 0 ? ' stat-good' : ''}`} key={item.label}>
          <span className="stat-value" data-testid={index === 0 ? 'preview-valid' : `preview-${item.label}`}>
            {item.count.toLocaleString('en-GB')}
          </span>
          <span className="stat-label">
            {index === 0
              ? `valid ${SUMMARY_LABELS[item.label] ?? item.label}`
              : (SUMMARY_LABELS[item.label] ?? item.label)}
          </span>
        </div>
      ))}
      <div className={`stat${p.invalidRows > 0 ? ' stat-bad' : ''}`}>
        <span className="stat-value" data-testid="preview-invalid">
          {p.invalidRows.toLocaleString('en-GB')}
        </span>
        <span className="stat-label">with errors</span>
      </div>
    </div>
  );
}

/**
 * The one choice the core's preview allows (the whole file, or its valid rows only), or why there is none:
 * the panel never offers what the queueing would refuse.
 */
function QueueRow({ preview: p }: { preview: ImportPreview }) {
  const { confirmed, queueing, queue } = useAdmin(
    useShallow((s) => ({ confirmed: s.confirmed, queueing: s.queueing, queue: s.queue })),
  );
  const { allowed } = p;
  if (!allowed.queue && !allowed.queueValidOnly)
    return (
      <div className="queue-row" data-testid="queue-refused">
        <Icon name="alert" size={18} />
        <span>This file cannot be queued: {allowed.refusal}.</span>
      </div>
    );
  const items = plural(p.validItems, 'valid row');
  const blocked = (p.profileDiff?.needsConfirmation === true && !confirmed) || queueing;
  return (
    <div className="queue-row">
      <button
        type="button"
        className={allowed.queueValidOnly ? 'button-warn' : 'button-primary'}
        disabled={blocked}
        onClick={() => void queue()}
        data-testid="queue-button"
      >
        {queueing ? <span className="spinner" aria-hidden="true" /> : <Icon name="upload" size={18} />}
        {allowed.queueValidOnly ? `Queue the ${items} only` : `Queue ${items}`}
      </button>
      <span className="muted">Queued items are sent as soon as the service can be reached.</span>
    </div>
  );
}

/** Step 3: the file as checked, row by row, and what may be done with it. */
export function PreviewCard() {
  const {
    kind,
    file,
    preview: p,
    previewing,
  } = useAdmin(useShallow((s) => ({ kind: s.kind, file: s.file, preview: s.preview, previewing: s.previewing })));
  if (!file) return null;
  if (previewing || !p)
    return (
      <StepCard>
        {previewing ? <CheckProgress /> : <p className="muted">Choose the group to compare the file with.</p>}
      </StepCard>
    );
  if (p.unreadable) {
    const issue = p.issues[0];
    return (
      <StepCard testId="preview">
        <div className="banner banner-error" role="alert" data-testid="unreadable">
          <Icon name="alert" />
          <span>
            {p.file} cannot be read as {kind === 'profiles' ? 'access profiles' : kind}: {issue?.message}
            {issue?.line ? ` (line ${issue.line}${issue.column ? `, column ${issue.column}` : ''})` : ''}.
          </span>
        </div>
      </StepCard>
    );
  }
  return (
    <StepCard testId="preview">
      <Stats preview={p} />
      {p.issues.length > 0 && <IssuesList preview={p} />}
      <SampleTable sample={p.sample} />
      {p.profileDiff && <ProfileDiffView diff={p.profileDiff} />}
      <QueueRow preview={p} />
    </StepCard>
  );
}
