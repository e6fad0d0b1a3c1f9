import { type DragEvent, useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Icon, type IconName } from '../../components/Icon.tsx';
import { formatBytes, plural } from '../../lib/format.ts';
import { type PushKind, useAdmin } from './admin-store.ts';

const KINDS: { id: PushKind; title: string; text: string; icon: IconName }[] = [
  {
    id: 'identities',
    title: 'Identities',
    text: 'Permanent identities (employees, contractors) with their access profiles.',
    icon: 'users',
  },
  {
    id: 'profiles',
    title: 'Access profiles',
    text: 'The complete list of one group’s access profiles. It replaces the group’s set.',
    icon: 'shield',
  },
  {
    id: 'events',
    title: 'Events',
    text: 'Events with their invitations: one row per invitation, or the API’s JSON shape.',
    icon: 'clock',
  },
];

function KindPicker() {
  const { kind, setKind, groups, groupsLoaded, group, setGroup } = useAdmin(
    useShallow((s) => ({
      kind: s.kind,
      setKind: s.setKind,
      groups: s.groups,
      groupsLoaded: s.groupsLoaded,
      group: s.group,
      setGroup: s.setGroup,
    })),
  );
  return (
    <section className="card step-card">
      <h2 className="step-title">
        <span className="step-number">1</span> What are you pushing?
      </h2>
      <div className="kind-options" role="radiogroup" aria-label="Kind of file">
        {KINDS.map((k) => (
          <label key={k.id} className={`kind-option${kind === k.id ? ' active' : ''}`} data-testid={`kind-${k.id}`}>
            <input type="radio" name="push-kind" value={k.id} checked={kind === k.id} onChange={() => setKind(k.id)} />
            <Icon name={k.icon} size={22} />
            <span>
              <strong>{k.title}</strong>
              <span className="muted">{k.text}</span>
            </span>
          </label>
        ))}
      </div>
      {kind === 'profiles' && (
        <label className="field">
          <span>Access profile group</span>
          <select value={group} onChange={(e) => setGroup(e.target.value)} data-testid="group-picker">
            <option value="" disabled>
              {!groupsLoaded
                ? 'Loading groups…'
                : groups.length === 0
                  ? 'No access profile groups are mapped to this integration'
                  : 'Choose the group this file replaces…'}
            </option>
            {groups.map((g) => (
              <option key={g.sourceId} value={g.sourceId}>
                {g.name ?? g.sourceId}
                {g.locationName ? ` · ${g.locationName}` : ''} ({g.sourceId})
              </option>
            ))}
          </select>
        </label>
      )}
    </section>
  );
}

function FilePicker() {
  const { file, pickFile, previewing } = useAdmin(
    useShallow((s) => ({ file: s.file, pickFile: s.pickFile, previewing: s.previewing })),
  );
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) void pickFile(dropped);
  };
  return (
    <section className="card step-card">
      <h2 className="step-title">
        <span className="step-number">2</span> Choose the file
      </h2>
      <div
        className={`drop-zone${over ? ' over' : ''}${file ? ' has-file' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <Icon name={file ? 'file' : 'upload'} size={30} />
        {file ? (
          <div className="drop-file">
            <strong data-testid="picked-file">{file.name}</strong>
            <span className="muted">{formatBytes(file.size)}</span>
          </div>
        ) : (
          <div className="drop-file">
            <strong>Drop a CSV, XLSX or JSON file here</strong>
            <span className="muted">Up to 20 MB. Nothing is sent until you queue it.</span>
          </div>
        )}
        <button type="button" className="button-secondary" onClick={() => input.current?.click()} disabled={previewing}>
          {file ? 'Choose another file' : 'Choose a file'}
        </button>
        <input
          ref={input}
          type="file"
          accept=".csv,.xlsx,.json,text/csv,application/json,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          className="sr-only"
          tabIndex={-1}
          aria-label="The file to push"
          onChange={(event) => {
            const picked = event.target.files?.[0];
            if (picked) void pickFile(picked);
            event.target.value = '';
          }}
          data-testid="file-input"
        />
      </div>
    </section>
  );
}

function DiffList({ title, items, tone }: { title: string; items: string[]; tone: 'add' | 'remove' | 'change' }) {
  if (items.length === 0) return null;
  const shown = items.slice(0, 60);
  return (
    <div className={`diff diff-${tone}`}>
      <h4>
        {title} <span className="muted">({items.length})</span>
      </h4>
      <ul>
        {shown.map((item) => (
          <li key={item}>{item}</li>
        ))}
        {items.length > shown.length && <li className="muted">and {items.length - shown.length} more</li>}
      </ul>
    </div>
  );
}

const SUMMARY_LABELS: Record<string, string> = {
  identities: 'identities',
  profiles: 'access profiles',
  events: 'events',
  invitations: 'invitations',
};

/** Reading the file in the browser, then the core checking each row: a bar for each, as far as they are. */
function CheckProgress() {
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

function PreviewCard() {
  const s = useAdmin(
    useShallow((s) => ({
      kind: s.kind,
      group: s.group,
      groupName: s.groups.find((g) => g.sourceId === s.group)?.name ?? s.group,
      file: s.file,
      preview: s.preview,
      previewing: s.previewing,
      confirmed: s.confirmed,
      queueing: s.queueing,
      setConfirmed: s.setConfirmed,
      queue: s.queue,
      downloadIssues: s.downloadIssues,
    })),
  );
  if (!s.file) return null;
  if (s.previewing || !s.preview)
    return (
      <section className="card step-card">
        <h2 className="step-title">
          <span className="step-number">3</span> Check and queue
        </h2>
        {s.previewing ? <CheckProgress /> : <p className="muted">Choose the group to compare the file with.</p>}
      </section>
    );
  const p = s.preview;
  if (p.unreadable)
    return (
      <section className="card step-card" data-testid="preview">
        <h2 className="step-title">
          <span className="step-number">3</span> Check and queue
        </h2>
        <div className="banner banner-error" role="alert" data-testid="unreadable">
          <Icon name="alert" />
          <span>
            {p.file} cannot be read as {s.kind === 'profiles' ? 'access profiles' : s.kind}: {p.issues[0]?.message}
            {p.issues[0]?.line
              ? ` (line ${p.issues[0].line}${p.issues[0].column ? `, column ${p.issues[0].column}` : ''})`
              : ''}
            .
          </span>
        </div>
      </section>
    );
  const diff = p.profileDiff;
  const hasErrors = p.issues.length > 0;
  const nothingToSend = p.validItems === 0 && s.kind !== 'profiles';
  const needsConfirmation = diff?.needsConfirmation === true;
  const blocked = nothingToSend || (needsConfirmation && !s.confirmed) || s.queueing;
  const items = plural(p.validItems, 'valid row');
  return (
    <section className="card step-card" data-testid="preview">
      <h2 className="step-title">
        <span className="step-number">3</span> Check and queue
      </h2>
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

      {hasErrors && (
        <>
          <div className="banner banner-warn" role="alert">
            <Icon name="alert" />
            <span>
              {p.invalidRows > 0
                ? `${plural(p.invalidRows, 'row')} ${p.invalidRows === 1 ? 'has' : 'have'} errors and will not be sent.`
                : 'The file has problems.'}{' '}
              Fix the file and choose it again, or queue only the valid rows.
            </span>
          </div>
          <div className="table-wrap issues-wrap">
            <table className="data-table" data-testid="issues">
              <thead>
                <tr>
                  <th scope="col">File</th>
                  <th scope="col">Line</th>
                  <th scope="col">Column</th>
                  <th scope="col">Problem</th>
                </tr>
              </thead>
              <tbody>
                {p.issues.map((issue, i) => (
                  <tr key={i}>
                    <td className="nowrap">{issue.file}</td>
                    <td className="num">{issue.line ?? '—'}</td>
                    <td>{issue.column ? <code>{issue.column}</code> : '—'}</td>
                    <td>{issue.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="button-row">
            <button
              type="button"
              className="button-secondary button-small"
              onClick={() => void s.downloadIssues()}
              data-testid="export-issues"
            >
              <Icon name="download" size={16} />
              Download every problem as CSV
            </button>
            {p.issues.length >= 500 && <span className="muted">Only the first 500 problems are shown here.</span>}
          </div>
        </>
      )}

      {p.sample.rows.length > 0 && (
        <details className="sample" data-testid="sample">
          <summary>The first {plural(p.sample.rows.length, 'valid item')} as read</summary>
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  {p.sample.columns.map((c) => (
                    <th scope="col" key={c}>
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {p.sample.rows.map((row, i) => (
                  <tr key={i}>
                    {row.map((cell, j) => (
                      <td key={j}>{cell}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}

      {diff && (
        <div className="profile-diff" data-testid="profile-diff">
          <h3>What changes in {s.groupName}</h3>
          {diff.firstUpload && (
            <p className="muted">
              This machine has not pushed this group before, so the service’s current set is unknown here: the file
              replaces it whatever it holds.
            </p>
          )}
          <div className="diff-grid">
            <DiffList title="Added" items={diff.added} tone="add" />
            <DiffList title="Removed" items={diff.removed} tone="remove" />
            <DiffList
              title="Renamed"
              items={diff.renamed.map((r) => `${r.sourceId}: ${r.from} → ${r.to}`)}
              tone="change"
            />
            <DiffList title="Changed" items={diff.changed} tone="change" />
          </div>
          {diff.added.length + diff.removed.length + diff.renamed.length + diff.changed.length === 0 &&
          !diff.firstUpload ? (
            <p>
              Nothing changes: the file holds the same {plural(diff.unchanged, 'profile')} as the set last queued from
              this machine.
            </p>
          ) : (
            <p className="muted">{plural(diff.unchanged, 'profile')} unchanged.</p>
          )}
          {needsConfirmation && (
            <label className="confirm-check" data-testid="confirm-profiles">
              <input type="checkbox" checked={s.confirmed} onChange={(e) => s.setConfirmed(e.target.checked)} />
              <span>
                {diff.removed.length > 0
                  ? `I understand that ${plural(diff.removed.length, 'access profile')} will be removed from ${s.groupName}.`
                  : `I understand that this file replaces the whole set of ${s.groupName}.`}
              </span>
            </label>
          )}
        </div>
      )}

      <div className="queue-row">
        <button
          type="button"
          className={hasErrors ? 'button-warn' : 'button-primary'}
          disabled={blocked}
          onClick={() => void s.queue()}
          data-testid="queue-button"
        >
          {s.queueing ? <span className="spinner" aria-hidden="true" /> : <Icon name="upload" size={18} />}
          {hasErrors ? `Queue the ${items} only` : `Queue ${items}`}
        </button>
        <span className="muted">
          {nothingToSend
            ? 'There is nothing valid to send.'
            : 'Queued items are sent as soon as the service can be reached.'}
        </span>
      </div>
    </section>
  );
}

function QueuedCard() {
  const { queued, file, resetPush, setSection } = useAdmin(
    useShallow((s) => ({ queued: s.queued, file: s.file, resetPush: s.resetPush, setSection: s.setSection })),
  );
  if (!queued) return null;
  return (
    <section className="card success-card" data-testid="queued">
      <Icon name="checkCircle" size={36} />
      <div>
        <h2>Queued</h2>
        <p>
          {plural(queued.items, 'item')} from {file?.name} in {plural(queued.outboxItems, 'outbox item')} (batch #
          {queued.batchId}). They are sent as soon as the service can be reached; the outbox shows how each one ends.
        </p>
        <div className="button-row">
          <button type="button" className="button-primary" onClick={() => setSection('outbox')}>
            Open the outbox
          </button>
          <button type="button" className="button-secondary" onClick={resetPush}>
            Push another file
          </button>
        </div>
      </div>
    </section>
  );
}

export function PushPanel() {
  const { queued, pushError, kind, loadGroups, groupsLoaded } = useAdmin(
    useShallow((s) => ({
      queued: s.queued,
      pushError: s.pushError,
      kind: s.kind,
      loadGroups: s.loadGroups,
      groupsLoaded: s.groupsLoaded,
    })),
  );
  useEffect(() => {
    if (kind === 'profiles' && !groupsLoaded) void loadGroups();
  }, [kind, groupsLoaded, loadGroups]);
  return (
    <div className="push" data-testid="push-panel">
      {queued ? (
        <QueuedCard />
      ) : (
        <>
          <KindPicker />
          <FilePicker />
          {pushError && (
            <div className="banner banner-error" role="alert">
              <Icon name="alert" />
              {pushError}
            </div>
          )}
          <PreviewCard />
        </>
      )}
    </div>
  );
}
