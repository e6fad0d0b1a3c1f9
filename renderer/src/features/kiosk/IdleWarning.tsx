import { useId } from 'react';
import { Icon } from '../../components/Icon.tsx';
import { useFocusHeading } from './use-focus-heading.ts';
import { useTranslation } from './use-translation.ts';

/** The last seconds before the kiosk starts over: a touch anywhere (or the button) keeps the guest's screen. */
export function IdleWarning({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  const titleId = useId();
  const heading = useFocusHeading();
  return (
    <div className="modal-backdrop kiosk-idle-backdrop">
      <div
        className="kiosk-idle"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="kiosk-idle-warning"
      >
        <Icon name="clock" size={40} />
        <h2 id={titleId} tabIndex={-1} ref={heading}>
          {t('idleTitle')}
        </h2>
        <p data-testid="kiosk-idle-seconds">{t('idleBody', { seconds })}</p>
        <button type="button" className="button-primary button-huge" data-testid="kiosk-idle-stay">
          {t('idleStay')}
        </button>
      </div>
    </div>
  );
}
