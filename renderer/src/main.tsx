import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource-variable/inter/wght.css';
// The base styles first: each feature's own CSS comes with its screen, after them.
import './styles.css';
import { App } from './App.tsx';
import { PanelBoundary } from './components/PanelBoundary.tsx';
import { loadCjkFontWhenShown } from './lib/cjk-font.ts';

// Chinese names and companies at the desk, on the evacuation list, at the kiosk: the machine may have no CJK font,
// and the shipped one (some 200 KB of font rules, and its files) is loaded once Chinese is on screen, not before.
loadCjkFontWhenShown(document.body);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* The last resort: each screen's panels have their own boundaries (components/PanelBoundary.tsx). */}
    <PanelBoundary name="app" onReload={() => location.reload()}>
      <App />
    </PanelBoundary>
  </StrictMode>,
);
