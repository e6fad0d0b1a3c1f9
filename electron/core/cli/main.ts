/** Entry of the `foyer` command: dispatches to the subcommands. */
import { runServiceCommand, SERVICE_USAGE, UsageError } from '../../../service/cli.ts';

const USAGE = `Usage: foyer <command> [options]

Commands:
  service    run the reference service (foyer service --help)
`;

/** Returns the exit code: 0 done, 1 failed, 2 wrong usage. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'service':
        await runServiceCommand(rest);
        return 0;
      case undefined:
      case '--help':
      case '-h':
      case 'help':
        process.stdout.write(USAGE);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`foyer: ${error.message}\n\n${command === 'service' ? SERVICE_USAGE : USAGE}`);
      return 2;
    }
    process.stderr.write(`foyer: ${(error as Error).message}\n`);
    return 1;
  }
}
