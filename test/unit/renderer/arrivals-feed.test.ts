/** Where a guest checked in, as the desk's feed of arrivals says it (arrivals-store.ts). */
import { describe, expect, it } from 'vitest';
import { placeText } from '../../../renderer/src/features/desk/arrivals-store.ts';
import { ARRIVAL_PLACES } from '../../../shared/contract/arrivals.ts';

describe('the feed of arrivals', () => {
  it('names a paired device by its name, and every other place in a word or two', () => {
    expect(placeText({ kind: 'device', name: 'Lobby 1' })).toBe('Lobby 1');
    expect(ARRIVAL_PLACES.map((kind) => placeText({ kind, name: null }))).toEqual([
      'A paired device',
      'Kiosk',
      'Desk',
      'Kiosk or desk',
      'Walk-in',
      'Elsewhere',
    ]);
  });
});
