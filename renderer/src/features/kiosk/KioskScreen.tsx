import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Icon } from '../../components/Icon.tsx';
import { StaffUnlock } from '../../components/PinPad.tsx';
import { useSession } from '../../stores/session.ts';
import { ConfirmStep } from './ConfirmStep.tsx';
import { DoneStep } from './DoneStep.tsx';
import { toKioskLanguage } from '../../lib/languages.ts';
import { useKiosk } from './kiosk-store.ts';
import { LanguagePicker } from './LanguagePicker.tsx';
import { ScanStep } from './ScanStep.tsx';
import { StartStep } from './StartStep.tsx';
import { useIdle } from './use-idle.ts';
import { useTranslation } from './use-translation.ts';
import './kiosk.css';

/** Shown to guests only when the kiosk works from its own copy: nothing for them to do about it. */
function OfflineIndicator() {
  const { t } = useTranslation();
  const offline = useSession(
    (s) => (s.status !== null && s.status.online === false) || (s.status !== null && !s.connected),
  );
  if (!offline) return null;
  return (
    <div className="kiosk-offline" data-testid="kiosk-offline" role="status">
      <Icon name="cloudOff" size={16} />
      {t('offline')}
    </div>
  );
}

/** The lobby kiosk, full screen: find your invitation, check in or out, and back to the start. */
export function KioskScreen() {
  const { t, locale } = useTranslation();
  const { step, idleSeconds, pristine, loadSettings, reset, refreshGuest } = useKiosk(
    useShallow((s) => ({
      step: s.step.kind,
      idleSeconds: s.settings.idleSeconds,
      pristine:
        s.step.kind === 'start' &&
        s.query === '' &&
        !s.problem &&
        s.language === (toKioskLanguage(s.settings.defaultLanguage) ?? 'EN'),
      loadSettings: s.loadSettings,
      reset: s.reset,
      refreshGuest: s.refreshGuest,
    })),
  );
  const mirrorVersion = useSession((s) => s.mirrorVersion);

  useEffect(() => {
    void loadSettings();
  }, [loadSettings]);

  // The mirror moved: a pending check-in may have reached the service.
  useEffect(() => {
    if (mirrorVersion > 0) void refreshGuest();
  }, [mirrorVersion, refreshGuest]);

  useIdle(idleSeconds, !pristine, reset);

  return (
    <div className={`kiosk kiosk-step-${step}`} lang={locale} data-testid="kiosk">
      <div className="kiosk-top">
        <StaffUnlock label={t('staff')} />
        <div className="kiosk-top-end">
          <OfflineIndicator />
          {step !== 'done' && <LanguagePicker />}
        </div>
      </div>
      <main className="kiosk-main">
        {step === 'start' && <StartStep />}
        {step === 'scan' && <ScanStep />}
        {step === 'confirm' && <ConfirmStep />}
        {step === 'done' && <DoneStep />}
      </main>
    </div>
  );
}
