import type { ParsedInput } from '../app/handler.ts';
import { deviceName } from '../access/device.ts';
import type { DomainModule } from '../domain.ts';
import { linkWalkIns } from './link.ts';
import { walkInsOf } from './repo.ts';

/**
 * The walk-ins' part in the core (domains.ts): after each pull of the
 * invitations, approved walk-ins whose invitation came are linked and checked
 * in (a check-in Foyer made itself: `automatic`); and whom each operation
 * lets in, for the watchlist's check before it (a request, a registration at
 * the desk, an approval, a guest checked in again).
 */
export const walkInsDomain: DomainModule = {
  name: 'walk-ins',
  subscribe(bus, { runtime, now, log }) {
    bus.on('invitationsPulled', () => {
      const deps = { mirror: runtime.mirror, outbox: runtime.outbox, config: () => runtime.config, now, log };
      linkWalkIns(deps, (invitationId, door) =>
        bus.publish('checkedIn', { invitationId, door, device: null, automatic: true }),
      );
    });
  },
  entrant(ctx, name, input) {
    const { runtime } = ctx;
    switch (name) {
      case 'walkIns.checkInAgain': {
        const guest = runtime.mirror.guests.byId(
          (input as ParsedInput<'walkIns.checkInAgain'>).invitationId,
          runtime.config.flow,
        );
        return (
          guest && {
            person: guest,
            where: { point: 'Check in again', device: deviceName(ctx), invitationId: guest.invitationId },
          }
        );
      }
      case 'walkIns.request':
      case 'walkIns.add': {
        const form = input as ParsedInput<'walkIns.add'>;
        const person = {
          firstName: form.firstName,
          lastName: form.lastName,
          companyName: form.companyName ?? null,
          email: form.email ?? null,
        };
        const point = name === 'walkIns.add' ? 'Add visitor' : 'walk-in request';
        return { person, where: { point, device: deviceName(ctx) } };
      }
      case 'walkIns.approve': {
        const row = walkInsOf(runtime.mirror).byId((input as ParsedInput<'walkIns.approve'>).id);
        return row && { person: row, where: { point: 'walk-in approval', device: deviceName(ctx), walkInId: row.id } };
      }
      default:
        return undefined;
    }
  },
};
