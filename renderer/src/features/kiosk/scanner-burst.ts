/**
 * Tells a hand scanner from a person: a scanner "types" a code at under
 * 30 ms a key and ends it with Enter; a person is slower. Keys come in as
 * they happen (from a global listener, wherever the focus is):
 * - the first key of a run passes through (it may be a person typing);
 * - a key within `maxGapMs` of the previous one starts a burst: it and every
 *   following fast key are held back (`swallow`), and `onBurstStart` lets
 *   the screen undo the first key, which already went into a field;
 * - Enter right after a burst of at least `minLength` keys hands the code
 *   to `onCode`;
 * - a burst that does not end so (two keys pressed together by a person)
 *   is handed back as text to `onText` once no key followed for `settleMs`.
 */
export interface BurstKey {
  key: string;
  /** Milliseconds, from the same clock as `timeStamp` of DOM events. */
  at: number;
  /** A modifier was held: never part of a code. */
  modified?: boolean;
}

export type BurstVerdict = 'first' | 'pass' | 'swallow';

export interface BurstDetectorOptions {
  onCode(code: string): void;
  onBurstStart(): void;
  onText(text: string): void;
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
  maxGapMs?: number;
  minLength?: number;
  settleMs?: number;
}

export const SCANNER_MAX_GAP_MS = 30;
export const SCANNER_MIN_LENGTH = 4;

const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'CapsLock']);

export function createBurstDetector(options: BurstDetectorOptions) {
  const maxGap = options.maxGapMs ?? SCANNER_MAX_GAP_MS;
  const minLength = options.minLength ?? SCANNER_MIN_LENGTH;
  const settle = options.settleMs ?? maxGap * 4;
  let chars: string[] = [];
  let lastAt = -Infinity;
  let holding = false;
  let timer: unknown;

  const clear = () => {
    options.clearTimer(timer);
    timer = undefined;
    chars = [];
    holding = false;
  };
  const flush = () => {
    const text = holding ? chars.join('') : '';
    clear();
    if (text) options.onText(text);
  };

  return {
    key({ key, at, modified }: BurstKey): BurstVerdict {
      // A scanner holds Shift for capitals: the modifier's own key event is no key of the code.
      if (MODIFIER_KEYS.has(key)) return 'pass';
      const fast = at - lastAt <= maxGap;
      const previous = lastAt;
      lastAt = at;
      if (key === 'Enter') {
        if (holding && chars.length >= minLength && at - previous <= maxGap * 2) {
          const code = chars.join('');
          clear();
          options.onCode(code);
          return 'swallow';
        }
        flush();
        return 'pass';
      }
      if (modified || Array.from(key).length !== 1) {
        flush();
        return 'pass';
      }
      if (chars.length > 0 && fast) {
        chars.push(key);
        if (!holding) {
          holding = true;
          options.onBurstStart();
        }
        options.clearTimer(timer);
        timer = options.setTimer(flush, settle);
        return 'swallow';
      }
      flush();
      chars = [key];
      return 'first';
    },
    /** Forgets a run in progress (the screen changed). */
    reset: clear,
  };
}
