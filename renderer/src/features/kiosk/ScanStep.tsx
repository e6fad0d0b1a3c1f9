import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Icon } from '../../components/Icon.tsx';
import { CameraScanner, cameraScanningSupported } from './CameraScanner.tsx';
import { typeKey } from './keyboard-layout.ts';
import { useKiosk } from './kiosk-store.ts';
import { OnScreenKeyboard } from './OnScreenKeyboard.tsx';
import { useFocusHeading } from './use-focus-heading.ts';
import { useTranslation } from './use-translation.ts';

/**
 * The camera when the browser can read codes; always a field for a hand
 * scanner (the kiosk's key listener takes its burst wherever the focus is)
 * or for typing the code on the on-screen keyboard.
 */
export function ScanStep() {
  const { t, language } = useTranslation();
  const heading = useFocusHeading();
  const { busy, problem, code, setCode, findByCode, back } = useKiosk(
    useShallow((s) => ({
      busy: s.busy,
      problem: s.problem,
      code: s.codeText,
      setCode: s.setCodeText,
      findByCode: s.findByCode,
      back: s.back,
    })),
  );
  const [camera] = useState(cameraScanningSupported);
  const [attempt, setAttempt] = useState(0);

  const submit = (value: string) => {
    if (!value.trim() || busy) return;
    void findByCode(value).then(() => setAttempt((n) => n + 1));
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
      <h1 className="kiosk-heading" tabIndex={-1} ref={heading}>
        {t('scanTitle')}
      </h1>
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
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="go"
            inputMode="none"
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
      {/* Codes are Latin letters and digits, whatever the guest's language. */}
      <OnScreenKeyboard
        language={language === 'RU' ? 'EN' : language}
        digits
        onKey={(key) => setCode(typeKey(code, key, 'en', 'code'))}
      />
    </section>
  );
}
