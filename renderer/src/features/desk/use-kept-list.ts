import { useEffect, useMemo } from 'react';
import { api } from '../../lib/api.ts';
import { throttle } from '../../lib/throttle.ts';
import { useSession } from '../../stores/session.ts';
import { keepList } from './kept.ts';

/** At most one evacuation list a few seconds, however fast the guests move (a sync applying pages). */
const KEEP_EVERY_MS = 3000;

/**
 * Keeps the evacuation list on this device as the guests change (a check-in
 * anywhere on the site moves their version), so that the desk can still show
 * and print it, with its time, when the hub cannot be reached. Only a browser
 * needs it: the desktop app holds the list itself.
 */
export function useKeptEvacuationList(): void {
  const guestsVersion = useSession((s) => s.guestsVersion);
  const inBrowser = !globalThis.foyer?.operations;
  const keep = useMemo(
    () =>
      throttle(() => {
        api.call('guests.evacuationList', {}).then(
          (list) => keepList(list, new Date()),
          () => {}, // unreachable: what was kept stays
        );
      }, KEEP_EVERY_MS),
    [],
  );
  useEffect(() => () => keep.cancel(), [keep]);
  useEffect(() => {
    if (inBrowser) keep();
  }, [guestsVersion, inBrowser, keep]);
}
