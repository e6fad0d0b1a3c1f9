/** A mirror per service: switching parks the old one with its outbox and brings it back later. */
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openMirrorFor, serviceOf } from '../../../electron/core/db/mirror-files.ts';

const now = '2026-11-24T08:00:00.000Z';

describe('mirror files', () => {
  it('adopts an unstamped mirror, parks it for another service, and restores it when switching back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-mirrors-'));
    const first = openMirrorFor(dir, 'https://a.example/api/v2#company=1', { adopt: false });
    expect(first.newMirror).toBe(true);
    first.mirror.outbox.add({ kind: 'identities', target: 'identities', payload: { x: 1 }, label: 'for A', now });
    first.mirror.close();

    const second = openMirrorFor(dir, 'https://b.example/api/v2#company=1', { adopt: false });
    expect(second.newMirror).toBe(true);
    expect(second.mirror.outbox.newest(10)).toEqual([]);
    expect(serviceOf(second.mirror)).toBe('https://b.example/api/v2#company=1');
    second.mirror.close();
    expect(readdirSync(dir).filter((f) => /^mirror-[0-9a-f]{16}\.db$/.test(f))).toHaveLength(1);

    const back = openMirrorFor(dir, 'https://a.example/api/v2#company=1', { adopt: false });
    expect(back.newMirror).toBe(false);
    expect(back.mirror.outbox.newest(10).map((r) => r.label)).toEqual(['for A']);
    back.mirror.close();
    expect(existsSync(join(dir, 'mirror.db'))).toBe(true);
  });

  it('with adopt (opening, or a base URL changed by hand), keeps mirror.db whatever it names', () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-mirrors-'));
    const first = openMirrorFor(dir, 'https://a.example/api/v2#company=1', { adopt: true });
    first.mirror.outbox.add({ kind: 'identities', target: 'identities', payload: {}, label: 'kept', now });
    first.mirror.close();
    const moved = openMirrorFor(dir, 'https://a-new-name.example/api/v2#company=1', { adopt: true });
    expect(moved.mirror.outbox.newest(10).map((r) => r.label)).toEqual(['kept']);
    expect(serviceOf(moved.mirror)).toBe('https://a-new-name.example/api/v2#company=1');
    moved.mirror.close();
  });
});
