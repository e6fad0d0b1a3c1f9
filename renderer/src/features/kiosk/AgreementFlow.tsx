/** The steps between "Check in" and the check-in: the documents, the photo; or, declined, "please see reception". */
import { Icon } from '../../components/Icon.tsx';
import { closeKioskSteps } from '../../domains.ts';
import { useAgreement } from './agreement-store.ts';
import { AgreementStep } from './AgreementStep.tsx';
import { useKiosk } from './kiosk-store.ts';
import { PhotoStep } from './PhotoStep.tsx';
import { useFocusHeading } from './use-focus-heading.ts';
import { useTranslation } from './use-translation.ts';

function Declined() {
  const { t } = useTranslation();
  const heading = useFocusHeading();
  return (
    <section className="kiosk-done" data-testid="agreement-declined">
      <Icon name="info" size={72} />
      <h1 className="kiosk-title" tabIndex={-1} ref={heading}>
        {t('agreementDeclinedTitle')}
      </h1>
      <p className="kiosk-intro">{t('agreementDeclinedBody')}</p>
      <button
        type="button"
        className="button-primary"
        onClick={() => {
          useAgreement.getState().clear();
          closeKioskSteps();
          useKiosk.getState().reset();
        }}
        data-testid="agreement-declined-done"
      >
        {t('done')}
      </button>
    </section>
  );
}

export function AgreementFlow() {
  const { t } = useTranslation();
  const phase = useAgreement((s) => s.phase);
  if (phase === 'sign') return <AgreementStep />;
  if (phase === 'photo') return <PhotoStep />;
  if (phase === 'declined') return <Declined />;
  return (
    <section className="kiosk-done" data-testid="agreement-sending">
      <span className="spinner spinner-large" aria-hidden="true" />
      <h1 className="kiosk-title">{t('working')}</h1>
    </section>
  );
}
