import { useShallow } from 'zustand/react/shallow';
import { Icon } from '../../components/Icon.tsx';
import { kioskName } from '../../lib/format.ts';
import { GuestSummary } from './GuestSummary.tsx';
import { useKiosk } from './kiosk-store.ts';
import { useTranslation } from './use-translation.ts';

export function ConfirmStep() {
  const { t, locale } = useTranslation();
  const { step, busy, problem, allowCheckOut, confirm, back } = useKiosk(
    useShallow((s) => ({
      step: s.step,
      busy: s.busy,
      problem: s.problem,
      allowCheckOut: s.settings.allowCheckOut,
      confirm: s.confirm,
      back: s.back,
    })),
  );
  if (step.kind !== 'confirm') return null;
  const { guest } = step;
  const name = kioskName(guest);

  let question: string | null = null;
  let notes: string[] = [];
  let action: 'checkIn' | 'checkOut' | null = null;
  if (guest.category === 'expected') {
    question = t('confirmCheckIn', { name });
    action = 'checkIn';
  } else if (guest.category === 'onsite') {
    notes = [t('alreadyIn')];
    if (allowCheckOut) {
      question = t('checkOutQuestion');
      action = 'checkOut';
    } else notes.push(t('checkOutAtDesk'));
  } else if (guest.category === 'left') notes = [t('alreadyLeft')];
  else notes = [t('askDesk')];

  return (
    <section className="kiosk-confirm" data-testid="kiosk-confirm">
      <div className="confirm-card">
        <GuestSummary guest={guest} locale={locale} large />
        {notes.map((note) => (
          <p key={note} className="confirm-note">
            <Icon name="info" size={24} />
            {note}
          </p>
        ))}
        {question && <h1 className="kiosk-heading confirm-question">{question}</h1>}
        {problem && (
          <p className="kiosk-problem" role="alert" data-testid="kiosk-problem">
            <Icon name="alert" size={24} />
            {t(problem)}
          </p>
        )}
        <div className="confirm-actions">
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
          <button type="button" className="button-ghost button-large" onClick={back} disabled={busy}>
            {action === 'checkIn' ? t('notMe') : t('back')}
          </button>
        </div>
      </div>
    </section>
  );
}
