/**
 * The lint rules that keep the layers apart, tried on snippets: the core
 * imports no Electron, and of the reference service only service/embed.ts;
 * nothing in electron/ or shared/ imports the renderer; the CLI imports no
 * use case, repository or mirror, nor reaches one through the runtime; below app/, nothing imports app/, web/ or cli/;
 * in the renderer, only renderer/src/domains.ts imports a domain's folder (renderer/src/domains/<domain>/).
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The snippets are no files of a TypeScript project: the typed rules (and their project service) are left out.
const eslint = new ESLint({
  cwd: new URL('../../../', import.meta.url).pathname,
  overrideConfig: {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
  },
});

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

async function syntax(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('electron/core imports', () => {
  it('may use service/embed.ts', async () => {
    expect(
      await restricted(
        'electron/core/embedded.ts',
        "import { startDemoService } from '../../service/embed.ts';\nvoid startDemoService;\n",
      ),
    ).toEqual([]);
  });

  it.each([
    ['../../service/index.ts'],
    ['../../service/cli.ts'],
    ['../../../service/store/context.ts'],
    ['../../service/demo/world-path.ts'],
  ])('may not import %s', async (path) => {
    const file = path.startsWith('../../../') ? 'electron/core/cli/x.ts' : 'electron/core/x.ts';
    expect(await restricted(file, `import * as s from '${path}';\nvoid s;\n`)).toEqual([
      expect.stringContaining('service/embed.ts only'),
    ]);
  });

  it('still may not import electron', async () => {
    expect(await restricted('electron/core/x.ts', "import { app } from 'electron';\nvoid app;\n")).toEqual([
      expect.stringContaining('Only electron/main'),
    ]);
  });
});

describe('electron/ and shared/ import nothing of renderer/', () => {
  it.each([
    ['electron/main/unreachable.ts', '../../renderer/src/lib/languages.ts'],
    ['electron/preload/index.ts', '../../renderer/src/features/kiosk/i18n/messages.ts'],
    ['electron/core/app/core.ts', '../../../renderer/src/lib/api.ts'],
    ['electron/core/outbox/queue.ts', '../../../renderer/src/lib/format.ts'],
    ['shared/languages.ts', '../renderer/src/lib/languages.ts'],
    ['shared/contract/operations.ts', '../../renderer/src/lib/format.ts'],
  ])('%s may not import %s', async (file, path) => {
    expect(await restricted(file, `import * as r from '${path}';\nvoid r;\n`)).toEqual([
      expect.stringContaining('do not import renderer/'),
    ]);
  });

  it.each([
    ['electron/main/unreachable.ts', '../../shared/languages.ts'],
    ['electron/main/unreachable.ts', '../../shared/i18n/kiosk/messages.ts'],
    ['electron/core/app/core.ts', '../../../shared/contract/operations.ts'],
  ])('%s may import %s', async (file, path) => {
    expect(await restricted(file, `import * as s from '${path}';\nvoid s;\n`)).toEqual([]);
  });

  it('the core still may not import electron, nor the service past embed.ts', async () => {
    expect(await restricted('electron/core/x.ts', "import { app } from 'electron';\nvoid app;\n")).toEqual([
      expect.stringContaining('Only electron/main'),
    ]);
    expect(await restricted('shared/x.ts', "import { app } from 'electron';\nvoid app;\n")).toEqual([
      expect.stringContaining('Only electron/main'),
    ]);
  });

  it('electron/main still may import electron', async () => {
    expect(await restricted('electron/main/x.ts', "import { app } from 'electron';\nvoid app;\n")).toEqual([]);
  });
});

describe('the CLI is a door: no use cases, no repositories, no mirror', () => {
  it.each([
    ['electron/core/cli/read-commands.ts', '../db/repos/guests.ts'],
    ['electron/core/walk-ins/walk-in-command.ts', '../db/repos/outbox.ts'],
    ['electron/core/cli/sub/x.ts', '../../db/repos/desk-guests.ts'],
    ['electron/core/cli/local.ts', '../db/mirror.ts'],
    ['electron/core/cli/x.ts', '../walk-ins/repos/requests.ts'],
    ['electron/core/cli/x.ts', '../walk-ins/walk-ins-repo.ts'],
  ])('%s may not import %s', async (file, path) => {
    expect(await restricted(file, `import type * as r from '${path}';\nexport type R = typeof r;\n`)).toEqual([
      expect.stringContaining('through the contract (cli/door.ts)'),
    ]);
  });

  it.each([
    ['electron/core/cli/read-commands.ts', '../guests/check-out-many.ts'],
    ['electron/core/cli/x.ts', '../kiosk/lookup.ts'],
    ['electron/core/cli/outbox-commands.ts', '../usecases/outbox-items.ts'],
    ['electron/core/cli/sub/x.ts', '../../usecases/settings.ts'],
  ])('%s may not import the use case %s', async (file, path) => {
    expect(await restricted(file, `import * as u from '${path}';\nvoid u;\n`)).toEqual([
      expect.stringContaining('through the contract (cli/door.ts)'),
    ]);
  });

  it.each([
    ['electron/core/cli/outbox-commands.ts', './door.ts'],
    ['electron/core/cli/door.ts', '../runtime.ts'],
    ['electron/core/cli/outbox-commands.ts', '../outbox/report.ts'],
    ['electron/core/walk-ins/walk-in-command.ts', '../cli/door.ts'],
    ['electron/core/app/handlers/desk.ts', '../../db/repos/guests.ts'],
    ['electron/core/app/handlers/desk.ts', '../../guests/desk-view.ts'],
  ])('%s may import %s', async (file, path) => {
    expect(await restricted(file, `import * as s from '${path}';\nvoid s;\n`)).toEqual([]);
  });

  it.each([
    ['door.runtime.mirror.walkIns.byId(1);'],
    ['runtime.mirror.outbox.newest(5);'],
    ['const { mirror } = runtime;\nvoid mirror;'],
    ['runtime.outbox.queueTransition(1);'],
    ["runtime['mirror'].guests;"],
  ])('a CLI module may not reach a repository through the runtime: %s', async (code) => {
    expect(await syntax('electron/core/cli/x.ts', `declare const runtime: any, door: any;\n${code}\n`)).toContainEqual(
      expect.stringContaining('through the contract (cli/door.ts)'),
    );
  });

  it('a CLI module may still ask the engine to deliver, and elsewhere the runtime is open', async () => {
    expect(
      await syntax('electron/core/cli/x.ts', 'declare const runtime: any;\nvoid runtime.engine.deliver();\n'),
    ).toEqual([]);
    expect(
      await syntax(
        'electron/core/app/handlers/x.ts',
        'declare const runtime: any;\nruntime.mirror.outbox.newest(5);\n',
      ),
    ).toEqual([]);
  });

  it('the CLI still may not import electron, nor the service past embed.ts, nor the renderer', async () => {
    const cli = 'electron/core/cli/x.ts';
    expect(await restricted(cli, "import { app } from 'electron';\nvoid app;\n")).toEqual([
      expect.stringContaining('Only electron/main'),
    ]);
    expect(await restricted(cli, "import * as s from '../../../service/index.ts';\nvoid s;\n")).toEqual([
      expect.stringContaining('service/embed.ts only'),
    ]);
    expect(await restricted(cli, "import * as r from '../../../renderer/src/lib/api.ts';\nvoid r;\n")).toEqual([
      expect.stringContaining('do not import renderer/'),
    ]);
  });
});

describe('the dispatcher, the runtime and the sync engine name no domain', () => {
  const ROOT = new URL('../../../', import.meta.url);
  const THREE = ['electron/core/app/core.ts', 'electron/core/runtime.ts', 'electron/core/sync/engine.ts'];

  it.each([
    ['electron/core/app/core.ts', '../roll-call/handlers.ts'],
    ['electron/core/runtime.ts', './evacuation-marks/handlers.ts'],
    ['electron/core/app/core.ts', './handlers/watchlist.ts'],
    ['electron/core/app/core.ts', '../agreements/agreements.ts'],
    ['electron/core/runtime.ts', './walk-ins/domain.ts'],
    ['electron/core/sync/engine.ts', '../guests/auto-check-out.ts'],
    ['electron/core/runtime.ts', './guests/domain.ts'],
    ['electron/core/app/core.ts', '../kiosk/handlers.ts'],
    ['electron/core/sync/engine.ts', '../kiosk/state.ts'],
    ['electron/core/sync/engine.ts', '../retention/kinds.ts'],
  ])('%s may not import %s', async (file, path) => {
    expect(await restricted(file, `import * as d from '${path}';\nvoid d;\n`)).toEqual([
      expect.stringContaining('name no domain'),
    ]);
  });

  it.each([
    ['electron/core/app/core.ts', '../domains.ts'],
    ['electron/core/runtime.ts', './domains.ts'],
    ['electron/core/sync/engine.ts', '../bus.ts'],
  ])('%s may import %s', async (file, path) => {
    expect(await restricted(file, `import * as s from '${path}';\nvoid s;\n`)).toEqual([]);
  });

  it.each(THREE)('%s, as it is, imports none', async (file) => {
    const { readFileSync } = await import('node:fs');
    expect(await restricted(file, readFileSync(new URL(file, ROOT), 'utf8'))).toEqual([]);
  });

  it('and the other modules of the core still may', async () => {
    expect(
      await restricted('electron/core/domains.ts', "import * as d from './roll-call/handlers.ts';\nvoid d;\n"),
    ).toEqual([]);
  });
});

describe('layers point down: below app/ nothing imports app/, web/ or cli/', () => {
  it.each([
    ['electron/core/usecases/staff.ts', '../app/core.ts'],
    ['electron/core/outbox/transitions.ts', '../app/handler.ts'],
    ['electron/core/kiosk/party.ts', '../app/handlers/printing.ts'],
    ['electron/core/access/lookup-budget.ts', '../app/handlers/agreements.ts'],
    ['electron/core/db/repos/guests.ts', '../../app/audit.ts'],
    ['electron/core/access/session.ts', '../app/events.ts'],
    ['electron/core/errors.ts', './app/core.ts'],
    ['electron/core/runtime.ts', './web/host.ts'],
    ['electron/core/hub/index.ts', '../cli/door.ts'],
  ])('%s may not import %s', async (file, path) => {
    expect(await restricted(file, `import * as a from '${path}';\nvoid a;\n`)).toEqual([
      expect.stringContaining('point down'),
    ]);
  });

  it.each([
    ['electron/core/usecases/staff.ts', '../errors.ts'],
    ['electron/core/usecases/staff.ts', '../access/pins.ts'],
    ['electron/core/access/lookup-budget.ts', './pin-guard.ts'],
    ['electron/core/kiosk/state.ts', '../access/pin-guard.ts'],
    ['electron/core/kiosk/handlers.ts', '../app/transition.ts'],
    ['electron/core/hub/index.ts', '../access/pin-guard.ts'],
    ['electron/core/app/core.ts', '../access/session.ts'],
    ['electron/core/app/handlers/desk.ts', '../core.ts'],
    ['electron/core/web/host.ts', '../app/core.ts'],
    ['electron/core/cli/door.ts', '../app/core.ts'],
    ['electron/main/desktop.ts', '../core/app/core.ts'],
  ])('%s may import %s', async (file, path) => {
    expect(await restricted(file, `import * as a from '${path}';\nvoid a;\n`)).toEqual([]);
  });

  it('below app/, the core still may not import electron, the service past embed.ts, nor the renderer', async () => {
    const lower = 'electron/core/usecases/x.ts';
    expect(await restricted(lower, "import { app } from 'electron';\nvoid app;\n")).toEqual([
      expect.stringContaining('Only electron/main'),
    ]);
    expect(await restricted(lower, "import * as s from '../../../service/index.ts';\nvoid s;\n")).toEqual([
      expect.stringContaining('service/embed.ts only'),
    ]);
    expect(await restricted(lower, "import * as r from '../../../renderer/src/lib/api.ts';\nvoid r;\n")).toEqual([
      expect.stringContaining('do not import renderer/'),
    ]);
  });
});

describe("a domain's screens are named by the renderer's list of domains only", () => {
  it.each([
    ['renderer/src/features/desk/x.ts', '../../domains/walk-ins/index.ts'],
    ['renderer/src/features/kiosk/x.ts', '../../domains/walk-ins/kiosk/walk-in-store.ts'],
    ['renderer/src/App.ts', './domains/walk-ins/index.ts'],
  ])('%s may not import %s', async (file, path) => {
    expect(await restricted(file, `import * as d from '${path}';\nvoid d;\n`)).toEqual([
      expect.stringContaining('Only renderer/src/domains.ts names a domain'),
    ]);
  });

  it.each([
    ['renderer/src/domains.ts', './domains/walk-ins/index.ts'],
    ['renderer/src/domains/walk-ins/index.ts', './kiosk/walk-in-store.ts'],
    ['renderer/src/domains/walk-ins/kiosk/x.ts', '../../../features/kiosk/kiosk-store.ts'],
    ['renderer/src/features/kiosk/x.ts', '../../domains.ts'],
  ])('%s may import %s', async (file, path) => {
    expect(await restricted(file, `import * as d from '${path}';\nvoid d;\n`)).toEqual([]);
  });

  it('a screen still may not reach the core but through the contract', async () => {
    expect(await restricted('renderer/src/features/desk/x.ts', "import * as c from 'node:fs';\nvoid c;\n")).toEqual([
      expect.stringContaining('through the contract only'),
    ]);
  });
});
