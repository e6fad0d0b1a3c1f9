/** The demo world's parts: its world file, its names in every guest language, and its fast date formatting. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GUEST_LANGUAGES } from '../../shared/api/primitives.ts';
import { iso } from '../../shared/time.ts';
import { GUEST_COMPANIES, GUEST_NAMES, asciify } from '../../service/demo/names.ts';
import { iso as fastIso } from '../../service/demo/fast-iso.ts';
import { mulberry32 } from '../../service/demo/random.ts';
import { DEMO_TOKEN, DEMO_WORLD_PATH } from '../../service/demo/seed.ts';
import { parseWorld } from '../../service/world.ts';

/** A Wednesday, early afternoon (UTC). */
const NOW = Date.UTC(2026, 2, 11, 13, 30);

describe('demo world file', () => {
  it('is a valid world with the demo token, 120 employees and an unmapped group', () => {
    const world = parseWorld(JSON.parse(readFileSync(DEMO_WORLD_PATH, 'utf8')));
    const [main, other] = world.companies;
    expect(main?.id).toBe(1);
    expect(main?.locations.map((l) => l.id)).toEqual([10, 11, 12, 13]);
    expect(main?.employees).toHaveLength(120);
    expect(new Set(main?.employees.map((e) => e.email.toLowerCase())).size).toBe(120);
    const integration = main?.integrations.find((i) => i.token === DEMO_TOKEN);
    expect(integration?.accessProfileGroups.length).toBeGreaterThanOrEqual(5);
    const unmapped = main?.accessProfileGroups.filter((g) => !integration?.accessProfileGroups.includes(g.sourceId));
    expect(unmapped?.length).toBeGreaterThanOrEqual(1);
    expect(other?.id).toBe(2);
    expect(other?.integrations[0]?.token).toBe('globex-demo-token');
  });
});

describe('demo names', () => {
  it('has at least 20 first and 20 last names for every guest language', () => {
    for (const language of GUEST_LANGUAGES) {
      const names = GUEST_NAMES[language];
      expect(names.male.length + names.female.length, language).toBeGreaterThanOrEqual(20);
      expect(names.last.length, language).toBeGreaterThanOrEqual(20);
      for (const name of [...names.male, ...names.female, ...names.last.flat()])
        expect(asciify(name, language), `${language} ${name}`).toMatch(/^[a-z][a-z-]*$/);
    }
    expect(GUEST_COMPANIES.every((c) => c.domain.endsWith('.test'))).toBe(true);
  });

  it('ascii-fies names natively written', () => {
    expect(asciify('Dvořák')).toBe('dvorak');
    expect(asciify('Müller', 'DE')).toBe('mueller');
    expect(asciify('Łukasz')).toBe('lukasz');
    expect(asciify('İbrahim')).toBe('ibrahim');
    expect(asciify('Ștefănescu')).toBe('stefanescu');
    expect(asciify('Фёдорова')).toBe('fedorova');
    expect(asciify('王')).toBe('wang');
    expect(asciify('van den Berg')).toBe('vandenberg');
  });
});

describe('fast iso', () => {
  it('formats exactly like iso() of shared/time', () => {
    const random = mulberry32(3);
    const samples = [
      0,
      999,
      1000,
      86_399_999,
      86_400_000,
      NOW,
      Date.UTC(2026, 11, 31, 23, 59, 59, 999),
      -1,
      253_402_300_800_000,
    ];
    for (let i = 0; i < 2000; i++) samples.push(Math.floor(random() * 4_102_444_800_000));
    for (const t of samples) expect(fastIso(t), String(t)).toBe(iso(t));
  });
});
