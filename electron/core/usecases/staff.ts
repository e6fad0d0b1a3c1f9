/**
 * Named staff, kept by the admin (the console's Staff section and "foyer
 * staff"): each person unlocks the desk or admin role with a PIN of their
 * own or their staff card's code, kept as salted scrypt hashes only
 * (access/pins.ts), and every audit entry of their session names them.
 *
 * The rules: a person's PIN follows the PIN rule (4 to 12 digits); PINs and
 * card codes are unique on the site and differ from the shared desk and admin
 * PINs, since the one typed is what says who unlocked; names are unique, so
 * that an audit entry names one person. Wrong PINs meet the PIN guard per
 * screen and for the process, and per person when the person is named
 * (access/session.ts). A person removed unlocks nothing from the next attempt,
 * and their open sessions lock at once (the core, app/core.ts).
 */
import type { StaffMember } from '../../../shared/contract/staff.ts';
import { iso } from '../../../shared/time.ts';
import { AppError, InvalidField } from '../errors.ts';
import { hashPinAsync, hashSecretAsync, verifyPin } from '../access/pins.ts';
import type { StaffRow } from '../db/repos/staff.ts';
import type { Runtime } from '../runtime.ts';

type WithStaff = Pick<Runtime, 'mirror' | 'configStore'>;

export const staffMember = (row: StaffRow): StaffMember => ({
  id: row.id,
  name: row.name,
  role: row.role,
  hasPin: row.pinHash !== null,
  hasCard: row.cardHash !== null,
  addedAt: row.addedAt,
});

/** Whether `secret` unlocks anyone already: a person (by PIN or card) or a shared PIN. */
async function takenBy(runtime: WithStaff, secret: string): Promise<string | undefined> {
  const { pins } = runtime.configStore.current();
  if (await verifyPin(secret, pins.admin)) return 'the shared admin PIN';
  if (await verifyPin(secret, pins.desk)) return 'the shared desk PIN';
  for (const person of runtime.mirror.staff.active())
    if (
      (await verifyPin(secret, person.pinHash ?? undefined)) ||
      (await verifyPin(secret, person.cardHash ?? undefined))
    )
      return 'another person';
  return undefined;
}

/** A shared PIN being set must not be a person's own: it would unlock as them (the console's and the CLI's check). */
export async function refusePersonalPin(runtime: Pick<Runtime, 'mirror'>, pin: string): Promise<void> {
  for (const person of runtime.mirror.staff.active())
    if ((await verifyPin(pin, person.pinHash ?? undefined)) || (await verifyPin(pin, person.cardHash ?? undefined)))
      throw new InvalidField('pin', 'this PIN is a person’s own PIN (Staff): choose another');
}

export async function addStaff(
  runtime: WithStaff,
  input: { name: string; role: 'desk' | 'admin'; pin?: string | undefined; cardCode?: string | undefined },
  now: number,
): Promise<StaffMember> {
  const name = input.name.trim();
  if (runtime.mirror.staff.active().some((p) => p.name.toLocaleLowerCase() === name.toLocaleLowerCase()))
    throw new InvalidField('name', `${name} is on the staff list already: remove them first, or add a distinct name`);
  if (input.pin !== undefined && input.cardCode !== undefined && input.pin === input.cardCode)
    throw new InvalidField('cardCode', 'the card code must differ from the PIN');
  for (const [field, secret] of [
    ['pin', input.pin],
    ['cardCode', input.cardCode],
  ] as const) {
    if (secret === undefined) continue;
    const taken = await takenBy(runtime, secret);
    if (taken)
      throw new InvalidField(
        field,
        `this ${field === 'pin' ? 'PIN' : 'card code'} is taken (${taken}): each person needs one of their own`,
      );
  }
  const pinHash = input.pin === undefined ? null : await hashPinAsync(input.pin);
  const cardHash = input.cardCode === undefined ? null : await hashSecretAsync(input.cardCode);
  const id = runtime.mirror.staff.add({ name, role: input.role, pinHash, cardHash, addedAt: iso(now) });
  return staffMember(runtime.mirror.staff.byId(id)!);
}

export function removeStaff(runtime: Pick<Runtime, 'mirror'>, id: number, now: number): StaffRow {
  const row = runtime.mirror.staff.byId(id);
  if (!row || row.removedAt !== null || !runtime.mirror.staff.remove(id, iso(now)))
    throw new AppError('NOT_FOUND', `no person ${id} on the staff list ("foyer staff list" shows them)`);
  return row;
}
