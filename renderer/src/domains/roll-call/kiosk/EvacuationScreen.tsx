import { useEffect } from 'react';
import { Icon } from '../../../components/Icon.tsx';
import { useFocusHeading } from '../../../features/kiosk/use-focus-heading.ts';
import { useTranslation } from '../../../features/kiosk/use-translation.ts';
import { useSession } from '../../../stores/session.ts';
import { useEvacuation } from './evacuation-store.ts';
import './evacuation.css';

/**
 * The kiosk while the site is evacuated: no check-in, only where to go, in
 * the language on screen (the picker stays), until a desk ends the roll call.
 * It stays while the hub is away (a fire may well take the hub's machine with
 * it): the last thing the kiosk heard is that people must leave, and only a
 * hub saying the roll call ended changes that. `connectionLost` adds one small line.
 * The kiosk's takeover while its store says a roll call is under way (index.ts).
 */
export function EvacuationScreen({ connectionLost }: { connectionLost: boolean }) {
  const assemblyPoint = useEvacuation((s) => s.assemblyPoint);
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

/**
 * Drawn whatever the kiosk shows (a kiosk watcher): follows the hub's evacuation-changed, and asks at start and after
 * the stream came back (the mirror version moves then): an evacuation may have begun meanwhile.
 */
export function FollowEvacuation() {
  const mirrorVersion = useSession((s) => s.mirrorVersion);
  const { load, follow } = useEvacuation.getState();
  useEffect(() => follow(), [follow]);
  useEffect(() => void load(), [load, mirrorVersion]);
  return null;
}
