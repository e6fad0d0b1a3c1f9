/**
 * The app contract's building blocks: the roles, and `op()`, which names an
 * operation's roles, input and output schemas. Each domain's file
 * (session.ts, kiosk.ts, guests.ts, ...) declares its operations with it;
 * operations.ts assembles them into the one table.
 */
import { z } from 'zod';

export const ROLES = ['kiosk', 'desk', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const ALL: readonly Role[] = ['kiosk', 'desk', 'admin'];
export const STAFF: readonly Role[] = ['desk', 'admin'];
export const ADMIN: readonly Role[] = ['admin'];

/** A positive integer id (an invitation, an outbox item, a conflict, a device). */
export const id = z.number().int().positive();

/**
 * Marks an operation the screens call by themselves (a list reloading on an
 * event, a status or a poll): it shows no person is there, so it never counts
 * as a staff action and keeps no desk or admin session from locking. Declared
 * here, next to each operation, once for every door (access/session.ts reads it).
 */
export const PASSIVE = { passive: true } as const;

export const op = <I extends z.ZodType, O extends z.ZodType>(
  roles: readonly Role[],
  input: I,
  output: O,
  summary: string,
  kind: { passive: boolean } = { passive: false },
) => ({
  roles,
  input,
  output,
  summary,
  passive: kind.passive,
});
