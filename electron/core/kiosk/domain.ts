import { deviceName } from '../access/device.ts';
import { guestTicketsOf } from '../access/kiosk-guests.ts';
import type { ParsedInput } from '../app/handler.ts';
import type { DomainModule } from '../domain.ts';

/**
 * The kiosk's part in the core (domains.ts) besides its handlers: whom its check-in lets in, for the watchlist's
 * check before it: the guest its ticket names, as the handler opens it (one that opens nothing is the handler's
 * "not found").
 */
export const kioskDomain: DomainModule = {
  name: 'kiosk',
  entrant(ctx, name, input) {
    if (name !== 'kiosk.checkIn') return undefined;
    const { runtime } = ctx;
    const { ticket } = input as ParsedInput<'kiosk.checkIn'>;
    const id = guestTicketsOf(runtime).open(ctx.session.id, ticket, ctx.now());
    const guest = id === undefined ? undefined : runtime.mirror.guests.byId(id, runtime.config.flow);
    return (
      guest && {
        person: guest,
        where: { point: 'kiosk check-in', device: deviceName(ctx), invitationId: guest.invitationId },
      }
    );
  },
};
