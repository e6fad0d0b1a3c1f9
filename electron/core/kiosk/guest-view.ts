/** A guest as the kiosk shows them: less than the desk sees. */
import type { KioskGuest } from '../../../shared/contract/kiosk.ts';
import type { Guest } from '../db/repos/guests.ts';

/** A kiosk sees a guest with the ticket it acts with (see access/tickets.ts), never more than it needs to recognise them. */
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
