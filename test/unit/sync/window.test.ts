/** The mirror's window holds whole local days back: the desk's "Yesterday" is all of yesterday, in the evening too. */
import { describe, expect, it } from 'vitest';
import { Config } from '../../../electron/core/config/config.ts';
import { syncWindow } from '../../../electron/core/sync/pulls.ts';

describe('the sync window', () => {
  it('starts at the local midnight windowDaysBack days ago, whatever the hour, and ends windowDaysAhead days ahead', () => {
    const config = Config.parse({ windowDaysBack: 1, windowDaysAhead: 7 });
    for (const hour of [0, 8, 18, 23]) {
      const now = new Date(2026, 10, 24, hour, 40).getTime();
      expect(syncWindow(config, now)).toEqual({
        from: new Date(2026, 10, 23).toISOString(),
        to: new Date(now + 7 * 86_400_000).toISOString(),
      });
    }
    // Across a month's end, and with no day back: today from its midnight.
    expect(syncWindow(Config.parse({ windowDaysBack: 3 }), new Date(2026, 11, 2, 9).getTime()).from).toBe(
      new Date(2026, 10, 29).toISOString(),
    );
    expect(syncWindow(Config.parse({ windowDaysBack: 0 }), new Date(2026, 11, 2, 9).getTime()).from).toBe(
      new Date(2026, 11, 2).toISOString(),
    );
  });
});
