/**
 * What a file that is not text is, by its first bytes ("magic numbers"): a
 * PDF or a workbook renamed to .csv should say so, not that it is "not valid
 * UTF-8", which sends a person looking for an encoding setting.
 */
import { ImportError } from './issues.ts';

const SIGNATURES: { bytes: number[]; kind: string }[] = [
  { bytes: [0x25, 0x50, 0x44, 0x46], kind: 'a PDF' }, // %PDF
  { bytes: [0x50, 0x4b, 0x03, 0x04], kind: 'a ZIP archive, such as an XLSX workbook' }, // PK..
  { bytes: [0x89, 0x50, 0x4e, 0x47], kind: 'a PNG image' }, // .PNG
  { bytes: [0xff, 0xd8, 0xff], kind: 'a JPEG image' },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0], kind: 'an old Office file, such as an XLS workbook' }, // OLE2
];

/** What the file's first bytes say it is, or undefined when they are no known binary format. */
export function binaryKindOf(head: Uint8Array): string | undefined {
  return SIGNATURES.find((s) => s.bytes.every((byte, i) => head[i] === byte))?.kind;
}

/** The error for a file of `kind` given where text (`what`: "a CSV text file", "a JSON text file") is read. */
export const notText = (file: string, what: string, kind: string) =>
  new ImportError({
    file,
    line: null,
    column: null,
    message: `this file is not ${what} (it looks like ${kind}); choose the ${what.replace(/^an? /, '')} itself, or save it as one`,
  });
