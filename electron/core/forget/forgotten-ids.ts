/** The pulls' filter: a forgotten visitor's invitations and check-in records, which the service still lists. */
import type { Mirror } from '../db/mirror.ts';

export function withoutForgotten<T extends { id: number }>(
  mirror: Pick<Mirror, 'db'>,
  kind: 'invitation' | 'check-in',
  items: readonly T[],
): T[] {
  if (items.length === 0) return [];
  const forgotten = new Set(
    mirror.db
      .prepare('SELECT id FROM forgotten_ids WHERE kind = ? AND id IN (SELECT value FROM json_each(?))')
      .pluck()
      .all(kind, JSON.stringify(items.map((i) => i.id))) as number[],
  );
  return forgotten.size === 0 ? [...items] : items.filter((i) => !forgotten.has(i.id));
}
