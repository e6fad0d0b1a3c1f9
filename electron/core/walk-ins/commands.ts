/**
 * The walk-ins' command (cli/main.ts lists it): `foyer walk-in`, through the
 * door as the desk's "Add visitor" (walk-in-command.ts, loaded when it runs,
 * so that `foyer --help` loads none of it).
 */
import type { DomainCommands } from '../cli/output.ts';

export const walkInsCommands: DomainCommands = {
  'walk-in': {
    help: `  walk-in --first F --last L --host NAME
                          register a visitor without an invitation, let in (queued offline)
`,
    load: async () => {
      const m = await import('./walk-in-command.ts');
      return { run: m.walkInCommand, usage: m.WALK_IN_USAGE };
    },
  },
};
