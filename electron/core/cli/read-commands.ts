/**
 * The offline read commands: foyer status, foyer lookup, foyer guests. They never start a service: they read the
 * mirror through the contract, as the CLI's admin, by the offline door (see door.ts).
 */
import type { Guest } from '../../../shared/contract/guests.ts';
import { GUEST_CATEGORIES, type GuestCategory } from '../../../shared/domain/flow.ts';
import { personName } from '../../../shared/domain/person-name.ts';
import { localTime, type Output, parseCommand, table, UsageError } from './args.ts';
import { type CliDoor, openDoor } from './door.ts';

/** Runs `read` on the offline door: the mirror as it is, nothing started. */
async function reading<T>(dataDir: string, read: (door: CliDoor) => Promise<T>): Promise<T> {
  const door = await openDoor(dataDir, undefined, { offline: true });
  try {
    return await read(door);
  } finally {
    await door.close();
  }
}

export const STATUS_USAGE = 'Usage: foyer status [--json] [--data-dir DIR]\n';
export const LOOKUP_USAGE = 'Usage: foyer lookup TEXT [--json] [--data-dir DIR]\n';
export const GUESTS_USAGE = `Usage: foyer guests [--state ${GUEST_CATEGORIES.filter((c) => c !== 'other').join('|')}] [--json] [--data-dir DIR]\n`;

export async function statusCommand(argv: string[], out: Output): Promise<number> {
  const { values, dataDir } = parseCommand(argv, { json: { type: 'boolean' } }, { min: 0, max: 0 });
  if (values.help) return (out.write(STATUS_USAGE), 0);
  return reading(dataDir, async (door) => {
    const { config } = door.runtime;
    const { counts, resources } = await door.call('sync.mirror', {});
    if (values.json) {
      out.write(
        `${JSON.stringify({ dataDir, baseUrl: config.baseUrl ?? null, locationId: config.locationId, counts, resources }, null, 2)}\n`,
      );
      return 0;
    }
    out.write(`service:  ${config.baseUrl ?? 'embedded reference service (demo)'}\n`);
    out.write(`location: ${config.locationId}, company ${config.companyId}\n`);
    out.write(
      `mirror:   ${counts.invitations} invitations, ${counts.checkIns} check-ins, ${counts.employees} employees, ${counts.groups} groups\n\n`,
    );
    out.write(
      `${table(
        ['resource', 'last success', 'last full', 'last error'],
        resources.map((r) => [
          r.resource,
          localTime(r.lastSuccessAt) || 'never',
          localTime(r.lastFullAt),
          r.lastError ? `${localTime(r.lastErrorAt)} ${r.lastError}` : '',
        ]),
      )}\n`,
    );
    if (resources.length === 0) out.write('Nothing pulled yet: run "foyer sync --once".\n');
    return 0;
  });
}

function printGuests(out: Output, guests: Guest[], json: boolean | undefined) {
  if (json) {
    out.write(`${JSON.stringify(guests, null, 2)}\n`);
    return;
  }
  out.write(
    `${table(
      ['id', 'state', 'guest', 'company', 'event', 'starts', 'arrived', 'left'],
      guests.map((g) => [
        g.invitationId,
        g.state,
        personName(g) || g.email,
        g.companyName,
        g.eventName,
        localTime(g.startsAt),
        localTime(g.arrivedAt),
        localTime(g.leftAt),
      ]),
    )}\n`,
  );
  out.write(`${guests.length} guest(s)\n`);
}

export async function lookupCommand(argv: string[], out: Output): Promise<number> {
  const { values, positionals, dataDir } = parseCommand(argv, { json: { type: 'boolean' } }, { min: 1, max: 1 });
  if (values.help) return (out.write(LOOKUP_USAGE), 0);
  const text = positionals[0]!;
  if (text.trim() === '') throw new UsageError('TEXT is empty');
  const guests = await reading(dataDir, (door) => door.call('guests.window', { text }));
  printGuests(out, guests, values.json);
  return 0;
}

export async function guestsCommand(argv: string[], out: Output): Promise<number> {
  const { values, dataDir } = parseCommand(
    argv,
    { state: { type: 'string' }, json: { type: 'boolean' } },
    { min: 0, max: 0 },
  );
  if (values.help) return (out.write(GUESTS_USAGE), 0);
  const state = values.state;
  if (state !== undefined && !(GUEST_CATEGORIES as readonly string[]).includes(state))
    throw new UsageError(`--state must be one of ${GUEST_CATEGORIES.join(', ')}`);
  const category = state as GuestCategory | undefined;
  const guests = await reading(dataDir, (door) =>
    door.call('guests.window', category === undefined ? {} : { category }),
  );
  printGuests(out, guests, values.json);
  return 0;
}
