import type { AppEvent } from '../../../shared/contract/operations.ts';
import type { DomainModule } from '../domain.ts';
import { changed } from './handlers.ts';
import { addArrivals, noteCheckInPlace } from './roll-call.ts';

/**
 * The roll call's part in the core (domains.ts): each check-in at a door is
 * noted with where it was made (a paired device's name, else the kind of
 * door), so that the roll call can say where a person checked in; each time
 * the guests move (a check-in at any door, a pull), whoever is on site and
 * not yet on the roll call under way is added, marked as arrived during it.
 * Each change goes to the screens as evacuation-changed.
 */
export const rollCallDomain: DomainModule = {
  name: 'roll-call',
  subscribe(bus, { runtime, log }) {
    const emit = (event: AppEvent) => bus.publish('broadcast', event);
    bus.on('checkedIn', ({ invitationId, door, device, automatic }) => {
      // Foyer's own check-ins (a walk-in's, when its invitation came) say where from the walk-in's request.
      if (automatic) return;
      try {
        const version = noteCheckInPlace(runtime, invitationId, device ?? door);
        if (version !== undefined) changed({ emit, runtime }, true, version);
      } catch (error) {
        // The check-in stands; the roll call then says "kiosk" or "desk" instead of the device's name.
        log(`evacuation: the device of check-in ${invitationId} was not noted: ${String(error)}`);
      }
    });
    bus.on('guestsMoved', () => {
      try {
        const version = addArrivals(runtime);
        if (version !== undefined) changed({ emit, runtime }, true, version);
      } catch (error) {
        // Told after a check-in that stands: the arrivals are looked for again at the next change of the guests.
        log(`evacuation: arrivals not added to the roll call: ${String(error)}`);
      }
    });
  },
};
