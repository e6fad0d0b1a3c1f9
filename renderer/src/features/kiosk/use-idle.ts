import { useCallback, useEffect, useRef, useState } from 'react';

const ACTIVITY = ['pointerdown', 'keydown', 'input', 'wheel', 'touchstart'] as const;

/** How long the warning shows before the reset: 10 s, or half the idle time when that is shorter. */
export const warningSeconds = (idleSeconds: number) => Math.min(10, Math.floor(idleSeconds / 2));

/**
 * While `active`, calls `onIdle` once nobody touched the screen for
 * `seconds`; for the last few of them, `warning` counts the seconds left,
 * so the screen can say so. Any touch (the warning's own button too) starts
 * the wait again.
 */
export function useIdle(seconds: number, active: boolean, onIdle: () => void): { warning: number | null } {
  const callback = useRef(onIdle);
  const [warning, setWarning] = useState<number | null>(null);
  useEffect(() => {
    callback.current = onIdle;
  }, [onIdle]);

  const warn = warningSeconds(seconds);
  const restart = useCallback(() => setWarning(null), []);

  useEffect(() => {
    if (!active) return;
    let deadline = Date.now() + seconds * 1000;
    const tick = setInterval(() => {
      const left = Math.ceil((deadline - Date.now()) / 1000);
      if (left <= 0) {
        deadline = Date.now() + seconds * 1000;
        setWarning(null);
        callback.current();
      } else setWarning(left <= warn ? left : null);
    }, 250);
    const onActivity = () => {
      deadline = Date.now() + seconds * 1000;
      restart();
    };
    for (const type of ACTIVITY) window.addEventListener(type, onActivity, { passive: true, capture: true });
    return () => {
      clearInterval(tick);
      for (const type of ACTIVITY) window.removeEventListener(type, onActivity, { capture: true });
    };
  }, [seconds, warn, active, restart]);

  return { warning: active ? warning : null };
}
