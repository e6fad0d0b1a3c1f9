/** What a desk device keeps for when its hub is away, and how the roll call is searched and counted on screen. */
import { describe, expect, it } from 'vitest';
import type { RollCall, RollCallEntry } from '../../../shared/contract/evacuation.ts';
import { asOf, KEPT_KEYS, keepRollCall, keptList, keptRollCall } from '../../../renderer/src/features/desk/kept.ts';
import { countsOf, visibleEntries, withMark } from '../../../renderer/src/features/desk/roll-call-view.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const entry = (id: number, overrides: Partial<RollCallEntry> = {}): RollCallEntry => ({
  invitationId: id,
  firstName: 'Zoë',
  lastName: `Müller${id}`,
  companyName: 'Acme',
  hostName: 'Jane Host',
  arrivedAt: null,
  checkedInAt: 'Lobby kiosk',
  arrivedDuring: false,
  accounted: false,
  markedAt: null,
  markedBy: null,
  ...overrides,
});

const rollCall: RollCall = {
  id: 1,
  version: 4,
  startedAt: '2025-03-14T14:32:00.000Z',
  startedBy: 'Reception 1',
  endedAt: null,
  endedBy: null,
  location: { id: 10, name: 'Berlin HQ' },
  assemblyPoint: 'Car park B',
  counts: { total: 2, accounted: 1, missing: 1, arrivedDuring: 0 },
  entries: [entry(1, { accounted: true }), entry(2, { companyName: 'Globex', arrivedDuring: true })],
};

describe('the kept roll call', () => {
  it('comes back as it was kept, with its time', () => {
    const storage = memoryStorage();
    keepRollCall(rollCall, new Date('2025-03-14T14:40:00.000Z'), storage);
    expect(keptRollCall(storage)).toEqual({ keptAt: '2025-03-14T14:40:00.000Z', value: rollCall });
  });

  it('is not offered when what is stored is damaged or of another shape', () => {
    const storage = memoryStorage();
    storage.setItem(KEPT_KEYS.rollCall, '{"keptAt":"x","value":{"id":"one"}}');
    storage.setItem(KEPT_KEYS.list, 'not json');
    expect(keptRollCall(storage)).toBeUndefined();
    expect(keptList(storage)).toBeUndefined();
  });

  it('says its time as "as of 14:32", with the day when it is not today', () => {
    const at = new Date(2025, 2, 14, 14, 32);
    expect(asOf(at.toISOString(), new Date(2025, 2, 14, 18, 0), 'en-GB')).toBe('as of 14:32');
    expect(asOf(at.toISOString(), new Date(2025, 2, 15, 8, 0), 'en-GB')).toBe('as of 14 Mar 14:32');
  });
});

describe('the roll call on screen', () => {
  it('finds people by the start of any word, accents aside, and hides the accounted when asked', () => {
    expect(visibleEntries(rollCall.entries, 'mull', false).map((e) => e.invitationId)).toEqual([1, 2]);
    expect(visibleEntries(rollCall.entries, 'zoe glob', false).map((e) => e.invitationId)).toEqual([2]);
    expect(visibleEntries(rollCall.entries, 'lobby', true).map((e) => e.invitationId)).toEqual([2]);
    expect(visibleEntries(rollCall.entries, 'ller', false)).toEqual([]);
  });

  it('counts again as marks come in', () => {
    const marked = withMark(rollCall, { ...rollCall.entries[1]!, accounted: true }, 5);
    expect(marked.version).toBe(5);
    expect(countsOf(marked.entries)).toEqual({ total: 2, accounted: 2, missing: 0, arrivedDuring: 1 });
  });
});
