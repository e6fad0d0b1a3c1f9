/**
 * What every command shares and the entry needs before it knows the
 * command: where output goes and the wrong-usage error. Kept apart from
 * args.ts, which reads the configuration's defaults (and so loads zod and
 * the contract): `foyer --help` loads this module and nothing else.
 */
export class UsageError extends Error {
  override name = 'UsageError';
}

export interface Output {
  write(text: string): void;
  isTTY: boolean;
}

export const stdout: Output = {
  write: (text) => void process.stdout.write(text),
  get isTTY() {
    return Boolean(process.stdout.isTTY);
  },
};

/** A command: it runs with its arguments and says its exit code; its usage is shown with a wrong use. */
export interface Command {
  run: (argv: string[], out: Output) => Promise<number>;
  usage: string;
}

/**
 * The commands of a domain in its own folder, listed once in cli/main.ts:
 * each its lines in `foyer --help`, and its module, loaded when it runs.
 */
export type DomainCommands = Record<string, { help: string; load: () => Promise<Command> }>;
