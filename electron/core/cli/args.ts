import { parseArgs, type ParseArgsConfig } from 'node:util';
import { defaultDataDir } from '../config/config.ts';
import stringWidth from 'string-width';
import { UsageError } from './output.ts';

export { type Output, stdout, UsageError } from './output.ts';

type Options = NonNullable<ParseArgsConfig['options']>;

/** Parses a subcommand's arguments; every command also takes --data-dir. Wrong usage is a UsageError (exit 2). */
export function parseCommand<O extends Options>(argv: string[], options: O, positionals: { min: number; max: number }) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { ...options, 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const count = parsed.positionals.length;
  if (!(parsed.values as { help?: boolean }).help && (count < positionals.min || count > positionals.max))
    throw new UsageError(
      count < positionals.min ? 'missing argument' : `unexpected argument "${parsed.positionals[positionals.max]}"`,
    );
  type Value<T extends Options[string]> = T['type'] extends 'boolean' ? boolean : string;
  const values = parsed.values as {
    [K in keyof O]?: O[K] extends { multiple: true } ? Value<O[K]>[] : Value<O[K]>;
  } & {
    'data-dir'?: string;
    help?: boolean;
  };
  return { values, positionals: parsed.positionals, dataDir: values['data-dir'] ?? defaultDataDir() };
}

/**
 * A plain text table: columns padded to their widest cell, measured as a
 * terminal shows it (a Chinese character takes two columns, a combining
 * mark none), so that 王 and Müller line up with the rest.
 */
export function table(headers: string[], rows: (string | number | null | undefined)[][]): string {
  const cells = [
    headers,
    ...rows.map((row) => row.map((cell) => (cell === null || cell === undefined ? '' : String(cell)))),
  ];
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => stringWidth(row[i] ?? ''))));
  return cells
    .map((row) =>
      row
        .map((cell, i) => (i === row.length - 1 ? cell : cell + ' '.repeat(widths[i]! - stringWidth(cell))))
        .join('  '),
    )
    .join('\n');
}

/**
 * A time as this machine's clock shows it, "2026-11-25 09:05" (what sv-SE's short date and
 * time read), made by hand: the first Intl formatter of a process loads the locale data,
 * about a tenth of a short command's time.
 */
export const localTime = (value: string | null | undefined) => {
  if (!value) return '';
  const d = new Date(value);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
};
