/** Pushing a file: its kind, the file, the check and the choices the core's preview allows, then what was queued. */
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Icon } from '../../../components/Icon.tsx';
import { useAdmin } from '../admin-store.ts';
import { FilePicker } from './FilePicker.tsx';
import { KindPicker } from './KindPicker.tsx';
import { PreviewCard } from './PreviewCard.tsx';
import { QueuedCard } from './QueuedCard.tsx';

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
