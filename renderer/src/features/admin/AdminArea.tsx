import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { PanelBoundary } from '../../components/PanelBoundary.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { onAppEvent, useSession } from '../../stores/session.ts';
import { type AdminSection, useAdmin } from './admin-store.ts';
import { AuditPanel } from './AuditPanel.tsx';
import { BrowsePanel } from './BrowsePanel.tsx';
import { ForgetVisitorCard } from './ForgetVisitorCard.tsx';
import { OutboxPanel } from './OutboxPanel.tsx';
import { PushPanel } from './push/PushPanel.tsx';
import { SettingsPanel } from './SettingsPanel.tsx';
import { SyncPanel } from './SyncPanel.tsx';
import './admin.css';

/** The admin console: files for the service, the outbox, sync, what the service holds, the settings, a visitor's data. */
export function AdminArea() {
  const { section, setSection, checkProgress } = useAdmin(
    useShallow((s) => ({ section: s.section, setSection: s.setSection, checkProgress: s.checkProgress })),
  );
  const status = useSession((s) => s.status);
  const outbox = status?.outbox;
  const waiting = outbox ? outbox.pending + outbox.failed : 0;
  const syncTrouble = status
    ? Object.values(status.resources).filter((r) => r.lastError || (r.warnings?.length ?? 0) > 0).length
    : 0;
  useEffect(
    () =>
      onAppEvent((event) => {
        if (event.type === 'import-progress') checkProgress(event.uploadId, event.done, event.total);
      }),
    [checkProgress],
  );
  const titles: Record<AdminSection, string> = {
    push: 'Push a file',
    outbox: 'Outbox',
    sync: 'Sync',
    browse: 'Groups and employees',
    settings: 'Settings',
    privacy: 'Visitor data',
    audit: 'Audit log',
  };
  return (
    <main className="admin" data-testid="admin">
      <h1 className="sr-only">Admin: {titles[section]}</h1>
      <Tabs<AdminSection>
        label="Admin"
        className="admin-tabs"
        value={section}
        onChange={setSection}
        items={[
          { id: 'push', label: titles.push },
          {
            id: 'outbox',
            label: 'Outbox',
            ...(waiting > 0 ? { count: waiting, tone: outbox?.failed ? 'warn' : 'default' } : {}),
          },
          { id: 'sync', label: 'Sync', ...(syncTrouble > 0 ? { count: syncTrouble, tone: 'warn' as const } : {}) },
          { id: 'browse', label: 'Groups and employees' },
          { id: 'settings', label: 'Settings' },
          { id: 'privacy', label: titles.privacy },
          { id: 'audit', label: titles.audit },
        ]}
      />
      <div className="admin-body">
        {/* Each section loads what it shows when it opens: a reload starts the console's store over, in this section. */}
        <PanelBoundary
          key={section}
          name={section}
          onReload={() => useAdmin.setState({ ...useAdmin.getInitialState(), section })}
        >
          {section === 'push' && <PushPanel />}
          {section === 'outbox' && <OutboxPanel />}
          {section === 'sync' && <SyncPanel />}
          {section === 'browse' && <BrowsePanel />}
          {section === 'settings' && <SettingsPanel />}
          {section === 'privacy' && <ForgetVisitorCard />}
          {section === 'audit' && <AuditPanel />}
        </PanelBoundary>
      </div>
    </main>
  );
}
