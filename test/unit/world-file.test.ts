import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWorldFile, parseWorld, WorldFileError, type WorldInput } from '../../service/world.ts';
import { testWorld } from '../support/world.ts';

function problemsOf(input: unknown): { path: string; message: string }[] {
  try {
    parseWorld(input);
  } catch (error) {
    expect(error).toBeInstanceOf(WorldFileError);
    return (error as WorldFileError).problems;
  }
  throw new Error('expected the world to be refused');
}

const clone = (): WorldInput => structuredClone(testWorld);

describe('world file', () => {
  it('accepts the test world and the demo world', () => {
    expect(parseWorld(testWorld).companies).toHaveLength(2);
    expect(loadWorldFile(new URL('../../resources/demo/world.json', import.meta.url).pathname).companies.length).toBe(
      2,
    );
  });

  it('names the path of a field with a wrong type', () => {
    const world = clone() as unknown as { companies: { employees: { id: unknown }[] }[] };
    world.companies[0]!.employees[2]!.id = 'x';
    expect(problemsOf(world)).toEqual([expect.objectContaining({ path: 'companies[0].employees[2].id' })]);
  });

  it('names the path of a missing field and of an unknown one', () => {
    const world = clone() as unknown as { companies: Record<string, unknown>[] };
    delete world.companies[1]!.name;
    world.companies[0]!.colour = 'blue';
    const paths = problemsOf(world).map((p) => p.path);
    expect(paths).toContain('companies[1].name');
    expect(paths.some((p) => p.startsWith('companies[0]'))).toBe(true);
  });

  it('refuses an invalid employee email', () => {
    const world = clone();
    world.companies[0]!.employees[0]!.email = 'not-an-email';
    expect(problemsOf(world)[0]!.path).toBe('companies[0].employees[0].email');
  });

  it('refuses references that do not resolve, naming where', () => {
    const world = clone();
    world.companies[0]!.integrations[0]!.defaultHostId = 200; // an employee of company 2
    world.companies[0]!.integrations[0]!.accessProfileGroups = ['berlin-doors', 'nowhere'];
    world.companies[0]!.accessProfileGroups![1]!.locationId = 20; // a location of company 2
    const problems = problemsOf(world);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'companies[0].integrations[0].defaultHostId' }),
        expect.objectContaining({ path: 'companies[0].integrations[0].accessProfileGroups[1]' }),
        expect.objectContaining({ path: 'companies[0].accessProfileGroups[1].locationId' }),
      ]),
    );
  });

  it('refuses duplicate ids and tokens', () => {
    const world = clone();
    world.companies[1]!.locations[0]!.id = 10;
    world.companies[1]!.integrations[0]!.token = world.companies[0]!.integrations[0]!.token;
    const paths = problemsOf(world).map((p) => p.path);
    expect(paths).toContain('companies[1].locations[0].id');
    expect(paths).toContain('companies[1].integrations[0].token');
  });

  it('refuses a file that is not JSON, naming the file', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'world-')), 'world.json');
    writeFileSync(path, '{ "companies": [ ');
    expect(() => loadWorldFile(path)).toThrow(path);
  });
});
