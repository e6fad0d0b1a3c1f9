/** Guest views for the doors: the kiosk sees less than the desk. */
import type { KioskGuest } from '../../../../shared/contract/kiosk.ts';
import type { Guest as GuestView } from '../../../../shared/contract/operations.ts';
import type { Guest } from '../../db/repos/guests.ts';

export const toGuestView = (g: Guest): GuestView => ({ ...g });

/** A kiosk sees a guest with the ticket it acts with (see kiosk/tickets.ts), never more than it needs to recognise them. */
export const toKioskGuest = (g: Guest, ticket: string): KioskGuest => ({
  invitationId: g.invitationId,
  state: g.state,
  category: g.category,
  pending: g.pending,
  firstName: g.firstName,
  lastName: g.lastName,
  companyName: g.companyName,
  language: g.language,
  eventName: g.eventName,
  startsAt: g.startsAt,
  endsAt: g.endsAt,
  ticket,
});
