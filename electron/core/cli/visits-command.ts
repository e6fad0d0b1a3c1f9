/** foyer visits --from D --to D [--out FILE]: the visitor log through the door (the visits domain). */
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { extname } from 'node:path';
import { Writable } from 'node:stream';
import { dayBounds, iso } from '../../../shared/time.ts';
import { type Output, parseCommand, UsageError } from './args.ts';
import { openDoor } from './door.ts';

export const VISITS_USAGE = `Usage: foyer visits --from YYYY-MM-DD --to YYYY-MM-DD [--out FILE] [--data-dir DIR]

The visitor log: every visit that arrived from the first day to the last (both included,
this machine's days), with name, company, host, event, when they arrived and left (as
tapped here and as the service recorded it) and the device. The mirror holds the days of
its retention period only.
  --out FILE   write it to FILE: .csv or .xlsx (an Excel workbook), by the name's ending;
               without --out the CSV goes to the standard output
`;

const DAY_FORMAT = /^\d{4}-\d{2}-\d{2}$/;

function dayOf(value: string | undefined, option: string): string {
  if (!value) throw new UsageError(`${option} is required: a day as YYYY-MM-DD`);
  if (!DAY_FORMAT.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
    throw new UsageError(`${option} "${value}" is not a day: write it as YYYY-MM-DD`);
  return value;
}

function formatOf(out: string | undefined): 'csv' | 'xlsx' {
  if (out === undefined) return 'csv';
  const ending = extname(out).toLowerCase();
  if (ending === '.csv' || ending === '.xlsx') return ending === '.csv' ? 'csv' : 'xlsx';
  throw new UsageError(`--out "${out}": the file's name must end in .csv or .xlsx`);
}

export async function visitsCommand(argv: string[], out: Output): Promise<number> {
  const { values, dataDir } = parseCommand(
    argv,
    { from: { type: 'string' }, to: { type: 'string' }, out: { type: 'string' } },
    { min: 0, max: 0 },
  );
  if (values.help) return (out.write(VISITS_USAGE), 0);
  const firstDay = dayOf(values.from, '--from');
  const lastDay = dayOf(values.to, '--to');
  if (lastDay < firstDay) throw new UsageError(`--to ${lastDay} is before --from ${firstDay}`);
  const format = formatOf(values.out);
  const door = await openDoor(dataDir);
  // Written as it is read (the visitor log streams), to a side file that takes the name once it is whole.
  const part = values.out === undefined ? undefined : `${values.out}.part`;
  let target: Writable | undefined;
  try {
    const file = await door.call(
      'visits.export',
      { from: iso(dayBounds(firstDay).from), to: iso(dayBounds(lastDay).to), firstDay, lastDay, format },
      { file: { open: () => (target = part === undefined ? textTo(out) : createWriteStream(part)) } },
    );
    if (part === undefined || values.out === undefined) return 0;
    renameSync(part, values.out);
    out.write(`${file.rows} visit${file.rows === 1 ? '' : 's'} written to ${values.out}\n`);
    return 0;
  } catch (error) {
    if (target && !target.closed) await new Promise((settled) => target!.destroy().once('close', settled));
    if (part !== undefined) rmSync(part, { force: true });
    throw error;
  } finally {
    await door.close();
  }
}

/** The command's output as a stream of text (the CSV without --out). */
function textTo(out: Output): Writable {
  return new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, done) {
      out.write(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
      done();
    },
  });
}
