/**
 * The admin console's operations through the app core, against two reference
 * services over real HTTP: one implementation with the CLI (the same file
 * gives the same counts, problems, refusals and queued requests), the
 * connection test and switching services without a restart, browsing,
 * retries and the progress of a check. The tests build on each other's work
 * (queued rows, delivered profiles), so they stay in one file, in order.
 * PINs, the flow and sync settings: admin-settings.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../../shared/contract/events.ts';
import { type AppError } from '../../../electron/core/errors.ts';
import { createConfigStore } from '../../../electron/core/config/config.ts';
import { OTHER_TOKEN, TEST_TOKEN } from '../../support/world.ts';
import { closedPort, dataDirFor } from '../outbox/helpers.ts';
import {
  SAMPLES,
  svc,
  second,
  dir,
  runtime,
  core,
  admin,
  events,
  foyer,
  upload,
  refusal,
  queuedBodies,
  allGuests,
  setUpAdminApp,
} from './admin-fixture.ts';

setUpAdminApp();

describe('one implementation: the CLI and the console give the same results for the same file', () => {
  const cases: { kind: 'identities' | 'profiles' | 'events'; file: string; group?: string }[] = [
    { kind: 'identities', file: 'identities.csv' },
    { kind: 'identities', file: 'identities-with-errors.csv' },
    { kind: 'identities', file: 'identities.xlsx' },
    { kind: 'events', file: 'events.csv' },
    { kind: 'events', file: 'events.json' },
    { kind: 'profiles', file: 'profiles-berlin-lobby.csv', group: 'berlin-doors' },
    { kind: 'profiles', file: 'profiles-with-errors.csv', group: 'berlin-doors' },
    { kind: 'identities', file: 'not-a-table.csv' },
  ];

  for (const c of cases)
    it(`${c.kind} from ${c.file}: the same counts, problems and refusal`, async () => {
      const preview = await core.call(admin, 'imports.preview', upload(c.kind, c.file, c.group));
      const cliDir = dataDirFor(svc.baseUrl);
      const args = c.kind === 'profiles' ? [c.group!, join(SAMPLES, c.file)] : [join(SAMPLES, c.file)];
      const dry = await foyer('push', c.kind, ...args, '--dry-run', '--data-dir', cliDir);
      if (preview.unreadable) {
        // Only what is wrong: no rows, no counts.
        expect(preview.rows).toBe(0);
        expect(preview.issues).toHaveLength(1);
        expect(dry.code).toBe(1);
        expect(dry.err).toContain(preview.issues[0]!.message);
        expect(dry.out).not.toContain('valid');
        expect(preview.allowed).toEqual({ queue: false, queueValidOnly: false, refusal: preview.issues[0]!.message });
        return;
      }
      const [first, ...more] = preview.summary;
      const held = more.length ? ` (${more.map((m) => `${m.count} ${m.label}`).join(', ')})` : '';
      expect(dry.out).toContain(
        `${preview.file}: ${preview.rows} row(s) read, ${first!.count} valid ${first!.label}${held}, ${preview.invalidRows} row(s) with errors`,
      );
      for (const issue of preview.issues.slice(0, 25)) expect(dry.out).toContain(issue.message);

      // Queue as each door would with "the valid rows only" and confirmation: the same refusal, or the same requests.
      const consoleQueued = await core
        .call(admin, 'pushes.queue', { ...upload(c.kind, c.file, c.group), allowPartial: true, confirmed: true })
        .then(
          () => null,
          (error: AppError) => error,
        );
      const consoleDir = dir;
      const before = queuedBodies(consoleDir).length;
      const flags = c.kind === 'profiles' ? ['--yes'] : ['--allow-partial'];
      const cliQueued = await foyer('push', c.kind, ...args, ...flags, '--data-dir', join(cliDir));
      if (consoleQueued) {
        expect(consoleQueued.code, consoleQueued.message).toBe('REFUSED');
        // The preview offered nothing, and said why: what the queueing said.
        expect(preview.allowed).toEqual({ queue: false, queueValidOnly: false, refusal: consoleQueued.message });
        expect(cliQueued.code, `console: ${consoleQueued.message}\ncli: ${cliQueued.out}${cliQueued.err}`).toBe(1);
        expect(queuedBodies(cliDir)).toEqual([]);
      } else {
        expect(cliQueued.code, cliQueued.out + cliQueued.err).toBe(0);
        expect(preview.allowed).toEqual({
          queue: !preview.issues.length,
          queueValidOnly: !!preview.issues.length,
          refusal: null,
        });
        const fromConsole = queuedBodies(consoleDir).slice(before - queuedBodies(cliDir).length);
        expect(queuedBodies(cliDir)).toEqual(fromConsole);
      }
    });

  it('refuses a profile list with errors at both doors: leaving rows out would remove those profiles', async () => {
    const error = await refusal(
      core.call(admin, 'pushes.queue', {
        ...upload('profiles', 'profiles-with-errors.csv', 'berlin-doors'),
        allowPartial: true,
        confirmed: true,
      }),
    );
    expect(error.message).toMatch(/replaces the whole set/);
  });

  it('an events file counts events and invitations', async () => {
    const preview = await core.call(admin, 'imports.preview', upload('events', 'events.csv'));
    expect(preview.summary).toEqual([
      { label: 'events', count: 2 },
      { label: 'invitations', count: 3 },
    ]);
    expect(preview.sample.columns).toContain('sourceId');
    expect(preview.sample.rows[0]).toContain('evt-2026-audit');
  });

  it('exports every problem of a file as CSV', async () => {
    const { fileName, csv } = await core.call(
      admin,
      'imports.issuesCsv',
      upload('identities', 'identities-with-errors.csv'),
    );
    expect(fileName).toBe('identities-with-errors-errors.csv');
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe('file,line,column,problem');
    expect(lines.length - 1).toBe(
      (await core.call(admin, 'imports.preview', upload('identities', 'identities-with-errors.csv'))).issues.length,
    );
    expect(csv).toContain('identities-with-errors.csv,3,startsAt,');
  });

  it('streams the progress of a large check on the event stream', async () => {
    const header = readFileSync(join(SAMPLES, 'identities.csv'), 'utf8').split('\n')[0]!;
    const rows = Array.from({ length: 20_000 }, (_, i) => `big-${i},big${i}@example.test,Big,Number${i},,,,,,`);
    const content = Buffer.from([header, ...rows].join('\n')).toString('base64');
    events.length = 0;
    const preview = await core.call(admin, 'imports.preview', {
      kind: 'identities',
      fileName: 'big.csv',
      contentBase64: content,
      uploadId: 'big-1',
    });
    expect(preview.validItems).toBe(20_000);
    const progress = events.filter((e) => e.type === 'import-progress' && e.uploadId === 'big-1');
    expect(progress.length).toBeGreaterThan(0);
    const lastEvent = progress.at(-1) as Extract<AppEvent, { type: 'import-progress' }>;
    expect(lastEvent.done).toBe(lastEvent.total);
  });

  it('no such guest is one typed error: NOT_FOUND at the console, exit 1 at the CLI', async () => {
    expect(
      (await refusal(core.call(admin, 'guests.transition', { invitationId: 999_999, action: 'checkIn' }))).code,
    ).toBe('NOT_FOUND');
    const run = await foyer('check-in', '999999', '--data-dir', dataDirFor(svc.baseUrl));
    expect(run.code).toBe(1);
    expect(run.out).toContain('no guest with invitation id 999999');
  });
});

describe('connection', () => {
  it('says in a sentence what works and what does not', async () => {
    const ok = await core.call(admin, 'settings.testConnection', {
      baseUrl: svc.baseUrl,
      companyId: 1,
      locationId: 10,
    });
    expect(ok).toMatchObject({
      ok: true,
      reachable: true,
      tokenAccepted: true,
      companyVisible: true,
      locationVisible: true,
    });
    expect(ok.sentence).toContain('location 10 (Berlin HQ) are visible');
    expect(ok.locations).toEqual([
      { id: 10, name: 'Berlin HQ' },
      { id: 11, name: 'Hamburg' },
    ]);

    const wrongToken = await core.call(admin, 'settings.testConnection', {
      baseUrl: svc.baseUrl,
      token: 'not-the-token',
      companyId: 1,
      locationId: 10,
    });
    expect(wrongToken).toMatchObject({ ok: false, reachable: true, tokenAccepted: false });
    expect(wrongToken.sentence).toContain('does not accept the token');

    const down = `http://127.0.0.1:${await closedPort()}/api/v2`;
    const unreachable = await core.call(admin, 'settings.testConnection', {
      baseUrl: down,
      token: TEST_TOKEN,
      companyId: 1,
      locationId: 10,
    });
    expect(unreachable).toMatchObject({ ok: false, reachable: false });
    expect(unreachable.sentence).toContain('cannot be reached');

    const foreign = await core.call(admin, 'settings.testConnection', {
      baseUrl: svc.baseUrl,
      token: OTHER_TOKEN,
      companyId: 1,
      locationId: 10,
    });
    expect(foreign).toMatchObject({ ok: false, tokenAccepted: true, companyVisible: false, locationVisible: false });
    expect(foreign.sentence).toContain('neither company 1 nor location 10');

    const wrongLocation = await core.call(admin, 'settings.testConnection', {
      baseUrl: svc.baseUrl,
      companyId: 1,
      locationId: 20,
    });
    expect(wrongLocation).toMatchObject({ ok: false, companyVisible: true, locationVisible: false });
    expect(wrongLocation.sentence).toContain('10 (Berlin HQ), 11 (Hamburg)');
  });

  it('never sends the stored token to another address', async () => {
    const error = await refusal(
      core.call(admin, 'settings.testConnection', { baseUrl: second.baseUrl, companyId: 1, locationId: 10 }),
    );
    expect(error.details).toEqual([{ path: 'token', message: expect.stringContaining('token') }]);
  });

  it('shows the token only as its last two characters', async () => {
    const settings = await core.call(admin, 'settings.get', {});
    expect(settings.tokenEnding).toBe(TEST_TOKEN.slice(-2));
    expect(JSON.stringify(settings)).not.toContain(TEST_TOKEN);
  });

  it('switches to another service without a restart, asking first while work waits, and back again', async () => {
    const guestsBefore = await allGuests();
    expect(guestsBefore.length).toBeGreaterThan(0);
    const waiting = runtime.outbox.counts();
    expect(waiting.pending + waiting.failed).toBeGreaterThan(0); // the pushes above

    const asked = await refusal(
      core.call(admin, 'settings.setConnection', {
        baseUrl: second.baseUrl,
        token: TEST_TOKEN,
        companyId: 1,
        locationId: 11,
      }),
    );
    expect(asked.details?.[0]?.path).toBe('confirmed');
    expect(createConfigStore(dir).read().baseUrl).toBe(svc.baseUrl);

    const switched = await core.call(admin, 'settings.setConnection', {
      baseUrl: second.baseUrl,
      token: TEST_TOKEN,
      companyId: 1,
      locationId: 11,
      confirmed: true,
    });
    expect(switched.newMirror).toBe(true);
    expect(switched.settings).toMatchObject({ baseUrl: second.baseUrl, locationId: 11 });
    expect(runtime.baseUrl).toBe(second.baseUrl);
    // A new mirror: nothing of the first service shows, and its outbox stays with it.
    expect(await allGuests()).toEqual([]);
    expect(await core.call(admin, 'outbox.list', {})).toEqual([]);
    await core.call(admin, 'sync.now', {});
    const status = await core.call(admin, 'sync.status', {});
    expect(status.online).toBe(true);
    expect(status.resources.groups?.lastSuccessAt).not.toBeNull();

    const back = await core.call(admin, 'settings.setConnection', {
      baseUrl: svc.baseUrl,
      token: TEST_TOKEN,
      companyId: 1,
      locationId: 10,
    });
    expect(back.newMirror).toBe(false);
    expect((await core.call(admin, 'outbox.list', {})).length).toBeGreaterThan(0);
    expect((await allGuests()).length).toBe(guestsBefore.length);
  }, 30_000);

  it('puts the old connection back when the new one cannot be opened', async () => {
    const error = await refusal(
      core.call(admin, 'settings.setConnection', {
        baseUrl: second.baseUrl,
        companyId: 1,
        locationId: 10,
        confirmed: true,
      }),
    );
    expect(error.details?.[0]?.path).toBe('token');
    expect(runtime.baseUrl).toBe(svc.baseUrl);
  });
});

describe('browse, sync panel, outbox', () => {
  it('employees: searched and sorted by the service, a page at a time', async () => {
    const all = await core.call(admin, 'employees.browse', { sortField: 'EMAIL', sortAscending: true });
    expect(all.source).toBe('service');
    expect(all.totalCount).toBe(4);
    expect(all.employees.map((e) => e.email?.toLowerCase())).toEqual(
      [...all.employees.map((e) => e.email!.toLowerCase())].sort(),
    );
    const found = await core.call(admin, 'employees.browse', { searchQuery: 'grace' });
    expect(found.employees.map((e) => e.id)).toEqual([102]);
    const page = await core.call(admin, 'employees.browse', { limit: 2, offset: 2 });
    expect(page.employees).toHaveLength(2);
  });

  it('groups with their location and the profiles last delivered', async () => {
    await runtime.engine.deliver();
    const groups = await core.call(admin, 'groups.list', {});
    const berlin = groups.find((g) => g.sourceId === 'berlin-doors')!;
    expect(berlin).toMatchObject({ name: 'Berlin doors', locationId: 10, locationName: 'Berlin HQ' });
    expect(berlin.lastUpload?.profiles.map((p) => p.sourceId)).toContain('ber-main-entrance');
  });

  it("records today's changes between online and offline", async () => {
    const history = await core.call(admin, 'sync.history', {});
    expect(history.at(-1)).toMatchObject({ online: true });
    runtime.engine.status.update({ online: false });
    runtime.engine.status.update({ online: false });
    runtime.engine.status.update({ online: true });
    const after = await core.call(admin, 'sync.history', {});
    expect(after.slice(-2).map((h) => h.online)).toEqual([false, true]);
  });

  it('retry-all: a retried conflict goes again or says why', async () => {
    const guest = (await allGuests('expected'))[0]!;
    // Someone else checks the guest in and out at the service: the desk's check-in conflicts.
    for (const eventName of ['CHECK_IN', 'CHECK_OUT'])
      await svc.call('POST', '/check-ins/transitions', { body: { eventName, checkIn: { id: guest.invitationId } } });
    await core.call(admin, 'guests.transition', { invitationId: guest.invitationId, action: 'checkIn' });
    await runtime.engine.deliver();
    const failed = (await core.call(admin, 'outbox.list', {})).find(
      (o) => o.state === 'failed' && o.kind === 'transition',
    );
    expect(failed?.lastError).toBeTruthy();
    await runtime.engine.syncNow({ resources: ['checkIns'] });
    const result = await core.call(admin, 'outbox.retryAll', {});
    const refused = result.refused.find((r) => r.id === failed!.id);
    expect(refused?.reason).toMatch(/^not sent again: .* cannot be checked in: the state is CHECKED_OUT$/);
    // Nothing was changed for the refused one.
    expect((await core.call(admin, 'outbox.list', {})).find((o) => o.id === failed!.id)?.lastError).toBe(
      failed!.lastError,
    );
  });
});
