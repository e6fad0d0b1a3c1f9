/** The one error shape of every door (IPC replies, the browser host's bodies, a hub's), and its codes. */
import { z } from 'zod';

export const APP_ERROR_CODES = [
  'FORBIDDEN',
  'INVALID_INPUT',
  'NOT_FOUND',
  'REFUSED',
  'UNKNOWN_OPERATION',
  'INTERNAL',
  /** A site hub's answer to a device that is not paired (or was revoked): pair it first. */
  'UNPAIRED',
  /** The disk is full: nothing of the action was saved; it can be tried again once there is space. */
  'DISK_FULL',
] as const;
export type AppErrorCode = (typeof APP_ERROR_CODES)[number];
export const AppErrorBody = z.object({
  error: z.object({
    code: z.enum(APP_ERROR_CODES),
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});
export type AppErrorBody = z.infer<typeof AppErrorBody>;
/**
 * Said by a door's client, never by the core: the door itself gave no answer (the browser host or a site hub
 * is down, or the network is). A caller's error carries one of these or one of the core's codes.
 */
export const TRANSPORT_ERROR_CODES = ['UNREACHABLE'] as const;
export type CallErrorCode = AppErrorCode | (typeof TRANSPORT_ERROR_CODES)[number];
