import { useEffect } from 'react';
import { useKiosk } from './kiosk-store.ts';
import { createBurstDetector } from './scanner-burst.ts';

const isEditable = (element: Element | null) =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;

/**
 * One keyboard listener for the whole kiosk, ahead of every field: a hand
 * scanner's burst is taken as a code wherever the focus is and whatever
 * the field holds, and none of its characters stay in a field; a person's
 * keys go to the screen's field even when the focus is on a heading.
 * Sheets (the PIN pad, the languages) keep their own keys.
 */
export function useScannerAndKeys() {
  useEffect(() => {
    let before = { query: '', codeText: '' };
    const restore = (typed = '') => {
      const state = useKiosk.getState();
      if (state.step.kind === 'scan') state.setCodeText(before.codeText + typed);
      else if (state.query !== before.query + typed) state.setQuery(before.query + typed);
    };
    const detector = createBurstDetector({
      onBurstStart: () => restore(),
      onText: (text) => restore(text),
      onCode: (code) => void useKiosk.getState().findByCode(code),
      setTimer: (callback, ms) => setTimeout(callback, ms),
      clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    });
    const onKeyDown = (event: KeyboardEvent) => {
      const state = useKiosk.getState();
      if (state.sheet || event.isComposing) return;
      const verdict = detector.key({
        key: event.key,
        at: event.timeStamp,
        modified: event.ctrlKey || event.metaKey || event.altKey,
      });
      if (verdict === 'swallow') {
        event.preventDefault();
        event.stopPropagation();
      } else if (verdict === 'first') {
        before = { query: state.query, codeText: state.codeText };
        const field = document.getElementById(state.step.kind === 'scan' ? 'kiosk-code' : 'kiosk-name');
        // Focus moved in keydown takes the key's character with it.
        if (field && !isEditable(document.activeElement)) field.focus();
      }
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => {
      window.removeEventListener('keydown', onKeyDown, { capture: true });
      detector.reset();
    };
  }, []);
}
