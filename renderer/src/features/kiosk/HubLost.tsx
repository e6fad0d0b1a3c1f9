import { Icon } from '../../components/Icon.tsx';
import { useFocusHeading } from './use-focus-heading.ts';
import { useTranslation } from './use-translation.ts';

/** How long a kiosk may be without its hub before it sends guests to reception: longer than a reconnect takes. */
export const KIOSK_LOST_AFTER_MS = 3000;

/**
 * The kiosk cannot reach the hub that holds the site's guest list: nothing
 * a guest does here could be saved, so it says calmly where to go instead,
 * in the language on screen, until the hub is back.
 */
export function HubLost() {
  const { t } = useTranslation();
  const heading = useFocusHeading();
  return (
    <main className="kiosk-main kiosk-hub-lost" data-testid="kiosk-hub-lost" aria-labelledby="kiosk-hub-lost-title">
      <div className="kiosk-hub-lost-card" role="alert">
        <Icon name="users" size={64} />
        <h1 id="kiosk-hub-lost-title" className="kiosk-heading" tabIndex={-1} ref={heading}>
          {t('hubLostTitle')}
        </h1>
        <p>{t('hubLostBody')}</p>
      </div>
    </main>
  );
}
