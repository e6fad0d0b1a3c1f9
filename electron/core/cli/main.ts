/** Entry of the `foyer` command: dispatches to the subcommands. */
import { runServiceCommand, SERVICE_USAGE, ServiceUsageError } from '../../../service/embed.ts';
import { ConfigError } from '../config/config.ts';
import { ImportError } from '../imports/issues.ts';
import { type Output, stdout, UsageError } from './args.ts';
import { CONFIG_USAGE, configCommand } from './config-command.ts';
import {
  GUESTS_USAGE,
  guestsCommand,
  LOOKUP_USAGE,
  lookupCommand,
  STATUS_USAGE,
  statusCommand,
} from './read-commands.ts';
import {
  OUTBOX_USAGE,
  outboxCommand,
  PUSH_USAGE,
  pushCommand,
  TRANSITION_USAGE,
  transitionCommand,
} from './outbox-commands.ts';
import { SYNC_USAGE, syncCommand } from './sync-command.ts';
import { DEVICES_USAGE, devicesCommand } from './devices-command.ts';
import { HUB_USAGE, hubCommand } from './hub-command.ts';
import { WEB_USAGE, webCommand } from './web-command.ts';
import { WALK_IN_USAGE, walkInCommand } from './walk-in-command.ts';

const USAGE = `Usage: foyer <command> [options]

Commands:
  service                 run the reference service (foyer service --help)
  config get|set          show or change the configuration
  sync [--once]           pull from the service into the offline mirror
  status [--json]         what the mirror holds and how fresh it is
  lookup TEXT [--json]    find guests by name, email or company
  guests [--state S]      guests of the location: expected, onsite, left
  check-in|check-out|undo ID
                          move a guest's check-in (queued offline, sent when possible)
  walk-in --first F --last L --host NAME
                          register a visitor without an invitation, let in (queued offline)
  push identities|profiles|events FILE
                          validate a file and queue it for the service (foyer push --help)
  outbox [--json]         queued, failed and delivered changes with their results
  web [--port 5170]       serve the app to a browser (kiosk; desk and admin with a PIN)
  hub [--port 5443]       serve this site's paired kiosks and desks over HTTPS (one mirror, one outbox)
  devices [pair|revoke]   the hub's paired devices: list, pair CODE --role R --name N, revoke ID

Every command takes --data-dir DIR (default: FOYER_DATA_DIR or the per-OS app data folder).
`;

type Command = { run: (argv: string[], out: Output) => Promise<number>; usage: string };

const COMMANDS: Record<string, Command> = {
  service: {
    run: async (argv) => {
      try {
        await runServiceCommand(argv);
      } catch (error) {
        if (error instanceof ServiceUsageError) throw new UsageError(error.message);
        throw error;
      }
      return 0;
    },
    usage: SERVICE_USAGE,
  },
  config: { run: configCommand, usage: CONFIG_USAGE },
  sync: { run: syncCommand, usage: SYNC_USAGE },
  status: { run: statusCommand, usage: STATUS_USAGE },
  lookup: { run: lookupCommand, usage: LOOKUP_USAGE },
  guests: { run: guestsCommand, usage: GUESTS_USAGE },
  'check-in': { run: transitionCommand('checkIn'), usage: TRANSITION_USAGE },
  'check-out': { run: transitionCommand('checkOut'), usage: TRANSITION_USAGE },
  undo: { run: transitionCommand('undo'), usage: TRANSITION_USAGE },
  'walk-in': { run: walkInCommand, usage: WALK_IN_USAGE },
  push: { run: pushCommand, usage: PUSH_USAGE },
  outbox: { run: outboxCommand, usage: OUTBOX_USAGE },
  web: { run: webCommand, usage: WEB_USAGE },
  hub: { run: hubCommand, usage: HUB_USAGE },
  devices: { run: devicesCommand, usage: DEVICES_USAGE },
};

/** Returns the exit code: 0 done, 1 failed, 2 wrong usage. */
export async function main(
  argv: string[],
  out: Output = stdout,
  err: Output = { write: (t) => void process.stderr.write(t), isTTY: false },
): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    out.write(USAGE);
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS[name];
  try {
    if (!command) throw new UsageError(`unknown command "${name}"`);
    return await command.run(rest, out);
  } catch (error) {
    if (error instanceof UsageError) {
      err.write(`foyer: ${error.message}\n\n${command?.usage ?? USAGE}`);
      return 2;
    }
    if (error instanceof ConfigError || error instanceof ImportError) {
      err.write(`foyer: ${error.message}\n`);
      return 1;
    }
    err.write(`foyer: ${(error as Error)?.message ?? String(error)}\n`);
    return 1;
  }
}
