/** `foyer service`: runs the reference service until interrupted. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_WORLD_PATH } from './demo/world-path.ts';
import { startService } from './index.ts';
import { loadWorldFile, WorldFileError } from './world.ts';

export const SERVICE_USAGE = `Usage: foyer service (--world FILE | --demo) [options]

  --world FILE             companies, tokens, locations, employees, groups (JSON)
  --demo                   use the demo world (resources/demo/) and fill an empty database with a demo week
  --demo-invitations N     with --demo: how many invitations the demo week has (default about 600)
  --db FILE                SQLite file of the service (default: a new temporary file)
  --port N                 port (default 5171; 0 picks a free one)
  --host ADDRESS           address to bind (default 127.0.0.1)
  --rate-limit N           answer 429 beyond N requests per second
  --fault-rate P           answer that share (0..1) of requests with 503 or a dropped connection
  --latency MS             delay every answer by MS milliseconds
`;

export class UsageError extends Error {}

function number(name: string, value: string | undefined, check: (n: number) => boolean): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || !check(n)) throw new UsageError(`--${name}: "${value}" is not a valid value`);
  return n;
}

export async function runServiceCommand(argv: string[], out = process.stdout): Promise<void> {
  const { values } = (() => {
    try {
      return parseArgs({
        args: argv,
        options: {
          world: { type: 'string' },
          demo: { type: 'boolean' },
          'demo-invitations': { type: 'string' },
          db: { type: 'string' },
          port: { type: 'string' },
          host: { type: 'string' },
          'rate-limit': { type: 'string' },
          'fault-rate': { type: 'string' },
          latency: { type: 'string' },
          help: { type: 'boolean', short: 'h' },
        },
        strict: true,
        allowPositionals: false,
      });
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  })();
  if (values.help) {
    out.write(SERVICE_USAGE);
    return;
  }
  if (!values.world && !values.demo) throw new UsageError('give --world FILE or --demo');
  if (values.world && values.demo) throw new UsageError('give either --world or --demo, not both');
  const demoInvitations = number('demo-invitations', values['demo-invitations'], (n) => Number.isInteger(n) && n >= 0);
  if (demoInvitations !== undefined && !values.demo) throw new UsageError('--demo-invitations needs --demo');

  const worldPath = values.world ?? DEMO_WORLD_PATH;
  let world;
  try {
    world = loadWorldFile(worldPath);
  } catch (error) {
    if (error instanceof WorldFileError) throw new UsageError(error.message);
    throw error;
  }
  const service = await startService({
    world,
    dbPath: values.db ?? join(mkdtempSync(join(tmpdir(), 'foyer-service-')), 'service.db'),
    host: values.host ?? '127.0.0.1',
    port: number('port', values.port, (n) => Number.isInteger(n) && n >= 0 && n < 65536) ?? 5171,
    rateLimit: number('rate-limit', values['rate-limit'], (n) => n > 0),
    faultRate: number('fault-rate', values['fault-rate'], (n) => n >= 0 && n <= 1),
    latencyMs: number('latency', values.latency, (n) => n >= 0),
    demo: values.demo ? { invitations: demoInvitations } : undefined,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  out.write(`${service.baseUrl}\n`);
  const stop = () => {
    void service.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
