/**
 * The client process of crash.test.ts, killed with SIGKILL at random moments:
 * bundled by test/support/bundle.ts and run as `node script.mjs <dataDir> <baseUrl> [token]`.
 *
 * Opens the runtime on the data dir. When its outbox is empty (first run, or
 * killed before the work was committed), it pulls the guests, imports
 * identities.csv from the data dir, and queues in ONE transaction the
 * identities, a check-in of every guest and a check-out of the first
 * CHECK_OUTS of them (by id); a restarted run finds the work queued and only
 * delivers. Prints "ready", "queued" and "done" on stdout as it gets there.
 */
import { join } from 'node:path';
import { createConfigStore, Config } from '../../../electron/core/config/config.ts';
import { createFileTokenStore } from '../../../electron/core/config/token-store.ts';
import { openRuntime } from '../../../electron/core/runtime.ts';
import { pullInvitations, syncWindow } from '../../../electron/core/sync/pulls.ts';

const CHECK_OUTS = 80;

const [dataDir, baseUrl, token] = process.argv.slice(2);
if (!dataDir || !baseUrl) {
  process.stderr.write('usage: crash-child.ts DATA_DIR BASE_URL [TOKEN]\n');
  process.exit(2);
}

const store = createConfigStore(dataDir);
if (store.read().baseUrl !== baseUrl) store.write(Config.parse({ ...store.read(), baseUrl }));
if (token) createFileTokenStore(dataDir).set(token);

// Every delivered row is reported, so that the parent sees where a run was cut short.
const runtime = await openRuntime({
  dataDir,
  log: (line) => {
    if (line.startsWith('outbox: delivered')) process.stdout.write('delivered\n');
  },
});
process.stdout.write('ready\n');
const { mirror, outbox, api, config } = runtime;
const counts = outbox.counts();
const queuedBefore = counts.pending + counts.sending + counts.delivered + counts.failed;

if (queuedBefore === 0) {
  await pullInvitations({ mirror, api, config, now: Date.now }, 'full');
  const { importIdentities } = await import('../../../electron/core/imports/identities.ts');
  const file = join(dataDir, 'identities.csv');
  const imported = await importIdentities(file);
  if (imported.issues.length > 0) throw new Error(`identities.csv has issues: ${JSON.stringify(imported.issues[0])}`);
  const window = syncWindow(config, Date.now());
  const guests = mirror.guests
    .list({ locationId: config.locationId, from: window.from, to: window.to, flow: config.flow })
    .sort((a, b) => a.invitationId - b.invitationId);
  mirror.transaction(() => {
    outbox.queueIdentities(imported.items, { source: file, label: 'crash identities', lines: imported.lines });
    for (const guest of guests) outbox.queueTransition(guest.invitationId, 'checkIn', 'desk');
    for (const guest of guests.slice(0, CHECK_OUTS)) outbox.queueTransition(guest.invitationId, 'checkOut', 'desk');
  });
  process.stdout.write(`queued ${imported.items.length} identities and ${guests.length + CHECK_OUTS} transitions\n`);
}

for (;;) {
  const summary = await outbox.deliver();
  if (summary.unauthorized) throw new Error('the token was rejected');
  if (summary.pending === 0) break;
  await new Promise((resolve) => setTimeout(resolve, 20));
}
process.stdout.write('done\n');
await runtime.close();
