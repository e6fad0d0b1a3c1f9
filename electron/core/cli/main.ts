/**
 * Entry of the `foyer` command: dispatches to the subcommands. Each
 * command's module is imported when that command runs, so that a command
 * loads only what it needs: `foyer --help` neither zod nor SQLite, `foyer
 * config` no mirror, only `foyer service` and the commands that may start
 * the embedded demo the reference service.
 */
import { walkInsCommands } from '../walk-ins/commands.ts';
import { type Command, type DomainCommands, type Output, stdout, UsageError } from './output.ts';

/** The commands of the domains in their own folder (each loads its module when it runs). */
const DOMAIN_COMMANDS: DomainCommands = {
  ...walkInsCommands,
};

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
  push identities|profiles|events|watchlist FILE
                          validate a file and queue it for the service; a watchlist
                          is kept on this site (foyer push --help)
  outbox [--json]         queued, failed and delivered changes with their results
  visits --from D --to D [--out FILE]
                          the visitor log of those days as CSV (stdout) or FILE.csv / FILE.xlsx
  web [--port 5170]       serve the app to a browser (kiosk; desk and admin with a PIN)
  hub [--port 5443]       serve this site's paired kiosks and desks over HTTPS (one mirror, one outbox)
  devices [pair|revoke]   the hub's paired devices: list, pair CODE --role R --name N, revoke ID
  staff [add|remove]      the site's named staff: list, add --name N --role R --pin P|--card C, remove ID
  forget TEXT             find a visitor and erase them from this site (--export FILE first; foyer forget --help)
${Object.values(DOMAIN_COMMANDS)
  .map((command) => command.help)
  .join('')}
Every command takes --data-dir DIR (default: FOYER_DATA_DIR or the per-OS app data folder).
`;

/** Each command's module, loaded on use. */
const COMMANDS: Record<string, () => Promise<Command>> = {
  service: async () => {
    const { runServiceCommand, SERVICE_USAGE, ServiceUsageError } = await import('../../../service/embed.ts');
    return {
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
    };
  },
  config: async () => {
    const m = await import('./config-command.ts');
    return { run: m.configCommand, usage: m.CONFIG_USAGE };
  },
  sync: async () => {
    const m = await import('./sync-command.ts');
    return { run: m.syncCommand, usage: m.SYNC_USAGE };
  },
  status: async () => {
    const m = await import('./read-commands.ts');
    return { run: m.statusCommand, usage: m.STATUS_USAGE };
  },
  lookup: async () => {
    const m = await import('./read-commands.ts');
    return { run: m.lookupCommand, usage: m.LOOKUP_USAGE };
  },
  guests: async () => {
    const m = await import('./read-commands.ts');
    return { run: m.guestsCommand, usage: m.GUESTS_USAGE };
  },
  'check-in': () => transition('checkIn'),
  'check-out': () => transition('checkOut'),
  undo: () => transition('undo'),
  push: async () => {
    const m = await import('./outbox-commands.ts');
    return { run: m.pushCommand, usage: m.PUSH_USAGE };
  },
  outbox: async () => {
    const m = await import('./outbox-commands.ts');
    return { run: m.outboxCommand, usage: m.OUTBOX_USAGE };
  },
  visits: async () => {
    const m = await import('./visits-command.ts');
    return { run: m.visitsCommand, usage: m.VISITS_USAGE };
  },
  web: async () => {
    const m = await import('./web-command.ts');
    return { run: m.webCommand, usage: m.WEB_USAGE };
  },
  hub: async () => {
    const m = await import('./hub-command.ts');
    return { run: m.hubCommand, usage: m.HUB_USAGE };
  },
  devices: async () => {
    const m = await import('./devices-command.ts');
    return { run: m.devicesCommand, usage: m.DEVICES_USAGE };
  },
  staff: async () => {
    const m = await import('./staff-command.ts');
    return { run: m.staffCommand, usage: m.STAFF_USAGE };
  },
  forget: async () => {
    const m = await import('./forget-command.ts');
    return { run: m.forgetCommand, usage: m.FORGET_USAGE };
  },
  ...Object.fromEntries(Object.entries(DOMAIN_COMMANDS).map(([name, command]) => [name, command.load])),
};

async function transition(action: 'checkIn' | 'checkOut' | 'undo'): Promise<Command> {
  const m = await import('./outbox-commands.ts');
  return { run: m.transitionCommand(action), usage: m.TRANSITION_USAGE };
}

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
  let command: Command | undefined;
  try {
    const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
    if (!load) throw new UsageError(`unknown command "${name}"`);
    command = await load();
    return await command.run(rest, out);
  } catch (error) {
    if (error instanceof UsageError) {
      err.write(`foyer: ${error.message}\n\n${command?.usage ?? USAGE}`);
      return 2;
    }
    // A configuration or file error, or anything else: its message, exit 1.
    err.write(`foyer: ${(error as Error)?.message ?? String(error)}\n`);
    return 1;
  }
}
