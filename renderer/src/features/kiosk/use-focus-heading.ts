import { useEffect, useRef } from 'react';

/** A new screen: focus goes to its heading (give it tabIndex -1), so a screen reader starts reading there. */
export function useFocusHeading<T extends HTMLElement = HTMLHeadingElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}
