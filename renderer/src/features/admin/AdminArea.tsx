import { useShallow } from 'zustand/react/shallow';
import { Tabs } from '../../components/Tabs.tsx';
import { useSession } from '../../stores/session.ts';
import { type AdminSection, useAdmin } from './admin-store.ts';
import { OutboxPanel } from './OutboxPanel.tsx';
import { PushPanel } from './PushPanel.tsx';
import { SettingsPanel } from './SettingsPanel.tsx';
import './admin.css';

/** The admin console: files for the service, the outbox, the settings. */
export function AdminArea() {
  const { section, setSection } = useAdmin(useShallow((s) => ({ section: s.section, setSection: s.setSection })));
  const outbox = useSession((s) => s.status?.outbox);
  const waiting = outbox ? outbox.pending + outbox.failed : 0;
  return (
    <div className="admin" data-testid="admin">
      <Tabs<AdminSection>
        label="Admin"
        className="admin-tabs"
        value={section}
        onChange={setSection}
        items={[
          { id: 'push', label: 'Push a file' },
          {
            id: 'outbox',
            label: 'Outbox',
            ...(waiting > 0 ? { count: waiting, tone: outbox?.failed ? 'warn' : 'default' } : {}),
          },
          { id: 'settings', label: 'Settings' },
        ]}
      />
      <div className="admin-body">
        {section === 'push' && <PushPanel />}
        {section === 'outbox' && <OutboxPanel />}
        {section === 'settings' && <SettingsPanel />}
      </div>
    </div>
  );
}
