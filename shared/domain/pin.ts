/** What a desk or admin PIN is, once for the contract, the core and the screens. */
import { z } from 'zod';

export const PIN_PATTERN = /^\d{4,12}$/;
export const PIN_HINT = 'a PIN is 4 to 12 digits';

/** A PIN as the contract takes it (the length first: a long paste is refused before the pattern runs). */
export const Pin = z.string().max(12, PIN_HINT).regex(PIN_PATTERN, PIN_HINT);
