import { Icon } from '../../components/Icon.tsx';
import { useFocusHeading } from './use-focus-heading.ts';
import { useTranslation } from './use-translation.ts';

/**
 * The kiosk while the site is evacuated: no check-in, only where to go, in
 * the language on screen (the picker stays), until a desk ends the roll call.
 * It stays while the hub is away (a fire may well take the hub's machine with
 * it): the last thing the kiosk heard is that people must leave, and only a
 * hub saying the roll call ended changes that. `connectionLost` adds one small line.
 */
export function EvacuationScreen({
  assemblyPoint,
  connectionLost,
}: {
  assemblyPoint: string;
  connectionLost: boolean;
}) {
  const { t } = useTranslation();
  const heading = useFocusHeading();
  return (
    <main className="kiosk-main kiosk-evacuation" data-testid="kiosk-evacuation" aria-labelledby="kiosk-evac-title">
      <div className="kiosk-evacuation-card" role="alert">
        <Icon name="alert" size={88} />
        <h1 id="kiosk-evac-title" className="kiosk-heading" tabIndex={-1} ref={heading}>
          {t('evacuationTitle')}
        </h1>
        <p>{t('evacuationBody')}</p>
        {assemblyPoint && (
          <div className="kiosk-assembly" data-testid="kiosk-assembly-point">
            <span>{t('evacuationAssemblyPoint')}</span>
            <strong>{assemblyPoint}</strong>
          </div>
        )}
        <p className="kiosk-evacuation-report">{t('evacuationReport')}</p>
        {connectionLost && (
          <p className="kiosk-evacuation-lost" data-testid="kiosk-evacuation-connection-lost">
            {t('evacuationConnectionLost')}
          </p>
        )}
      </div>
    </main>
  );
}
