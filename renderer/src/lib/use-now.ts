import { useEffect, useState } from 'react';

/** The time, refreshed every `everyMs`, for "12 s ago" labels that must not go stale. */
export function useNow(everyMs = 10_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
