/**
 * Permanent identities from CSV: the errors that refuse the whole file
 * (ImportError), each naming the column or line it is about.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { importIdentities } from '../../../electron/core/imports/identities.ts';
import { importErrorOf, tempFiles, utf16le, utf8bom } from './files.ts';

const files = tempFiles();
afterAll(() => files.remove());

const csv = (name: string, text: string | Uint8Array) => importIdentities(files.write(name, text));

describe('identities CSV: file-level errors (ImportError)', () => {
  it('an unknown column, named', async () => {
    const issue = await importErrorOf(csv('unknown.csv', 'sourceId,shoeSize,email\ns,42,e@example.test\n'));
    expect(issue).toMatchObject({ file: 'unknown.csv', line: 1, column: 'shoeSize' });
    expect(issue.message).toContain('unknown column');
    expect(issue.message).toContain('custom.<name>');
  });

  it('"custom." without a key is an unknown column', async () => {
    const issue = await importErrorOf(csv('custom-empty.csv', 'sourceId,custom.\ns,x\n'));
    expect(issue).toMatchObject({ line: 1, column: 'custom.' });
  });

  it('a column named twice', async () => {
    const issue = await importErrorOf(csv('dup-header.csv', 'sourceId,email,sourceId\na,b,c\n'));
    expect(issue).toMatchObject({ line: 1, column: 'sourceId' });
    expect(issue.message).toContain('twice');
  });

  it('a column without a name, by its position', async () => {
    const issue = await importErrorOf(csv('no-name.csv', 'sourceId,email,\na,b,\n'));
    expect(issue).toMatchObject({ line: 1, column: '#3' });
  });

  it('a header with neither sourceId nor email', async () => {
    const issue = await importErrorOf(csv('no-key.csv', 'firstName,lastName\nA,B\n'));
    expect(issue).toMatchObject({ line: 1, column: null });
    expect(issue.message).toContain('sourceId or email');
  });

  it.each([
    ['an empty file', 'empty.csv', ''],
    ['a file of only a BOM', 'bom-only.csv', utf8bom('')],
    ['a file of blank lines', 'blank-lines.csv', '\n\n\n'],
    ['a file of blank CRLF lines', 'blank-crlf.csv', '\r\n\r\n'],
    ['a UTF-16 file of only a BOM', 'utf16-empty.csv', utf16le('')],
  ])('%s', async (_label, name, content) => {
    const issue = await importErrorOf(csv(name, content));
    expect(issue).toMatchObject({ file: name, line: 1 });
    expect(issue.message).toContain('empty');
  });

  it('a header without rows is no error, and no items', async () => {
    const result = await csv('header-only.csv', 'sourceId,email\n');
    expect(result).toMatchObject({ rows: 0, items: [], issues: [], invalidRows: 0 });
  });

  it('invalid UTF-8 says to save the file as UTF-8', async () => {
    const bytes = Buffer.concat([Buffer.from('sourceId,lastName\ns-1,M'), Buffer.from([0xfc]), Buffer.from('ller\n')]);
    const issue = await importErrorOf(csv('latin1.csv', bytes));
    expect(issue.file).toBe('latin1.csv');
    expect(issue.message).toMatch(/UTF-8/);
    expect(issue.message).toMatch(/save it as/i);
  });

  it('invalid UTF-8 far into a large file is still an ImportError', async () => {
    const rows = Array.from({ length: 40_000 }, (_, i) => `s-${i},Name${i}`).join('\n');
    const bytes = Buffer.concat([
      Buffer.from(`sourceId,lastName\n${rows}\ns-x,M`),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('\n'),
    ]);
    expect(bytes.length).toBeGreaterThan(512 * 1024);
    const issue = await importErrorOf(csv('late-latin1.csv', bytes));
    expect(issue.message).toMatch(/UTF-8/);
  });

  it('an unclosed quote names a line', async () => {
    const issue = await importErrorOf(csv('unclosed.csv', 'sourceId,firstName\ns-1,A\ns-2,"B\ns-3,C\n'));
    expect(issue.file).toBe('unclosed.csv');
    expect(issue.line).not.toBeNull();
    expect(issue.message).toContain('quote');
  });

  it('text after a closing quote names its line', async () => {
    const issue = await importErrorOf(csv('after-quote.csv', 'sourceId,firstName\ns-1,A\ns-2,"B"x\ns-3,C\n'));
    expect(issue).toMatchObject({ line: 3 });
    expect(issue.message).toContain('quote');
  });

  it('a quote inside an unquoted field is an ImportError naming its line', async () => {
    const issue = await importErrorOf(csv('inner-quote.csv', 'sourceId,firstName\ns-1,A\ns-2,B x"\ns-3,C\n'));
    expect(issue).toMatchObject({ file: 'inner-quote.csv', line: 3 });
  });

  it('an unclosed quote names the line where the quote was opened', async () => {
    const tail = Array.from({ length: 10 }, (_, i) => `t-${i},T`).join('\n');
    const issue = await importErrorOf(csv('unclosed-long.csv', `sourceId,firstName\ns-1,A\ns-2,"B\n${tail}\n`));
    expect(issue.line).toBe(3);
  });
});
