import { useShallow } from 'zustand/react/shallow';
import { plural } from '../../../lib/format.ts';
import { useAdmin } from '../admin-store.ts';
import type { ImportPreview } from '../../../../../shared/contract/imports.ts';

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

/** What an access profile upload changes in its group, and the confirmation it needs when it removes or replaces. */
export function ProfileDiffView({ diff }: { diff: NonNullable<ImportPreview['profileDiff']> }) {
  const { groupName, confirmed, setConfirmed } = useAdmin(
    useShallow((s) => ({
      groupName: s.groups.find((g) => g.sourceId === s.group)?.name ?? s.group,
      confirmed: s.confirmed,
      setConfirmed: s.setConfirmed,
    })),
  );
  return (
    <div className="profile-diff" data-testid="profile-diff">
      <h3>What changes in {groupName}</h3>
      {diff.firstUpload && (
        <p className="muted">
          This machine has not pushed this group before, so the service’s current set is unknown here: the file replaces
          it whatever it holds.
        </p>
      )}
      <div className="diff-grid">
        <DiffList title="Added" items={diff.added} tone="add" />
        <DiffList title="Removed" items={diff.removed} tone="remove" />
        <DiffList title="Renamed" items={diff.renamed.map((r) => `${r.sourceId}: ${r.from} → ${r.to}`)} tone="change" />
        <DiffList title="Changed" items={diff.changed} tone="change" />
      </div>
      {diff.added.length + diff.removed.length + diff.renamed.length + diff.changed.length === 0 &&
      !diff.firstUpload ? (
        <p>
          Nothing changes: the file holds the same {plural(diff.unchanged, 'profile')} as the set last queued from this
          machine.
        </p>
      ) : (
        <p className="muted">{plural(diff.unchanged, 'profile')} unchanged.</p>
      )}
      {diff.needsConfirmation && (
        <label className="confirm-check" data-testid="confirm-profiles">
          <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />
          <span>
            {diff.removed.length > 0
              ? `I understand that ${plural(diff.removed.length, 'access profile')} will be removed from ${groupName}.`
              : `I understand that this file replaces the whole set of ${groupName}.`}
          </span>
        </label>
      )}
    </div>
  );
}
