import { useShallow } from 'zustand/react/shallow';
import { Icon, type IconName } from '../../../components/Icon.tsx';
import { type PushKind, useAdmin } from '../admin-store.ts';

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
  {
    id: 'watchlist',
    title: 'Watchlist',
    text: 'People reception must be warned about (alert) or must not let in (deny). Kept on this site, never sent to the service.',
    icon: 'alert',
  },
];

/** Step 1: the kind of file, and for access profiles the group it replaces. */
export function KindPicker() {
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
