import { type CSSProperties, type ReactNode, useCallback, useEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Icon } from '../../components/Icon.tsx';
import { PanelBoundary } from '../../components/PanelBoundary.tsx';
import { PinPad, type PinPadLabels } from '../../components/PinPad.tsx';
import { loadCjkFont } from '../../lib/cjk-font.ts';
import { accentPalette } from '../../lib/contrast.ts';
import { isHanName } from '../../lib/format.ts';
import { toKioskLanguage } from '../../lib/languages.ts';
import { closeKioskSteps, kioskSlot, useKioskTakeover, useOpenKioskStep } from '../../domains.ts';
import { useSession } from '../../stores/session.ts';
import { useConnectionLost } from '../../stores/use-connection-lost.ts';
import { leaveAfterBadge } from './BadgePrint.tsx';
import { useAgreement } from './agreement-store.ts';
import { AgreementFlow } from './AgreementFlow.tsx';
import { ConfirmStep } from './ConfirmStep.tsx';
import { DoneStep } from './DoneStep.tsx';
import { HubLost, KIOSK_LOST_AFTER_MS } from './HubLost.tsx';
import { IdleWarning } from './IdleWarning.tsx';
import { useKiosk } from './kiosk-store.ts';
import { LanguagePicker } from './LanguagePicker.tsx';
import { ScanStep } from './ScanStep.tsx';
import { StartStep } from './StartStep.tsx';
import { useIdle } from './use-idle.ts';
import { useScannerAndKeys } from './use-scanner.ts';
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

function StaffAccess() {
  const { t } = useTranslation();
  const { open, openSheet, closeSheet } = useKiosk(
    useShallow((s) => ({ open: s.sheet === 'staff', openSheet: s.openSheet, closeSheet: s.closeSheet })),
  );
  // A kiosk device no PIN can raise: a staff entry there would only ever answer that the PIN could not be checked.
  const kioskOnly = useSession((s) => s.kioskOnly);
  if (kioskOnly) return <span />;
  const labels: PinPadLabels = {
    title: t('pinTitle'),
    hint: t('pinHint'),
    tooShort: t('pinTooShort'),
    wrong: t('pinWrong'),
    locked: t('pinLocked'),
    noPinSet: t('pinNoneSet'),
    failed: t('pinFailed'),
    close: t('close'),
    erase: t('pinErase'),
    unlock: t('pinUnlock'),
    entered: (count) => t('pinEntered', { count }),
  };
  return (
    <>
      <button type="button" className="staff-button" onClick={() => openSheet('staff')} data-testid="staff-button">
        <Icon name="lock" size={18} />
        {t('staff')}
      </button>
      {open && <PinPad onClose={closeSheet} labels={labels} />}
    </>
  );
}

/** A part of the kiosk that failed says so in the guest's language and starts over (the failure is logged). */
function KioskPanel({
  name,
  message,
  onReload,
  children,
}: {
  name: string;
  message?: string;
  onReload?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <PanelBoundary name={name} message={message ?? t('errorGeneric')} reloadLabel={t('back')} onReload={onReload}>
      {children}
    </PanelBoundary>
  );
}

/** Whether anything on screen is written in Han characters: then the shipped CJK font is needed. */
function useNeedsCjkFont() {
  return useKiosk((s) => {
    if (s.language === 'ZH_CN' || /\p{Script=Han}/u.test(s.query)) return true;
    if (s.step.kind === 'confirm' || s.step.kind === 'done') return isHanName(s.step.guest);
    return s.step.kind === 'start' && s.results.some(isHanName);
  });
}

/** The lobby kiosk, full screen: find your invitation, check in or out, and back to the start. */
export function KioskScreen() {
  const { locale, t } = useTranslation();
  const { step, idleSeconds, pristine, announcement, accent, loadSettings, reset, refreshShown } = useKiosk(
    useShallow((s) => ({
      step: s.step.kind,
      accent: s.settings.branding.accentColor,
      idleSeconds: s.settings.idleSeconds,
      pristine:
        s.step.kind === 'start' &&
        s.sheet === null &&
        s.query === '' &&
        !s.problem &&
        s.language === (toKioskLanguage(s.settings.defaultLanguage) ?? 'EN'),
      announcement: s.announcement,
      loadSettings: s.loadSettings,
      reset: s.reset,
      refreshShown: s.refreshShown,
    })),
  );
  const mirrorVersion = useSession((s) => s.mirrorVersion);
  const guestsVersion = useSession((s) => s.guestsVersion);
  const needsCjk = useNeedsCjkFont();

  useEffect(() => {
    void loadSettings();
  }, [loadSettings]);

  // The mirror moved (a pending check-in may have reached the service), or the guests did (a check-in at
  // another kiosk of the site, at the desk): what is on screen is asked for again, within a second.
  useEffect(() => {
    if (mirrorVersion > 0 || guestsVersion > 0) void refreshShown();
  }, [mirrorVersion, guestsVersion, refreshShown]);

  useEffect(() => {
    if (needsCjk) void loadCjkFont();
  }, [needsCjk]);

  useScannerAndKeys();
  // The site's accent, adjusted so that text on it and it as text keep 4.5:1.
  const palette = useMemo(() => accentPalette(accent), [accent]);
  const style = palette
    ? ({
        '--brand': palette.brand,
        '--brand-strong': palette.strong,
        '--brand-ink': palette.ink,
        '--brand-soft': palette.soft,
      } as CSSProperties)
    : undefined;
  // A domain's step open over the kiosk's own (a walk-in's form): it holds the screen until it closes.
  const OpenStep = useOpenKioskStep()?.Step;
  const signing = useAgreement((s) => s.phase !== null);
  const startOver = useCallback(() => {
    closeKioskSteps();
    useAgreement.getState().clear();
    // A badge still waiting for its door PIN is printed before the screen it is on closes.
    leaveAfterBadge(reset);
  }, [reset]);
  const { warning } = useIdle(idleSeconds, !pristine || OpenStep !== undefined || signing, startOver);
  const lost = useConnectionLost(KIOSK_LOST_AFTER_MS);

  const takeover = useKioskTakeover();
  // Drawn whatever the kiosk shows: they follow what starts a domain's takeover.
  const watchers = kioskSlot('watchers').map((Watch, i) => <Watch key={i} />);

  /** The kiosk held by what it shows (an evacuation): staff may still unlock, guests switch the language. */
  const held = (className: string, screen: ReactNode) => (
    <>
      {watchers}
      <div className={`kiosk ${className}`} lang={locale} style={style} data-testid="kiosk">
        <div className="kiosk-top">
          {/* Without the hub no PIN can be checked: no staff button that could only fail. */}
          {lost ? (
            <span />
          ) : (
            <KioskPanel name="staff">
              <StaffAccess />
            </KioskPanel>
          )}
          <div className="kiosk-top-end">
            <KioskPanel name="language">
              <LanguagePicker />
            </KioskPanel>
          </div>
        </div>
        {screen}
      </div>
    </>
  );

  if (takeover)
    return held(
      takeover.className,
      <KioskPanel name={takeover.name} message={takeover.failed && t(takeover.failed)}>
        <takeover.Screen connectionLost={lost} />
      </KioskPanel>,
    );

  if (lost)
    // Nothing here works without the hub (the PIN is checked there too), but a guest may still switch the language.
    return (
      <>
        {watchers}
        <div className="kiosk kiosk-lost" lang={locale} style={style} data-testid="kiosk">
          <div className="kiosk-top">
            <span />
            <div className="kiosk-top-end">
              <KioskPanel name="language">
                <LanguagePicker />
              </KioskPanel>
            </div>
          </div>
          <KioskPanel name="hub-lost">
            <HubLost />
          </KioskPanel>
        </div>
      </>
    );

  return (
    <>
      {watchers}
      <div className={`kiosk kiosk-step-${step}`} lang={locale} style={style} data-testid="kiosk">
        <div className="kiosk-top">
          <KioskPanel name="staff">
            <StaffAccess />
          </KioskPanel>
          <div className="kiosk-top-end">
            <OfflineIndicator />
            {step !== 'done' && (
              <KioskPanel name="language">
                <LanguagePicker />
              </KioskPanel>
            )}
          </div>
        </div>
        <main className="kiosk-main">
          <KioskPanel name="kiosk" onReload={startOver}>
            {signing && <AgreementFlow />}
            {!signing && OpenStep && <OpenStep />}
            {!signing && !OpenStep && step === 'start' && <StartStep />}
            {!signing && !OpenStep && step === 'scan' && <ScanStep />}
            {!signing && !OpenStep && step === 'confirm' && <ConfirmStep />}
            {!signing && !OpenStep && step === 'done' && <DoneStep />}
          </KioskPanel>
        </main>
        {/* Confirm and success are said aloud too: a region that exists before its text changes. */}
        <div className="sr-only" role="status" aria-live="polite" data-testid="kiosk-announcement">
          {announcement}
        </div>
        {warning !== null && <IdleWarning seconds={warning} />}
      </div>
    </>
  );
}
