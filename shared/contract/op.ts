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

export const op = <I extends z.ZodType, O extends z.ZodType>(
  roles: readonly Role[],
  input: I,
  output: O,
  summary: string,
) => ({
  roles,
  input,
  output,
  summary,
});
