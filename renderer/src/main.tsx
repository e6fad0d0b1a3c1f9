import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/inter/wght.css';
// Chinese names and companies at the desk and on the evacuation list: the machine may have no CJK font.
import '@fontsource/noto-sans-sc/400.css';
import '@fontsource/noto-sans-sc/700.css';
// The base styles first: each feature's own CSS comes with its screen, after them.
import './styles.css';
import { App } from './App.tsx';
import { PanelBoundary } from './components/PanelBoundary.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* The last resort: each screen's panels have their own boundaries (components/PanelBoundary.tsx). */}
    <PanelBoundary name="app" onReload={() => location.reload()}>
      <App />
    </PanelBoundary>
  </StrictMode>,
);
