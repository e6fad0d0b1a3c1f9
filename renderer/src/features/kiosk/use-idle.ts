import { useEffect, useRef } from 'react';

const ACTIVITY = ['pointerdown', 'keydown', 'input', 'wheel', 'touchstart'] as const;

/** Calls `onIdle` once nobody touched the screen for `seconds`, while `active`. */
export function useIdle(seconds: number, active: boolean, onIdle: () => void) {
  const callback = useRef(onIdle);
  useEffect(() => {
    callback.current = onIdle;
  }, [onIdle]);
  useEffect(() => {
    if (!active) return;
    let timer = setTimeout(() => callback.current(), seconds * 1000);
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(() => callback.current(), seconds * 1000);
    };
    for (const type of ACTIVITY) window.addEventListener(type, restart, { passive: true, capture: true });
    return () => {
      clearTimeout(timer);
      for (const type of ACTIVITY) window.removeEventListener(type, restart, { capture: true });
    };
  }, [seconds, active]);
}
