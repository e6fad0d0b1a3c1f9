/**
 * One slice per domain: an operation's domain is its name's prefix (the part
 * before the dot), and that domain's name leads to its contract
 * (shared/contract/<domain>.ts, exporting `<domain>Operations`) and its
 * handlers, exporting `<domain>Handlers`: in the domain's own folder
 * (electron/core/<domain>/handlers.ts), or, for a domain not moved to its
 * folder yet, electron/core/app/handlers/<domain>.ts. A camelCase prefix is
 * a kebab-case file (`walkIns.*` in walk-ins.ts and walk-ins/). A domain
 * split from another may keep the prefix that the screens call (SPLIT): then
 * each part is named by its file, and the parts declare the prefix's
 * operations between them, each exactly once. Every operation has exactly
 * one handler, in its domain's file; what else lives in those folders is
 * listed here with its reason.
 */
import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPERATION_NAMES, operations } from '../../../shared/contract/operations.ts';

const root = new URL('../../../', import.meta.url).pathname;
const contractDir = `${root}shared/contract/`;
const handlersDir = `${root}electron/core/app/handlers/`;

/** Files of shared/contract/ that are not a domain. */
const CONTRACT_SUPPORT = {
  'op.ts': 'the roles and op(), which every domain uses',
  'operations.ts': 'the assembly: the one table of every domain',
  'errors.ts': 'the one error shape',
  'events.ts': 'the one event stream',
  'ipc.ts': "the Electron door's channels and replies",
  'text.ts': 'the rules every input text follows',
  'evacuation.ts':
    "a roll call's shapes (its entries, their marks): the roll call's and its marks' operations return them",
};

/**
 * The prefixes whose operations two domains share, each domain named by its files: the roll call and its marks
 * were one domain, and kept the names the screens call (evacuation.start, evacuation.tick). Either may be
 * removed (scripts/remove-domain.mjs): the parts are those whose contract file is there.
 */
const SPLIT: Record<string, readonly string[]> = { evacuation: ['rollCall', 'evacuationMarks'] };

/** Files of electron/core/app/handlers/ that are helpers of several domains, not handlers. */
const HANDLER_HELPERS = {};

const domainOf = (name: string) => name.slice(0, name.indexOf('.'));
const stemOf = (domain: string) => domain.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const fileOf = (domain: string) => `${stemOf(domain)}.ts`;
/** A domain's handlers: in its own folder, else in app/handlers/. */
const handlerFileOf = (domain: string) =>
  existsSync(`${root}electron/core/${stemOf(domain)}/handlers.ts`)
    ? `${root}electron/core/${stemOf(domain)}/handlers.ts`
    : `${handlersDir}${fileOf(domain)}`;
/** Every file that may hold handlers: app/handlers/ and each domain folder's handlers.ts. */
const handlerFiles = () => [
  ...readdirSync(handlersDir).map((file) => `${handlersDir}${file}`),
  ...readdirSync(`${root}electron/core/`)
    .map((dir) => `${root}electron/core/${dir}/handlers.ts`)
    .filter((path) => existsSync(path)),
];
const partsOf = (prefix: string) =>
  SPLIT[prefix]?.filter((domain) => existsSync(`${contractDir}${fileOf(domain)}`)) ?? [prefix];
const domains = [...new Set(OPERATION_NAMES.map(domainOf))].flatMap(partsOf);
/** The prefix of a domain's operations: its own name, or the prefix it shares (SPLIT). */
const prefixOf = (domain: string) => Object.keys(SPLIT).find((prefix) => SPLIT[prefix]!.includes(domain)) ?? domain;
/** What its contract file declares (a split domain: some of its prefix's operations; checked below). */
const declaredBy = async (domain: string) =>
  Object.keys(await exported(`${contractDir}${fileOf(domain)}`, `${domain}Operations`)).sort();
/** The operations of a domain: those named by its prefix, or for a split domain, those its contract declares. */
const operationsOf = async (domain: string) =>
  prefixOf(domain) === domain
    ? OPERATION_NAMES.filter((n) => domainOf(n) === domain).sort()
    : (await declaredBy(domain)).filter((n) => domainOf(n) === prefixOf(domain));

async function exported(path: string, name: string): Promise<Record<string, unknown>> {
  const module = (await import(path)) as Record<string, Record<string, unknown> | undefined>;
  const value = module[name];
  if (!value) throw new Error(`${path} does not export ${name}`);
  return value;
}

describe('one slice per domain', () => {
  it('every operation is named <domain>.<action>', () => {
    expect(OPERATION_NAMES.filter((name) => !/^[a-z][a-zA-Z]*\.[a-z][a-zA-Z]*$/.test(name))).toEqual([]);
  });

  it.each(domains)('%s: its contract file declares exactly its operations', async (domain) => {
    const path = `${contractDir}${fileOf(domain)}`;
    expect(existsSync(path), path).toBe(true);
    const declared = await exported(path, `${domain}Operations`);
    expect(Object.keys(declared).sort()).toEqual(await operationsOf(domain));
    for (const [name, operation] of Object.entries(declared))
      expect(operations[name as keyof typeof operations], name).toBe(operation);
  });

  it.each(domains)('%s: its handler file handles exactly its operations', async (domain) => {
    const path = handlerFileOf(domain);
    expect(existsSync(path), path).toBe(true);
    const handlers = await exported(path, `${domain}Handlers`);
    expect(Object.keys(handlers).sort()).toEqual(await operationsOf(domain));
    for (const [name, handler] of Object.entries(handlers)) expect(typeof handler, name).toBe('function');
  });

  it.each(Object.keys(SPLIT))('%s: its domains declare its operations between them, once each', async (prefix) => {
    expect(domains, `${prefix}: also a domain`).not.toContain(prefix);
    const declared = (await Promise.all(partsOf(prefix).map(declaredBy))).flat().sort();
    expect(declared).toEqual(OPERATION_NAMES.filter((n) => domainOf(n) === prefix).sort());
  });

  it('every operation has exactly one handler', async () => {
    const count = new Map<string, number>();
    for (const path of handlerFiles()) {
      const module = (await import(path)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module))
        if (name.endsWith('Handlers') && value && typeof value === 'object')
          for (const operation of Object.keys(value)) count.set(operation, (count.get(operation) ?? 0) + 1);
    }
    expect(Object.fromEntries(count)).toEqual(Object.fromEntries(OPERATION_NAMES.map((name) => [name, 1])));
  });

  it('every other file of the two folders is a listed helper', () => {
    const domainFiles = new Set(domains.map(fileOf));
    // A domain in its own folder has no file in app/handlers/ (and none may stay behind there).
    for (const domain of domains)
      if (handlerFileOf(domain) !== `${handlersDir}${fileOf(domain)}`)
        expect(existsSync(`${handlersDir}${fileOf(domain)}`), `${domain}: a second handler file`).toBe(false);
    const others = (dir: string, listed: Record<string, string>) =>
      readdirSync(dir).filter((file) => !domainFiles.has(file) && !(file in listed));
    expect(others(contractDir, CONTRACT_SUPPORT)).toEqual([]);
    expect(others(handlersDir, HANDLER_HELPERS)).toEqual([]);
    // A listed helper named as a domain would hide that domain's files.
    for (const file of [...Object.keys(CONTRACT_SUPPORT), ...Object.keys(HANDLER_HELPERS)])
      expect(domainFiles.has(file), file).toBe(false);
  });
});
