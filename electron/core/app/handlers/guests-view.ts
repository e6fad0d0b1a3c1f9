/** Guest views for the doors: the kiosk sees less than the desk. */
import type { Guest as GuestView, KioskGuest } from '../../../../shared/contract/operations.ts';
import type { Guest } from '../../db/repos/guests.ts';

export const toGuestView = (g: Guest): GuestView => ({ ...g });

export const toKioskGuest = (g: Guest): KioskGuest => ({
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
});
