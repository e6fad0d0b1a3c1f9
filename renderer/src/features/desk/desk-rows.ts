/** The desk's rows and notices as values: pure, shared by the desk's slices, tested in Node. */
import type { DeskGuest } from '../../../../shared/contract/guests.ts';

export interface Notice {
  id: number;
  tone: 'info' | 'error';
  text: string;
  /** A check-out that can still be taken back. */
  undo?: { invitationId: number; until: string };
}

let noticeId = 0;

/** A new notice: its id changes even when the text repeats, so the notice shows again. */
export function noticeOf(tone: Notice['tone'], text: string, undo?: Notice['undo']): Notice {
  return { id: ++noticeId, tone, text, ...(undo ? { undo } : {}) };
}

/** The rows with the guest as the core now shows them, wherever they are; the same rows when not loaded. */
export function withGuest(
  rows: readonly (DeskGuest | undefined)[],
  guest: DeskGuest,
): (DeskGuest | undefined)[] | undefined {
  const index = rows.findIndex((g) => g?.invitationId === guest.invitationId);
  if (index < 0) return undefined;
  const next = rows.slice();
  next[index] = guest;
  return next;
}

/** `rows` cut or stretched to `length`; the positions not loaded stay undefined. */
export function resized<T>(rows: readonly (T | undefined)[], length: number): (T | undefined)[] {
  const next = rows.slice(0, length);
  next.length = length;
  return next;
}
