import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Icon } from '../../components/Icon.tsx';
import { CameraScanner, cameraScanningSupported } from './CameraScanner.tsx';
import { useKiosk } from './kiosk-store.ts';
import { useTranslation } from './use-translation.ts';

/** The camera when the browser can read codes; always a field for a hand scanner (it types the code and Enter). */
export function ScanStep() {
  const { t } = useTranslation();
  const { busy, problem, findByCode, back } = useKiosk(
    useShallow((s) => ({ busy: s.busy, problem: s.problem, findByCode: s.findByCode, back: s.back })),
  );
  const [camera] = useState(cameraScanningSupported);
  const [code, setCode] = useState('');
  const [attempt, setAttempt] = useState(0);

  const submit = (value: string) => {
    if (!value.trim() || busy) return;
    void findByCode(value).then(() => {
      setCode('');
      setAttempt((n) => n + 1);
    });
  };

  return (
    <section className="kiosk-scan-step">
      <button type="button" className="kiosk-back" onClick={back}>
        <Icon name="back" size={26} />
        {t('back')}
      </button>
      <div className="scan-badge" aria-hidden="true">
        <Icon name="scan" size={44} />
      </div>
      <h1 className="kiosk-heading">{t('scanTitle')}</h1>
      <p className="kiosk-intro">{camera ? t('scanCameraHint') : t('scanScannerHint')}</p>
      {/* A new camera after a failed code, so the same code can be shown again. */}
      {camera && <CameraScanner key={attempt} onCode={submit} />}
      <form
        className="kiosk-code"
        onSubmit={(event) => {
          event.preventDefault();
          submit(code);
        }}
      >
        <label htmlFor="kiosk-code">{t('codeLabel')}</label>
        <div className="kiosk-code-row">
          <input
            id="kiosk-code"
            autoFocus
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="go"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            data-testid="kiosk-code"
          />
          <button type="submit" className="button-primary" disabled={busy || !code.trim()}>
            {t('codeSubmit')}
          </button>
        </div>
      </form>
      {busy && (
        <p className="kiosk-hint">
          <span className="spinner" aria-hidden="true" /> {t('working')}
        </p>
      )}
      {!busy && problem && (
        <p className="kiosk-problem" role="alert" data-testid="kiosk-problem">
          <Icon name="alert" size={24} />
          {t(problem)}
          {problem === 'codeNotFound' ? ` ${t('askDesk')}` : ''}
        </p>
      )}
    </section>
  );
}
