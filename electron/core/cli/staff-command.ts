/** foyer staff [list] | add --name N --role desk|admin [--pin P] [--card CODE] | remove ID: through the CLI's door. */
import { localTime, type Output, parseCommand, table, UsageError } from './args.ts';
import { openDoor } from './door.ts';

export const STAFF_USAGE = `Usage: foyer staff [list] [--json] [--data-dir DIR]
       foyer staff add --name "NAME" --role desk|admin [--pin DIGITS] [--card CODE]
       foyer staff remove ID

The site's named staff: each unlocks the desk or admin screens with a PIN of their own
(4 to 12 digits) or their staff card's code (typed or scanned), and the audit log names
them. PINs and card codes are kept as hashes only, and are unique on the site.
A person removed unlocks nothing more, anywhere on the site, and their open screens lock.
`;

export async function staffCommand(argv: string[], out: Output): Promise<number> {
  const { values, positionals, dataDir } = parseCommand(
    argv,
    {
      json: { type: 'boolean' },
      name: { type: 'string' },
      role: { type: 'string' },
      pin: { type: 'string' },
      card: { type: 'string' },
    },
    { min: 0, max: 2 },
  );
  if (values.help) return (out.write(STAFF_USAGE), 0);
  const [verb = 'list', arg] = positionals;
  if (!['list', 'add', 'remove'].includes(verb)) throw new UsageError(`unknown staff command "${verb}"`);
  if (verb === 'remove' && (arg === undefined || !/^\d+$/.test(arg)))
    throw new UsageError('remove takes the person\'s id ("foyer staff list" shows it)');
  if (verb !== 'remove' && arg !== undefined) throw new UsageError(`unexpected argument "${arg}"`);
  if (verb === 'add' && (!values.name || !values.role)) throw new UsageError('add needs --name and --role desk|admin');
  const door = await openDoor(dataDir);
  try {
    if (verb === 'add') {
      const added = await door.call('staff.add', {
        name: values.name,
        role: values.role,
        ...(values.pin !== undefined ? { pin: values.pin } : {}),
        ...(values.card !== undefined ? { cardCode: values.card } : {}),
      });
      out.write(`added ${added.name} (${added.role}), id ${added.id}\n`);
      return 0;
    }
    if (verb === 'remove') {
      const removed = await door.call('staff.remove', { id: Number(arg) });
      out.write(
        `removed ${removed.name}: unlocks nothing any more` +
          (removed.sessionsEnded ? `; ${removed.sessionsEnded} open session(s) locked\n` : '\n'),
      );
      return 0;
    }
    const { staff } = await door.call('staff.list', {});
    if (values.json) out.write(`${JSON.stringify(staff, null, 2)}\n`);
    else if (staff.length === 0) out.write('no named staff: the shared desk and admin PINs unlock the screens\n');
    else
      out.write(
        `${table(
          ['ID', 'NAME', 'ROLE', 'UNLOCKS WITH', 'ADDED'],
          staff.map((p) => [
            p.id,
            p.name,
            p.role,
            [p.hasPin ? 'PIN' : '', p.hasCard ? 'card' : ''].filter(Boolean).join(' and '),
            localTime(p.addedAt),
          ]),
        )}\n`,
      );
    return 0;
  } finally {
    await door.close();
  }
}
