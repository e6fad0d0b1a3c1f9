/**
 * Today at the desk, and a desk left open over midnight: the day is read
 * from the desk's clock again at each local midnight (and every minute, for
 * a machine that slept through one), and a desk that showed today moves on
 * to the new today. A day the receptionist chose stays as it is.
 */
import { useEffect, useRef, useState } from 'react';
import { dayKey, MINUTE, nextLocalMidnight } from '../../../../shared/time.ts';
import { useDesk } from './desk-store.ts';
import { dayAfterRollover } from './guest-lists.ts';

/** Today's key by the desk's clock, new at each local midnight. */
export function useToday(): string {
  const [today, setToday] = useState(() => dayKey(Date.now()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const now = Date.now();
      setToday(dayKey(now));
      // Just past the next midnight, or within a minute: a timer may fire late, never the day early.
      timer = setTimeout(check, Math.min(nextLocalMidnight(now) - now + 1, MINUTE));
    };
    check();
    return () => clearTimeout(timer);
  }, []);
  return today;
}

/** useToday, and the desk's shown day follows it over midnight (see dayAfterRollover). */
export function useDeskToday(): string {
  const today = useToday();
  const previous = useRef(today);
  useEffect(() => {
    if (today === previous.current) return;
    const { day, setDay } = useDesk.getState();
    const next = dayAfterRollover(day, previous.current, today);
    previous.current = today;
    if (next !== day) setDay(next);
  }, [today]);
  return today;
}
