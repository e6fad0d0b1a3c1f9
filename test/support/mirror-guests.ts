/** Invitations as the listing brings them, for tests that write a mirror directly: one event, at location 10. */
import type { ReceptionInvitation } from '../../shared/api/index.ts';

const at = '2026-11-22T10:00:00.000Z';

/** Guest `id` (contact 100 + id) of the audit on 22 November 2026, 10:00 to 12:00, written at `stamp`. */
export function mirrorGuest(
  id: number,
  firstName: string,
  lastName: string,
  { email, stamp = at }: { email?: string; stamp?: string } = {},
): ReceptionInvitation {
  return {
    id,
    createdAt: at,
    updatedAt: stamp,
    event: {
      id: 5,
      name: 'Audit',
      startsAt: at,
      endsAt: '2026-11-22T12:00:00.000Z',
      locationId: 10,
      hostId: 1,
      createdAt: at,
      updatedAt: at,
    },
    contact: { id: 100 + id, firstName, lastName, ...(email ? { email } : {}), createdAt: at, updatedAt: stamp },
  };
}

/** The window around that day, for lookups and the desk's view. */
export const GUEST_WINDOW = {
  locationId: 10,
  from: '2026-11-01T00:00:00.000Z',
  to: '2026-12-01T00:00:00.000Z',
  withOnSite: false,
};
