/** What an access-profile upload changes, and when a person must confirm it. */
import { describe, expect, it } from 'vitest';
import { describeDiff, diffProfiles, needsConfirmation } from '../../../electron/core/outbox/profile-diff.ts';

const BEFORE = [
  { sourceId: 'main', name: 'Main entrance', description: 'Revolving door' },
  { sourceId: 'lift', name: 'Lifts' },
  { sourceId: 'park', name: 'Parking', description: 'Levels -1 and -2' },
  { sourceId: 'bike', name: 'Bike garage', description: null },
];

describe('diffProfiles', () => {
  it('sorts profiles into added, removed, renamed, changed and unchanged', () => {
    const diff = diffProfiles(BEFORE, [
      { sourceId: 'main', name: 'Main entrance', description: 'Revolving door' }, // unchanged
      { sourceId: 'lift', name: 'Elevators' }, // renamed
      { sourceId: 'park', name: 'Parking', description: 'Level -1 only' }, // changed
      { sourceId: 'roof', name: 'Roof terrace' }, // added
      // bike: removed
    ]);
    expect(diff).toEqual({
      firstUpload: false,
      added: [{ sourceId: 'roof', name: 'Roof terrace' }],
      removed: [{ sourceId: 'bike', name: 'Bike garage', description: null }],
      renamed: [{ sourceId: 'lift', from: 'Lifts', to: 'Elevators' }],
      changed: [{ sourceId: 'park', name: 'Parking', description: 'Level -1 only' }],
      unchanged: 1,
    });
    expect(needsConfirmation(diff)).toBe(true);
  });

  it('treats a missing and a null description alike', () => {
    const diff = diffProfiles(BEFORE, [
      ...BEFORE.slice(0, 3),
      { sourceId: 'bike', name: 'Bike garage' }, // description absent vs null
    ]);
    expect(diff).toMatchObject({ added: [], removed: [], renamed: [], changed: [], unchanged: 4 });
    expect(needsConfirmation(diff)).toBe(false);
  });

  it('a rename that also changes the description counts as a rename', () => {
    const diff = diffProfiles(
      [{ sourceId: 'a', name: 'A', description: 'x' }],
      [{ sourceId: 'a', name: 'B', description: 'y' }],
    );
    expect(diff.renamed).toEqual([{ sourceId: 'a', from: 'A', to: 'B' }]);
    expect(diff.changed).toEqual([]);
  });

  it('additions, renames and changes alone need no confirmation', () => {
    const diff = diffProfiles(BEFORE, [
      ...BEFORE.map((p) => (p.sourceId === 'lift' ? { ...p, name: 'Elevators' } : p)),
      { sourceId: 'new', name: 'New door' },
    ]);
    expect(diff.removed).toEqual([]);
    expect(needsConfirmation(diff)).toBe(false);
  });

  it('removing any profile needs confirmation; an empty upload removes them all', () => {
    const diff = diffProfiles(BEFORE, []);
    expect(diff.removed.map((p) => p.sourceId)).toEqual(['main', 'lift', 'park', 'bike']);
    expect(needsConfirmation(diff)).toBe(true);
    expect(needsConfirmation(diffProfiles(BEFORE, BEFORE.slice(1)))).toBe(true);
  });

  it('a first upload (nothing queued before) needs confirmation, even of an empty set', () => {
    const first = diffProfiles(undefined, BEFORE);
    expect(first).toMatchObject({ firstUpload: true, removed: [], unchanged: 0 });
    expect(first.added).toHaveLength(4);
    expect(needsConfirmation(first)).toBe(true);
    expect(needsConfirmation(diffProfiles(undefined, []))).toBe(true);
    // An empty previous set is known: not a first upload.
    expect(needsConfirmation(diffProfiles([], [{ sourceId: 'x', name: 'X' }]))).toBe(false);
  });
});

describe('describeDiff', () => {
  it('lists every change and a summary line, warning about removals and a first upload', () => {
    const lines = describeDiff(
      diffProfiles(BEFORE, [
        BEFORE[0]!,
        { sourceId: 'lift', name: 'Elevators' },
        { ...BEFORE[2]!, description: 'changed' },
        { sourceId: 'roof', name: 'Roof terrace' },
      ]),
      'berlin-doors',
    );
    expect(lines).toEqual([
      '  + roof  Roof terrace',
      '  - bike  Bike garage  (removed: people lose this access)',
      '  ~ lift  "Lifts" -> "Elevators"',
      '  ~ park  description changed',
      '1 added, 1 removed, 1 renamed, 1 changed, 1 unchanged',
    ]);
    const first = describeDiff(diffProfiles(undefined, [{ sourceId: 'a', name: 'A' }]), 'hamburg-doors');
    expect(first[0]).toContain('First upload to "hamburg-doors"');
    expect(first.at(-1)).toBe('1 added, 0 removed, 0 renamed, 0 changed, 0 unchanged');
  });
});
