/**
 * The world file: companies, tokens, locations, employees and access profile
 * groups of the reference service (docs/interface.md "The world file of the reference service").
 */
import { readFileSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { formatPath } from '../shared/api/errors.ts';

const id = z.number().int().positive();
const name = z.string().min(1, 'must not be empty');

export const WorldFile = z.strictObject({
  companies: z
    .array(
      z.strictObject({
        id,
        name,
        locations: z.array(z.strictObject({ id, name })).min(1, 'a company needs at least one location'),
        employees: z
          .array(
            z.strictObject({
              id,
              email: z.email(),
              firstName: z.string().optional(),
              lastName: z.string().optional(),
            }),
          )
          .min(1, 'a company needs at least one employee (the default host)'),
        integrations: z.array(
          z.strictObject({
            token: z.string().min(8, 'a token needs at least 8 characters'),
            defaultHostId: id,
            accessProfileGroups: z.array(name).default([]),
          }),
        ),
        accessProfileGroups: z
          .array(
            z.strictObject({
              sourceId: name,
              name,
              locationId: id,
              accessProfiles: z
                .array(z.strictObject({ sourceId: name, name, description: z.string().optional() }))
                .optional(),
            }),
          )
          .default([]),
      }),
    )
    .min(1, 'the world needs at least one company'),
});
export type World = z.output<typeof WorldFile>;
export type WorldInput = z.input<typeof WorldFile>;

export class WorldFileError extends Error {
  constructor(
    readonly source: string,
    readonly problems: { path: string; message: string }[],
  ) {
    super(`${source} is not a valid world file:\n` + problems.map((p) => `  ${p.path}: ${p.message}`).join('\n'));
    this.name = 'WorldFileError';
  }
}

/** Checks shape and references; every problem names the path of the bad field. */
export function parseWorld(input: unknown, source = 'the world'): World {
  const parsed = WorldFile.safeParse(input);
  if (!parsed.success)
    throw new WorldFileError(
      source,
      parsed.error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message })),
    );
  const world = parsed.data;
  const problems: { path: string; message: string }[] = [];
  const unique = (seen: Map<string, string>, key: string, path: string, what: string) => {
    const first = seen.get(key);
    if (first) problems.push({ path, message: `${what} is already used at ${first}` });
    else seen.set(key, path);
  };
  const companyIds = new Map<string, string>();
  const locationIds = new Map<string, string>();
  const employeeIds = new Map<string, string>();
  const tokens = new Map<string, string>();
  world.companies.forEach((company, c) => {
    const at = `companies[${c}]`;
    unique(companyIds, String(company.id), `${at}.id`, `company id ${company.id}`);
    company.locations.forEach((l, i) =>
      unique(locationIds, String(l.id), `${at}.locations[${i}].id`, `location id ${l.id}`),
    );
    company.employees.forEach((e, i) =>
      unique(employeeIds, String(e.id), `${at}.employees[${i}].id`, `employee id ${e.id}`),
    );
    const ownLocations = new Set(company.locations.map((l) => l.id));
    const ownEmployees = new Set(company.employees.map((e) => e.id));
    const groupIds = new Map<string, string>();
    company.accessProfileGroups.forEach((g, i) => {
      unique(groupIds, g.sourceId, `${at}.accessProfileGroups[${i}].sourceId`, `group sourceId "${g.sourceId}"`);
      if (!ownLocations.has(g.locationId))
        problems.push({
          path: `${at}.accessProfileGroups[${i}].locationId`,
          message: `location ${g.locationId} is not a location of company ${company.id}`,
        });
    });
    company.integrations.forEach((integration, i) => {
      unique(tokens, integration.token, `${at}.integrations[${i}].token`, 'this token');
      if (!ownEmployees.has(integration.defaultHostId))
        problems.push({
          path: `${at}.integrations[${i}].defaultHostId`,
          message: `employee ${integration.defaultHostId} is not an employee of company ${company.id}`,
        });
      integration.accessProfileGroups.forEach((g, j) => {
        if (!groupIds.has(g))
          problems.push({
            path: `${at}.integrations[${i}].accessProfileGroups[${j}]`,
            message: `no access profile group "${g}" in company ${company.id}`,
          });
      });
    });
  });
  if (problems.length > 0) throw new WorldFileError(source, problems);
  return world;
}

export function loadWorldFile(path: string): World {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the world file ${path}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new WorldFileError(path, [{ path: '(root)', message: `not valid JSON: ${(error as Error).message}` }]);
  }
  return parseWorld(json, path);
}

export function employeeSearchKey(firstName?: string | null, lastName?: string | null, email?: string | null) {
  const fullName = [firstName, lastName].filter(Boolean).join(' ');
  return `${fullName.toLowerCase()}\u0001${(email ?? '').toLowerCase()}`;
}

/**
 * Writes the world into the database. Companies, locations, employees and
 * groups are upserted (never deleted, stored events may still use them);
 * integrations are replaced, so a token removed from the file stops working.
 */
export function applyWorld(db: Database.Database, world: World, now: string): void {
  const upsertCompany = db.prepare(
    'INSERT INTO companies (id, name) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET name = excluded.name',
  );
  const upsertLocation = db.prepare(
    `INSERT INTO locations (id, company_id, name) VALUES (?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET company_id = excluded.company_id, name = excluded.name`,
  );
  const upsertEmployee = db.prepare(
    `INSERT INTO employees (id, company_id, email, email_key, first_name, last_name, search_key, created_at, updated_at)
     VALUES (@id, @companyId, @email, @emailKey, @firstName, @lastName, @searchKey, @now, @now)
     ON CONFLICT(id) DO UPDATE SET company_id = excluded.company_id, email = excluded.email,
       email_key = excluded.email_key, first_name = excluded.first_name, last_name = excluded.last_name,
       search_key = excluded.search_key, updated_at = excluded.updated_at
     WHERE employees.email IS NOT excluded.email OR employees.first_name IS NOT excluded.first_name
       OR employees.last_name IS NOT excluded.last_name OR employees.company_id IS NOT excluded.company_id`,
  );
  const upsertGroup = db.prepare(
    `INSERT INTO access_profile_groups (company_id, source_id, name, location_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT(company_id, source_id) DO UPDATE SET name = excluded.name, location_id = excluded.location_id,
       updated_at = excluded.updated_at
     WHERE access_profile_groups.name IS NOT excluded.name OR access_profile_groups.location_id IS NOT excluded.location_id`,
  );
  const groupId = db.prepare('SELECT id FROM access_profile_groups WHERE company_id = ? AND source_id = ?').pluck();
  const profileCount = db.prepare('SELECT count(*) FROM access_profiles WHERE group_id = ?').pluck();
  const insertProfile = db.prepare(
    'INSERT INTO access_profiles (group_id, source_id, name, description) VALUES (?, ?, ?, ?)',
  );
  const insertIntegration = db.prepare(
    'INSERT INTO integrations (company_id, token, default_host_id) VALUES (?, ?, ?)',
  );
  const mapGroup = db.prepare('INSERT INTO integration_groups (integration_id, group_id) VALUES (?, ?)');

  db.transaction(() => {
    db.prepare('DELETE FROM integrations').run();
    for (const company of world.companies) {
      upsertCompany.run(company.id, company.name);
      for (const location of company.locations) upsertLocation.run(location.id, company.id, location.name);
      for (const e of company.employees)
        upsertEmployee.run({
          id: e.id,
          companyId: company.id,
          email: e.email,
          emailKey: e.email.toLowerCase(),
          firstName: e.firstName ?? null,
          lastName: e.lastName ?? null,
          searchKey: employeeSearchKey(e.firstName, e.lastName, e.email),
          now,
        });
      for (const group of company.accessProfileGroups) {
        upsertGroup.run(company.id, group.sourceId, group.name, group.locationId, now, now);
        const gid = groupId.get(company.id, group.sourceId) as number;
        // Profiles in the world file seed an empty group; uploads own it afterwards.
        if (group.accessProfiles && profileCount.get(gid) === 0)
          for (const p of group.accessProfiles) insertProfile.run(gid, p.sourceId, p.name, p.description ?? null);
      }
      for (const integration of company.integrations) {
        const integrationId = insertIntegration.run(company.id, integration.token, integration.defaultHostId)
          .lastInsertRowid as number;
        for (const g of integration.accessProfileGroups) mapGroup.run(integrationId, groupId.get(company.id, g));
      }
    }
  })();
}
