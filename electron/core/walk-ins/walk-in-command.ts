/**
 * foyer walk-in --first F --last L [--company C] [--email E] --host "NAME": a
 * door of the command line (cli/door.ts), loaded when it runs (commands.ts).
 */
import { WalkInForm } from '../../../shared/contract/walk-ins.ts';
import { baseFold } from '../lookup/fold.ts';
import { employeeName, personName } from '../../../shared/domain/person-name.ts';
import { AppError } from '../errors.ts';
import { type Output, parseCommand, UsageError } from '../cli/args.ts';
import { type CliDoor, openDoor } from '../cli/door.ts';

export const WALK_IN_USAGE = `Usage: foyer walk-in --first F --last L [--company C] [--email E] --host "NAME" [--data-dir DIR]

Registers a visitor without an invitation, let in at once (staff register them): one
event with one invitation for the service, then their check-in. Queued when the service
cannot be reached, and sent by "foyer sync" (or the running app) later.
  --host    the employee visited, by name as the mirror holds the company's employees;
            a name that fits several says which (exit 2)
`;

/** The one employee a typed name stands for: the one whose full name it is, or the only one it is part of. */
async function hostOf(door: CliDoor, typed: string): Promise<{ id: number; name: string }> {
  // As the desk's Add visitor finds them.
  const found = (await door.call('employees.search', { text: typed })).map((e) => ({
    id: e.id,
    name: employeeName(e),
  }));
  const exact = found.filter((e) => baseFold(e.name) === baseFold(typed.trim()));
  if (exact.length === 1) return exact[0]!;
  if (found.length === 1) return found[0]!;
  if (found.length === 0)
    throw new UsageError(`no employee's name holds "${typed}" (run "foyer sync" if they were added lately)`);
  const list = found.map((e) => `  ${e.name} (employee ${e.id})`).join('\n');
  throw new UsageError(`"${typed}" fits ${found.length >= CANDIDATES ? 'many' : found.length} employees:\n${list}`);
}

/** What employees.search gives at most. */
const CANDIDATES = 20;

export async function walkInCommand(argv: string[], out: Output): Promise<number> {
  const { values, dataDir } = parseCommand(
    argv,
    {
      first: { type: 'string' },
      last: { type: 'string' },
      company: { type: 'string' },
      email: { type: 'string' },
      host: { type: 'string' },
    },
    { min: 0, max: 0 },
  );
  if (values.help) return (out.write(WALK_IN_USAGE), 0);
  if (!values.host) throw new UsageError('--host is required: the name of the employee visited');
  const form = WalkInForm.safeParse({
    firstName: values.first ?? '',
    lastName: values.last ?? '',
    companyName: values.company,
    email: values.email,
  });
  if (!form.success)
    throw new UsageError(form.error.issues.map((i) => `--${flagOf(i.path[0])}: ${i.message}`).join('; '));
  // Through the door, as the desk's "Add visitor": the watchlist's check and the audit log (device "cli") the same.
  const door = await openDoor(dataDir);
  const { engine } = door.runtime;
  try {
    const host = await hostOf(door, values.host);
    let row;
    try {
      row = await door.call('walkIns.add', { ...form.data, hostId: host.id });
    } catch (error) {
      // A watchlist entry that denies: said with its note, exit 1 (a desk decides at the alert).
      if (!(error instanceof AppError) || error.code !== 'REFUSED') throw error;
      out.write(`${error.message}\n`);
      return 1;
    }
    out.write(`${personName(row)} for ${host.name}: let in (walk-in ${row.id}), on site (pending)\n`);
    await engine.deliver();
    // Online: the invitation comes with the next pull (which links the walk-in), and its check-in goes at once.
    const pulled = await engine.syncNow({ resources: ['invitations'] });
    const summary = await engine.deliver();
    const linked = await door.call('walkIns.get', { id: row.id });
    if (pulled.invitations.ok && linked.invitationId !== null && summary && summary.pending === 0)
      out.write(`delivered: invitation ${linked.invitationId}, checked in\n`);
    else out.write('queued: sent when the service can be reached ("foyer sync", or the running app)\n');
    return 0;
  } finally {
    await door.close();
  }
}

const flagOf = (key: PropertyKey | undefined) =>
  ({ firstName: 'first', lastName: 'last', companyName: 'company', email: 'email' })[String(key)] ?? String(key);
