import { describe, expect, it } from 'vitest';
import {
  guestKey,
  invitationIdOf,
  isWalkIn,
  walkInIdOf,
  walkInKey,
  walkInKeySql,
} from '../../../shared/domain/guest-key.ts';

describe('a guest key', () => {
  it('is an invitation id, or a walk-in request on its way to the service, and reads back as it was written', () => {
    expect(guestKey(91)).toEqual({ kind: 'invitation', invitationId: 91 });
    expect(guestKey(walkInKey(7))).toEqual({ kind: 'walkIn', walkInId: 7 });
    expect([isWalkIn(walkInKey(7)), isWalkIn(91)]).toEqual([true, false]);
    expect([walkInIdOf(walkInKey(7)), walkInIdOf(91)]).toEqual([7, undefined]);
    expect([invitationIdOf(91), invitationIdOf(walkInKey(7))]).toEqual([91, undefined]);
  });

  it('is written the same way in SQL', async () => {
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(':memory:');
    try {
      const key = db
        .prepare(`SELECT ${walkInKeySql('?')} AS key`)
        .pluck()
        .get(7) as number;
      expect(walkInIdOf(key)).toBe(7);
    } finally {
      db.close();
    }
  });
});
