/**
 * A file that is no text at all, renamed to .csv or .json (a PDF, a workbook,
 * an image): the error says what it looks like, not that it is "not valid UTF-8".
 */
import { afterAll, describe, expect, it } from 'vitest';
import { importIdentities } from '../../../electron/core/imports/identities.ts';
import { importProfiles } from '../../../electron/core/imports/profiles.ts';
import { importErrorOf, tempFiles } from './files.ts';
import { sheetRow, xlsx } from './zip.ts';

const files = tempFiles('foyer-not-text-');
afterAll(() => files.remove());

const PDF = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);

describe('a file that is not text', () => {
  it('a PDF renamed to .csv says it looks like a PDF', async () => {
    const issue = await importErrorOf(importIdentities(files.write('guests.csv', PDF)));
    expect(issue).toMatchObject({ file: 'guests.csv', line: null, column: null });
    expect(issue.message).toMatch(/^this file is not a CSV text file \(it looks like a PDF\)/);
    expect(issue.message).not.toContain('UTF-8');
  });

  it('a workbook, a PNG and a JPEG renamed to .csv say what they look like', async () => {
    const workbook = xlsx(sheetRow(1, ['sourceId', 'email']));
    const cases: [string, Buffer, RegExp][] = [
      ['book.csv', workbook, /it looks like a ZIP archive, such as an XLSX workbook/],
      ['photo.csv', PNG, /it looks like a PNG image/],
      ['scan.csv', JPEG, /it looks like a JPEG image/],
    ];
    for (const [name, bytes, said] of cases)
      expect((await importErrorOf(importIdentities(files.write(name, bytes)))).message).toMatch(said);
  });

  it('a PDF renamed to .json says so too', async () => {
    const issue = await importErrorOf(importProfiles(files.write('profiles.json', PDF)));
    expect(issue.message).toMatch(/^this file is not a JSON text file \(it looks like a PDF\)/);
  });

  it('a text file that is not UTF-8 still says how to save it', async () => {
    const issue = await importErrorOf(
      importIdentities(files.write('latin1.csv', Buffer.from('sourceId\nM\xfcller\n', 'latin1'))),
    );
    expect(issue.message).toMatch(/not valid UTF-8/);
  });
});
