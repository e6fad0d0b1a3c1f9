/**
 * Reference data: what the seed reads of the company it fills (applyWorld
 * wrote it): its locations, the employees who host, the access profiles its
 * integration maps at each location, and the emails already taken.
 */
import type Database from 'better-sqlite3';

export interface DemoLocation {
  id: number;
  name: string;
}

export interface ProfileRef {
  groupId: number;
  sourceId: string;
}

export interface DemoCompany {
  id: number;
  locations: DemoLocation[];
  /** Employee ids, in id order. */
  hosts: number[];
  /** The access profiles of the integration's groups, by location. */
  profilesAt: Map<number, ProfileRef[]>;
  /** Lower-case emails of the company's contacts. */
  usedEmails: Set<string>;
}

export function readCompany(db: Database.Database, companyId: number): DemoCompany {
  const locations = db
    .prepare('SELECT id, name FROM locations WHERE company_id = ? ORDER BY id')
    .all(companyId) as DemoLocation[];
  const hosts = db
    .prepare('SELECT id FROM employees WHERE company_id = ? ORDER BY id')
    .pluck()
    .all(companyId) as number[];
  if (locations.length === 0 || hosts.length === 0)
    throw new Error(`seedDemo: company ${companyId} needs locations and employees (run applyWorld first)`);
  const profileRows = db
    .prepare(
      `SELECT g.location_id AS locationId, g.id AS groupId, p.source_id AS sourceId
       FROM access_profile_groups g JOIN access_profiles p ON p.group_id = g.id
       WHERE g.company_id = ? AND g.id IN (SELECT group_id FROM integration_groups)
       ORDER BY g.source_id, p.source_id`,
    )
    .all(companyId) as ({ locationId: number } & ProfileRef)[];
  const profilesAt = new Map<number, ProfileRef[]>();
  for (const p of profileRows) {
    const list = profilesAt.get(p.locationId) ?? [];
    list.push({ groupId: p.groupId, sourceId: p.sourceId });
    profilesAt.set(p.locationId, list);
  }
  const usedEmails = new Set(
    db
      .prepare('SELECT email_key FROM contacts WHERE company_id = ? AND email_key IS NOT NULL')
      .pluck()
      .all(companyId) as string[],
  );
  return { id: companyId, locations, hosts, profilesAt, usedEmails };
}

/** The first free id of each table the seed writes (ids are shared by all companies). */
export function firstFreeIds(db: Database.Database): { contact: number; event: number; invitation: number } {
  const next = (table: string) => db.prepare(`SELECT coalesce(max(id), 0) + 1 FROM ${table}`).pluck().get() as number;
  // An invitation and its check-in share an id.
  return {
    contact: next('contacts'),
    event: next('events'),
    invitation: Math.max(next('invitations'), next('check_ins')),
  };
}
