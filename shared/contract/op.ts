/**
 * How an operation of the app contract is written: the roles allowed to call
 * it, its input and output schemas and a line saying what it does. Kept apart
 * from operations.ts so that a domain's contract file (evacuation.ts, ...) can
 * use it while operations.ts spreads that domain's operations into its table:
 * a value imported back from operations.ts would not exist yet at that point.
 */
import type { z } from 'zod';
import type { Role } from './operations.ts';

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

export const ALL_ROLES: readonly Role[] = ['kiosk', 'desk', 'admin'];
export const STAFF_ROLES: readonly Role[] = ['desk', 'admin'];
export const ADMIN_ROLES: readonly Role[] = ['admin'];
