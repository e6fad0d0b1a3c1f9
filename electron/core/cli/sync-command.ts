/** foyer sync [--once] [--full] */
import { openRuntime } from '../runtime.ts';
import { RESOURCES, type SyncStatus } from '../sync/status.ts';
import { type Output, parseCommand } from './args.ts';

export const SYNC_USAGE = `Usage: foyer sync [--once] [--full] [--data-dir DIR]

  --once    pull every resource once, then exit (0 when all succeeded, 1 when one failed,
            a listing could not be completed, the disk is full or the token was refused)
  --full    pull invitations in full (reconciliation) rather than incrementally
Without --once, keeps syncing on the configured intervals until interrupted.
`;

function progressLine(status: SyncStatus): string {
  return RESOURCES.map((r) => {
    const s = status.resources[r];
    if (s.progress) {
      const { pagesDone, pagesTotal } = s.progress;
      const width = 12;
      const filled = Math.round((pagesDone / Math.max(1, pagesTotal)) * width);
      return `${r} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${pagesDone}/${pagesTotal}`;
    }
    return `${r} ${s.running ? '…' : s.lastError ? 'failed' : 'ok'}`;
  }).join('  ');
}

/** `open`: how the runtime is opened (a test opens it on a disk it fills). */
export async function syncCommand(argv: string[], out: Output, open = openRuntime): Promise<number> {
  const { values, dataDir } = parseCommand(
    argv,
    { once: { type: 'boolean' }, full: { type: 'boolean' } },
    { min: 0, max: 0 },
  );
  if (values.help) {
    out.write(SYNC_USAGE);
    return 0;
  }
  const runtime = await open({
    dataDir,
    log: values.once ? undefined : (line) => out.write(`${new Date().toISOString()} ${line}\n`),
  });
  out.write(
    `syncing location ${runtime.config.locationId} from ${runtime.baseUrl}${runtime.embedded ? ' (embedded demo service)' : ''}\n`,
  );
  try {
    if (!values.once) {
      runtime.engine.start();
      await new Promise<void>((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      return 0;
    }
    let lastDrawn = 0;
    const unsubscribe = runtime.engine.status.subscribe((status) => {
      if (!out.isTTY || Date.now() - lastDrawn < 100) return;
      lastDrawn = Date.now();
      out.write(`\r${progressLine(status)}\u001b[K`);
    });
    const outcomes = await runtime.engine.syncNow({ full: Boolean(values.full) });
    unsubscribe();
    if (out.isTTY) out.write('\r\u001b[K');
    let failed = false;
    for (const resource of RESOURCES) {
      const outcome = outcomes[resource];
      if (outcome.ok) {
        out.write(
          `${resource}: ${outcome.result.received} received in ${outcome.result.pages} page(s), ${outcome.result.removed} removed\n`,
        );
        // A listing that could not be completed is not a success: say so, and exit 1.
        for (const warning of outcome.result.warnings) {
          if (warning.kind === 'incomplete') failed = true;
          out.write(`${resource}: ${warning.kind.toUpperCase()} ${warning.message}\n`);
        }
      } else {
        failed = true;
        out.write(`${resource}: FAILED (${outcome.error.kind}) ${outcome.error.message}\n`);
      }
    }
    const status = runtime.engine.status.get();
    if (status.storage) out.write(`${status.storage.message}\n`);
    if (status.tokenRejected)
      out.write(
        'The service refused the token: if it does not accept it again soon, set the right one with "foyer config set token <TOKEN>".\n',
      );
    return failed || status.storage || status.tokenRejected ? 1 : 0;
  } finally {
    await runtime.close();
  }
}
