/**
 * The key a guest goes by on the wire, in the desk's lists and in stored rows
 * that name a guest (print jobs, roll-call entries): the service's invitation
 * id, or, for a walk-in let in whose visit the service has not given back
 * yet, its request's id made negative, so that both fit one number and never
 * meet. This module alone writes and reads that rule, for the core, its SQL
 * and the renderer.
 */

/** A guest's key, read: an invitation of the service, or a walk-in request on its way there. */
export type GuestKey = { kind: 'invitation'; invitationId: number } | { kind: 'walkIn'; walkInId: number };

/** The key of a walk-in request on its way to the service. */
export const walkInKey = (walkInId: number): number => -walkInId;

/** Whether a key is a walk-in request's (not yet an invitation of the service). */
export const isWalkIn = (key: number): boolean => key < 0;

/** The walk-in request a key names, or undefined for an invitation's. */
export const walkInIdOf = (key: number): number | undefined => (key < 0 ? -key : undefined);

/** The invitation a key names, or undefined for a walk-in request's. */
export const invitationIdOf = (key: number): number | undefined => (key > 0 ? key : undefined);

export const guestKey = (key: number): GuestKey =>
  key < 0 ? { kind: 'walkIn', walkInId: -key } : { kind: 'invitation', invitationId: key };

/** The same rule in SQL: the key of the walk-in request in `column` (a walk_ins.id). */
export const walkInKeySql = (column: string): string => `-(${column})`;
