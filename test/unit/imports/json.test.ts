/** Permanent identities from JSON: both shapes, the line of each item, and errors that point at a line. */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../../electron/core/cli/main.ts';
import { createConfigStore } from '../../../electron/core/config/config.ts';
import { createFileTokenStore } from '../../../electron/core/config/token-store.ts';
import { importEvents } from '../../../electron/core/imports/events.ts';
import { importIdentities } from '../../../electron/core/imports/identities.ts';
import { itemLines, MAX_JSON_DEPTH } from '../../../electron/core/imports/json-lines.ts';
import { importErrorOf, tempFiles, utf8bom } from './files.ts';

const files = tempFiles('foyer-json-');
afterAll(() => files.remove());
const json = (name: string, text: string | Uint8Array) => importIdentities(files.write(name, text));

const ITEMS = [
  { sourceId: 'j-1', email: 'j1@example.test', firstName: 'Jo', customFields: { badge: 'red', level: 3 } },
  {
    sourceId: 'j-2',
    lastName: 'Müller',
    startsAt: '2026-01-01T00:00:00Z',
    accessProfiles: [{ accessProfileGroupSourceId: 'lobby', sourceId: 'main' }],
  },
];

describe('identities JSON', () => {
  it('reads the sample (the API body shape) with the line of each item', async () => {
    const result = await importIdentities(
      fileURLToPath(new URL('../../../resources/samples/identities.json', import.meta.url)),
    );
    expect(result).toMatchObject({ format: 'json', rows: 2, invalidRows: 0, issues: [], lines: [3, 13] });
    expect(result.items[0]!.customFields).toEqual({ badgeColour: 'blue' });
  });

  it('reads a top-level array and the { permanentIdentities: [...] } object alike', async () => {
    const asArray = await json('array.json', JSON.stringify(ITEMS, null, 2));
    const asObject = await json('object.json', JSON.stringify({ permanentIdentities: ITEMS }, null, 2));
    expect(asArray.items).toEqual(ITEMS);
    expect(asObject.items).toEqual(ITEMS);
    expect(asArray.lines).toEqual([2, 11]);
    expect(asObject.lines).toEqual([3, 12]);
  });

  it('reads UTF-8 with a BOM', async () => {
    const result = await json('bom.json', utf8bom(JSON.stringify(ITEMS)));
    expect(result.items).toEqual(ITEMS);
    expect(result.lines).toEqual([1, 1]);
  });

  it('counts lines correctly past strings with brackets, braces, commas and escaped quotes', () => {
    const text =
      '[\n {"sourceId": "a[\\"{,}]\\\\"},\n\n {"sourceId": "b"}, {"sourceId": "c",\n "x": [1, {"y": []}]},\n {"sourceId": "d"}\n]';
    expect(JSON.parse(text)).toHaveLength(4);
    expect(itemLines(text)).toEqual([2, 4, 4, 6]);
    expect(itemLines('[]')).toEqual([]);
    expect(itemLines('{"permanentIdentities": [\n]}')).toEqual([]);
  });

  it('gives each item issue the line where the item starts', async () => {
    const text = [
      '[',
      '  {"sourceId": "x", "startsAt": "tomorrow"},',
      '  {"firstName": "nobody"},',
      '  {"sourceId": "y", "shoeSize": 42},',
      '  {"sourceId": 7},',
      '  {"sourceId": "x"},',
      '  {"sourceId": "z",',
      '   "accessProfiles": [{"accessProfileGroupSourceId": "g"}]},',
      '  {"sourceId": "z2"}',
      ']',
    ].join('\n');
    const result = await json('issues.json', text);
    expect(result.items).toEqual([{ sourceId: 'x' }, { sourceId: 'z2' }]);
    expect(result.lines).toEqual([6, 9]);
    expect(result.rows).toBe(7);
    expect(result.invalidRows).toBe(5);
    for (const issue of result.issues) expect(issue.line).not.toBeNull();
    expect(result.issues.map((i) => [i.line, i.column])).toEqual([
      [2, 'startsAt'],
      [3, 'sourceId'],
      [4, '(root)'],
      [5, 'sourceId'],
      [7, 'accessProfiles[0].sourceId'],
    ]);
    expect(result.issues[0]!.message).toContain('"tomorrow"');
    expect(result.issues[2]!.message).toContain('shoeSize');
  });

  it('names the first line of a duplicate sourceId', async () => {
    const result = await json('dup.json', '[\n{"sourceId": "d"},\n{"sourceId": "e"},\n{"sourceId": "d"}\n]');
    expect(result.issues).toEqual([
      {
        file: 'dup.json',
        line: 4,
        column: 'sourceId',
        message: '"d" is already used on line 2; each row needs its own',
      },
    ]);
  });

  it('refuses a file that is neither an array nor an object with the member', async () => {
    for (const [name, text] of [
      ['null.json', 'null'],
      ['other.json', '{"items": []}'],
      ['number.json', '42'],
      ['member-object.json', '{"permanentIdentities": {"sourceId": "x"}}'],
    ] as const) {
      const issue = await importErrorOf(json(name, text));
      expect(issue).toMatchObject({ file: name, line: 1 });
      expect(issue.message).toContain('permanentIdentities');
    }
  });

  it('refuses invalid UTF-8, saying to save it as UTF-8', async () => {
    const issue = await importErrorOf(
      json(
        'latin1.json',
        Buffer.concat([Buffer.from('[{"lastName": "M'), Buffer.from([0xfc]), Buffer.from('ller"}]')]),
      ),
    );
    expect(issue.message).toMatch(/save it as UTF-8/);
  });

  it('names the line of a JSON syntax error (a missing comma)', async () => {
    const issue = await importErrorOf(json('syntax.json', '[\n{"sourceId": "a"},\n{"sourceId": "b"\n"email": "x"}\n]'));
    expect(issue.line).toBe(4);
    expect(issue.message).toContain('not valid JSON');
  });

  // V8 names no position for an unexpected token (`Unexpected token '}', ..."..." is not valid JSON`):
  // the importer finds it by itself.
  it('names the line of a JSON syntax error (an unexpected token)', async () => {
    const issue = await importErrorOf(json('token.json', '[\n{"sourceId": "a"},\n{"sourceId": }\n]'));
    expect(issue.line).toBe(3);
  });

  it.each([
    ['[\n{"a": 1},\n{"a": 2}\n', 4], // cut short: the end
    ['[\n{"a": 1}\n{"a": 2}\n]', 3], // a missing comma
    ['[\n{"a": "x\ny"}\n]', 2], // a raw line break inside a string
    ['[\n1,\n2,\n]', 4], // a trailing comma
    ['{"a": tru}', 1],
  ])('finds the line of the error in %j', async (text, line) => {
    const issue = await importErrorOf(json('broken.json', text));
    expect(issue.line).toBe(line);
  });

  // BUG: json-lines.ts takes the lines of the FIRST array in the file, but the importer reads the
  // "permanentIdentities" member: with another array member before it, every item gets a wrong line (or null).
  it('gives the right lines when another array member comes before permanentIdentities', async () => {
    const result = await json(
      'tags-first.json',
      '{\n  "tags": ["x", "y"],\n  "permanentIdentities": [\n    {"sourceId": "a"},\n    {"sourceId": 1}\n  ]\n}',
    );
    expect(result.lines).toEqual([4]);
    expect(result.issues).toEqual([expect.objectContaining({ line: 5, column: 'sourceId' })]);
  });

  describe('nesting', () => {
    /** One identity whose custom field nests `levels` arrays, on line 3. */
    const nested = (levels: number) =>
      `[\n  {"sourceId": "a"},\n  {"sourceId": "deep", "customFields": {"x": ${'['.repeat(levels)}${']'.repeat(levels)}}}\n]`;

    it('refuses a file nested 100,000 levels deep, with the line, before anything recursive reads it', async () => {
      for (const read of [importIdentities, importEvents]) {
        const issue = await importErrorOf(read(files.write('deep.json', nested(100_000))));
        expect(issue).toMatchObject({ file: 'deep.json', line: 3 });
        expect(issue.message).toContain(`deeper than ${MAX_JSON_DEPTH} levels`);
      }
    });

    it('takes nesting up to the limit', async () => {
      // The top-level array, the item, customFields: three levels before the custom field's own.
      const result = await json('ok.json', nested(MAX_JSON_DEPTH - 3));
      expect(result.issues).toEqual([]);
      expect(result.items).toHaveLength(2);
      await importErrorOf(json('over.json', nested(MAX_JSON_DEPTH - 2)));
    });

    it('leaves brackets inside strings alone', async () => {
      const result = await json('strings.json', `[{"sourceId": "${'['.repeat(500)}"}]`);
      expect(result.issues).toEqual([]);
    });

    // The bug: --dry-run said the file was fine, the real push then died with
    // "Maximum call stack size exceeded" when it wrote the request body.
    it('gets the same answer from --dry-run and from the push', async () => {
      const dataDir = join(files.dir, 'data-dir');
      const store = createConfigStore(dataDir);
      store.write({ ...store.read(), baseUrl: 'http://127.0.0.1:9/api/v2' }); // never reached
      createFileTokenStore(dataDir).set('depth-test-token');
      const path = files.write('deep-push.json', nested(100_000));
      for (const flags of [['--dry-run'], []]) {
        let text = '';
        const out = { isTTY: false, write: (t: string) => void (text += t) };
        const code = await main(['push', 'identities', path, ...flags, '--data-dir', dataDir], out, out);
        expect({ code, text }).toMatchObject({ code: 1, text: expect.stringContaining('deep-push.json, line 3') });
        expect(text).not.toContain('call stack');
      }
    });
  });
});
