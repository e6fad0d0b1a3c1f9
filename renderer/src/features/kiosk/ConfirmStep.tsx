import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Icon } from '../../components/Icon.tsx';
import { kioskName } from '../../lib/format.ts';
import { KIOSK_LANGUAGES } from '../../lib/languages.ts';
import { translate } from './i18n/messages.ts';
import { GuestSummary } from './GuestSummary.tsx';
import { DoorPinReveal } from './DoorPinReveal.tsx';
import { PartyPicker } from './PartyPicker.tsx';
import { useKiosk } from './kiosk-store.ts';
import { useFocusHeading } from './use-focus-heading.ts';
import { useTranslation } from './use-translation.ts';

export function ConfirmStep() {
  const { t, locale } = useTranslation();
  const heading = useFocusHeading();
  const {
    step,
    intent,
    busy,
    problem,
    allowCheckOut,
    offeredLanguage,
    acceptOfferedLanguage,
    confirm,
    back,
    announce,
  } = useKiosk(
    useShallow((s) => ({
      step: s.step,
      intent: s.intent,
      busy: s.busy,
      problem: s.problem,
      allowCheckOut: s.settings.allowCheckOut,
      offeredLanguage: s.offeredLanguage,
      acceptOfferedLanguage: s.acceptOfferedLanguage,
      confirm: s.confirm,
      back: s.back,
      announce: s.announce,
    })),
  );
  const guest = step.kind === 'confirm' ? step.guest : null;
  const name = guest ? kioskName(guest) : '';

  let question: string | null = null;
  let notes: string[] = [];
  let action: 'checkIn' | 'checkOut' | null = null;
  if (guest?.category === 'expected') {
    question = t('confirmCheckIn', { name });
    action = 'checkIn';
  } else if (guest?.category === 'onsite' && intent === 'checkOut' && allowCheckOut) {
    // Asked, never done in one tap: whoever types a name must not check someone out by accident.
    question = t('confirmCheckOut', { name });
    action = 'checkOut';
  } else if (guest?.category === 'onsite') {
    // On site and typing their name: their door PIN first; checking out is a second, asked step.
    notes = [t('alreadyIn')];
    if (!allowCheckOut) notes.push(t('checkOutAtDesk'));
  } else if (guest?.category === 'left') notes = [t('alreadyLeft')];
  else notes = [t('askDesk')];
  // The screen's heading: the question, or what there is to know when there is nothing to do here.
  const title = question ?? notes.shift() ?? '';

  useEffect(() => {
    announce([name, title, ...notes].filter(Boolean).join('. '));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- said once per screen and language, not per render
  }, [announce, name, title]);

  if (!guest) return null;
  const headingElement = (
    <h1 className={`kiosk-heading confirm-question${question ? '' : ' confirm-only-note'}`} tabIndex={-1} ref={heading}>
      {title}
    </h1>
  );
  const offered = offeredLanguage ? KIOSK_LANGUAGES.find((l) => l.code === offeredLanguage) : undefined;

  return (
    <section className="kiosk-confirm" data-testid="kiosk-confirm">
      <div className="confirm-card">
        <GuestSummary guest={guest} locale={locale} large />
        {!question && headingElement}
        {notes.map((note) => (
          <p key={note} className="confirm-note">
            <Icon name="info" size={24} />
            {note}
          </p>
        ))}
        {question && headingElement}
        {problem && (
          <p className="kiosk-problem" role="alert" data-testid="kiosk-problem">
            <Icon name="alert" size={24} />
            {t(problem)}
          </p>
        )}
        {action === 'checkIn' && <PartyPicker />}
        <div className="confirm-actions">
          {guest.category === 'onsite' && !action && <DoorPinReveal ticket={guest.ticket} primary />}
          {guest.category === 'onsite' && !action && allowCheckOut && (
            <button
              type="button"
              className="button-secondary button-large"
              onClick={() => useKiosk.setState({ intent: 'checkOut' })}
              data-testid="kiosk-offer-check-out"
            >
              <Icon name="logOut" size={24} />
              {t('checkOut')}
            </button>
          )}
          {action && (
            <button
              type="button"
              className="button-primary button-huge"
              disabled={busy}
              onClick={() => void confirm(action)}
              data-testid="kiosk-confirm-button"
            >
              {busy ? (
                <span className="spinner" aria-hidden="true" />
              ) : (
                <Icon name={action === 'checkIn' ? 'logIn' : 'logOut'} size={30} />
              )}
              {busy ? t('working') : t(action)}
            </button>
          )}
          {offered && (
            // Said in the offered language itself: that is the language its reader knows.
            <button
              type="button"
              className="button-secondary button-large language-offer"
              lang={offered.locale}
              onClick={acceptOfferedLanguage}
              data-testid="kiosk-offer-language"
            >
              <Icon name="globe" size={24} />
              {translate(offered.code, 'continueInThisLanguage')}
            </button>
          )}
          <button
            type="button"
            className="button-ghost button-large"
            onClick={back}
            disabled={busy}
            data-testid="kiosk-back"
          >
            {action === 'checkIn' ? t('notMe') : t('back')}
          </button>
        </div>
      </div>
    </section>
  );
}
