import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Icon } from '../../../components/Icon.tsx';
import { onAppEvent } from '../../../stores/session.ts';
import type { KioskMessageKey } from '../../../features/kiosk/i18n/messages.ts';
import { typeKey } from '../../../features/kiosk/keyboard-layout.ts';
import { OnScreenKeyboard } from '../../../features/kiosk/OnScreenKeyboard.tsx';
import { useFocusHeading } from '../../../features/kiosk/use-focus-heading.ts';
import { useTranslation } from '../../../features/kiosk/use-translation.ts';
import { canSend, MIN_HOST_LETTERS, useWalkIn, WALK_IN_POLL_MS, type WalkInField } from './walk-in-store.ts';
import './walk-in.css';

const LABELS: Record<WalkInField, KioskMessageKey> = {
  firstName: 'walkInFirstName',
  lastName: 'walkInLastName',
  companyName: 'walkInCompany',
  email: 'walkInEmail',
  host: 'walkInHost',
};

/** "I'm not on the list": on the start screen, and where a lookup found nobody; only where the site offers it. */
export function WalkInEntry() {
  const { t } = useTranslation();
  const { mode, loadMode, start } = useWalkIn(
    useShallow((s) => ({ mode: s.mode, loadMode: s.loadMode, start: s.start })),
  );
  // Asked again when walk-ins change: an admin may have turned them on or off meanwhile.
  useEffect(() => {
    void loadMode();
    return onAppEvent((event) => {
      if (event.type === 'walk-ins-changed') void loadMode();
    });
  }, [loadMode]);
  if (mode === 'off') return null;
  return (
    <button type="button" className="kiosk-scan kiosk-walk-in" onClick={start} data-testid="kiosk-walk-in">
      <Icon name="user" size={30} />
      {t('walkInButton')}
    </button>
  );
}

function Field({ field }: { field: WalkInField }) {
  const { t } = useTranslation();
  const { value, focused, invalid, focus, setValue } = useWalkIn(
    useShallow((s) => ({
      value: s.values[field],
      focused: s.focused === field,
      invalid: s.invalid?.path === field ? s.invalid.message : null,
      focus: s.focus,
      setValue: s.setValue,
    })),
  );
  const id = `walk-in-${field}`;
  return (
    <div className={`walk-in-field${focused ? ' focused' : ''}`}>
      <label htmlFor={id}>{t(LABELS[field])}</label>
      <input
        id={id}
        autoComplete="off"
        spellCheck={false}
        inputMode="none"
        value={value}
        onFocus={() => focus(field)}
        onChange={(event) => setValue(field, event.target.value)}
        aria-invalid={invalid !== null}
        data-testid={id}
      />
      {invalid && <p className="kiosk-hint kiosk-hint-problem">{invalid}</p>}
    </div>
  );
}

function HostChoices() {
  const { t } = useTranslation();
  const { hosts, hostsFor, typed, host, chooseHost } = useWalkIn(
    useShallow((s) => ({
      hosts: s.hosts,
      hostsFor: s.hostsFor,
      typed: s.values.host.trim(),
      host: s.host,
      chooseHost: s.chooseHost,
    })),
  );
  if (host) return null;
  if (typed.length < MIN_HOST_LETTERS) return <p className="kiosk-hint">{t('walkInHostHint')}</p>;
  if (hostsFor === typed && hosts.length === 0)
    return <p className="kiosk-hint kiosk-hint-problem">{t('walkInHostNone')}</p>;
  return (
    <ul className="walk-in-hosts" data-testid="walk-in-hosts">
      {hosts.map((h) => (
        <li key={h.hostTicket}>
          <button type="button" className="guest-card" onClick={() => chooseHost(h)} data-testid="walk-in-host">
            {h.name}
          </button>
        </li>
      ))}
    </ul>
  );
}

function WalkInForm() {
  const { t, locale, language } = useTranslation();
  const heading = useFocusHeading();
  const s = useWalkIn(
    useShallow((s) => ({
      focused: s.focused,
      value: s.values[s.focused],
      sending: s.phase === 'sending',
      ready: canSend(s),
      setValue: s.setValue,
      submit: s.submit,
      close: s.close,
    })),
  );
  return (
    <section className="kiosk-walk-in-step" data-testid="walk-in-form">
      <h1 className="kiosk-title" tabIndex={-1} ref={heading}>
        {t('walkInTitle')}
      </h1>
      <form
        className="walk-in-form"
        onSubmit={(event) => {
          event.preventDefault();
          void s.submit(language);
        }}
      >
        <Field field="firstName" />
        <Field field="lastName" />
        <Field field="companyName" />
        <Field field="email" />
        <Field field="host" />
        <HostChoices />
        <div className="kiosk-actions">
          <button type="button" className="button-ghost" onClick={s.close}>
            {t('back')}
          </button>
          <button
            type="submit"
            className="button-primary"
            disabled={!s.ready || s.sending}
            data-testid="walk-in-submit"
          >
            {s.sending ? t('working') : t('walkInSubmit')}
          </button>
        </div>
      </form>
      <OnScreenKeyboard
        language={language}
        onKey={(key) => s.setValue(s.focused, typeKey(s.value, key, locale, s.focused === 'email' ? 'code' : 'name'))}
      />
    </section>
  );
}

function WalkInOutcome() {
  const { t } = useTranslation();
  const heading = useFocusHeading();
  const { phase, poll, close } = useWalkIn(useShallow((s) => ({ phase: s.phase, poll: s.poll, close: s.close })));
  useEffect(() => {
    if (phase !== 'waiting') return;
    const timer = setInterval(() => void poll(), WALK_IN_POLL_MS);
    return () => clearInterval(timer);
  }, [phase, poll]);

  if (phase === 'waiting')
    return (
      <section className="kiosk-done" data-testid="walk-in-waiting">
        <span className="spinner spinner-large" aria-hidden="true" />
        <h1 className="kiosk-title" tabIndex={-1} ref={heading}>
          {t('walkInWaitingTitle')}
        </h1>
        <p className="kiosk-intro">{t('walkInWaitingBody')}</p>
        <button type="button" className="button-ghost" onClick={close}>
          {t('close')}
        </button>
      </section>
    );
  // Let in: the kiosk's own success screen took over (walk-in-store.ts). Declined, or it could not be sent:
  return (
    <section className="kiosk-done" data-testid="walk-in-declined">
      <Icon name="info" size={72} />
      <h1 className="kiosk-title" tabIndex={-1} ref={heading}>
        {t('walkInDeclinedTitle')}
      </h1>
      <p className="kiosk-intro">{t('walkInDeclinedBody')}</p>
      <button type="button" className="button-primary" onClick={close} data-testid="walk-in-done">
        {t('done')}
      </button>
    </section>
  );
}

/** The walk-in's screens: the form, then the wait for reception, then welcome or "please see reception". */
export function WalkInStep() {
  const phase = useWalkIn((s) => s.phase);
  return phase === 'form' || phase === 'sending' ? <WalkInForm /> : <WalkInOutcome />;
}
