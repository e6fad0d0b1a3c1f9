import { useEffect } from 'react';
import { SyncStatusBar } from './components/SyncStatusBar.tsx';
import { useSession } from './stores/session.ts';

export function App() {
  const start = useSession((s) => s.start);
  const role = useSession((s) => s.role);
  useEffect(() => start(), [start]);
  return (
    <div className="app" data-role={role ?? 'unknown'}>
      <header className="top">
        <h1>Foyer</h1>
        <SyncStatusBar />
      </header>
      <main>
        <p>Role: {role ?? '…'}</p>
      </main>
    </div>
  );
}
