import { useEffect, useState } from 'react';
import { useSession } from './session.ts';

/**
 * True once the event stream has been down `afterMs` (see lostFor), false as
 * soon as it is back. Kept apart from the store: the store stays free of
 * React, so the Node-side tests that load it type-check without the DOM.
 */
export function useConnectionLost(afterMs: number): boolean {
  const lostAt = useSession((s) => s.connectionLostAt);
  // Which drop the grace time ran out for: a drop after a reconnect starts its own wait.
  const [expired, setExpired] = useState<number | null>(null);
  useEffect(() => {
    if (lostAt === null) return;
    const timer = setTimeout(() => setExpired(lostAt), Math.max(0, lostAt + afterMs - Date.now()));
    return () => clearTimeout(timer);
  }, [lostAt, afterMs]);
  return lostAt !== null && expired === lostAt;
}
