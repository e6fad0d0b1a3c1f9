/**
 * foyer forget TEXT [--pick N] [--export FILE.json|FILE.pdf] [--yes] [--confirm-queued]
 *
 * Finds a person (any script or spelling, or their email) among everything this site holds, and erases them:
 * through the CLI's door, as the admin console does.
 */
import { writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import type { FoundPerson } from '../../../shared/contract/forget.ts';
import { type Output, parseCommand, table, UsageError } from './args.ts';
import { openDoor } from './door.ts';

export const FORGET_USAGE = `Usage: foyer forget TEXT [--pick N] [--export FILE] [--yes] [--confirm-queued] [--data-dir DIR]

Finds a visitor by name (any script or spelling) or email and erases them from this site:
names, email and company in every table, walk-in requests, roll-call entries, print jobs,
delivered outbox payloads; the audit log keeps its entries with a pseudonym. Then every
file of the data directory is read for the name and the email.
  (no --yes)          list who was found, and what the site holds; nothing is erased
  --pick N            the N-th person found (default: the only one)
  --export FILE       first write everything held about them to FILE (.json or .pdf)
  --yes               erase
  --confirm-queued    erase even when their changes still wait for the service
                      (the service then receives the pseudonym in place of the name)
The service keeps what it was sent (its interface has no delete): the ids to give the
service's operator are printed.
`;

const selectionOf = (p: FoundPerson) => ({
  invitationIds: p.invitationIds,
  checkInIds: p.checkInIds,
  walkInIds: p.walkInIds,
});

export async function forgetCommand(argv: string[], out: Output): Promise<number> {
  const { values, positionals, dataDir } = parseCommand(
    argv,
    {
      pick: { type: 'string' },
      export: { type: 'string' },
      yes: { type: 'boolean' },
      'confirm-queued': { type: 'boolean' },
    },
    { min: 1, max: 1 },
  );
  if (values.help) return (out.write(FORGET_USAGE), 0);
  const format = values.export === undefined ? undefined : extname(values.export).toLowerCase();
  if (format !== undefined && format !== '.json' && format !== '.pdf')
    throw new UsageError('--export takes a file ending in .json or .pdf');
  const door = await openDoor(dataDir);
  try {
    const { people } = await door.call('forget.find', { text: positionals[0] });
    if (people.length === 0) {
      out.write(`nobody on this site is found by "${positionals[0]}"\n`);
      return 1;
    }
    const pick = values.pick === undefined ? undefined : Number(values.pick);
    if (pick === undefined && people.length > 1 && (values.yes || values.export)) {
      out.write(`${listOf(people)}\n`);
      throw new UsageError(`"${positionals[0]}" finds ${people.length} people: say which with --pick N`);
    }
    if (pick !== undefined && (!Number.isInteger(pick) || pick < 1 || pick > people.length))
      throw new UsageError(`--pick takes 1 to ${people.length}`);
    if (!values.yes && !values.export) {
      out.write(`${listOf(people)}\n\nnothing erased: add --yes (and --pick N) to forget one of them\n`);
      return 0;
    }
    const person = people[(pick ?? 1) - 1]!;
    if (values.export) {
      const file = await door.call('forget.export', {
        person: selectionOf(person),
        format: format === '.pdf' ? 'pdf' : 'json',
      });
      writeFileSync(values.export, Buffer.from(file.base64, 'base64'), { mode: 0o600 });
      out.write(`wrote ${file.items} items held about ${person.name} to ${values.export}\n`);
    }
    if (!values.yes) return 0;
    const result = await door.call('forget.erase', {
      person: selectionOf(person),
      confirmQueued: values['confirm-queued'] === true,
    });
    if (!result.done) {
      out.write(
        `${person.name} has changes still waiting for the service:\n${result.queued.map((q) => `  ${q}`).join('\n')}\n` +
          'nothing erased: add --confirm-queued to erase anyway (the service then receives the pseudonym)\n',
      );
      return 1;
    }
    out.write(`forgotten: now "${result.pseudonym}" in the audit log\n`);
    for (const [holder, n] of Object.entries(result.erased)) if (n) out.write(`  ${holder}: ${n}\n`);
    if (result.rewrittenFiles.length)
      out.write(`files rewritten with the pseudonym: ${result.rewrittenFiles.join(', ')}\n`);
    if (result.service)
      out.write(
        'the service still holds them (its interface has no delete); give its operator these ids:\n' +
          `  invitations / check-in records: ${result.service.invitationIds.join(', ') || 'none'}\n` +
          `  walk-in events (sourceId): ${result.service.walkInEventSourceIds.join(', ') || 'none'}\n`,
      );
    if (result.stillFound.length) {
      out.write(`still found in: ${result.stillFound.join(', ')}\n`);
      return 1;
    }
    out.write('no file of the data directory holds the name or the email any more\n');
    return 0;
  } finally {
    await door.close();
  }
}

function listOf(people: FoundPerson[]): string {
  return table(
    ['#', 'NAME', 'EMAIL', 'COMPANY', 'VISITS', 'WALK-INS'],
    people.map((p, i) => [i + 1, p.name, p.email, p.companies.join(', '), p.invitationIds.length, p.walkInIds.length]),
  );
}
