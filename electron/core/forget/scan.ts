/**
 * After an erasure, every file of the data directory is read for the
 * person's names and email, byte by byte (as `grep -a` would): a text file
 * Foyer does not own as a database (a log, a CSV export kept there) has them
 * replaced by the pseudonym, written through a new file; any other file that
 * still holds them is named in the answer, so that nobody is told "gone" when
 * it is not. The embedded reference service's database is the service, not
 * this site's copy: it is not read here (forget.ts says what the service holds).
 */
import { readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';

/** The embedded reference service's files: the service's own store (embedded.ts). */
const SERVICE_FILE = /^embedded-service\.db(-wal|-shm)?$/;
const TEXT_FILES = new Set(['.csv', '.txt', '.log', '.json', '.ndjson', '.tsv']);
/** Larger files are read in one piece still; a data directory holds a mirror of some hundred MB at most. */
function filesUnder(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(path));
    else if (entry.isFile() && !SERVICE_FILE.test(entry.name)) found.push(path);
  }
  return found;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function scanDataDir(
  dataDir: string,
  needles: readonly string[],
  pseudonym: string,
  pseudonymEmail: string,
  emails: ReadonlySet<string>,
): { stillFound: string[]; rewritten: string[] } {
  const forms = [...new Set(needles.flatMap((n) => [n, n.toLowerCase(), n.toUpperCase()]))].map((n) =>
    Buffer.from(n, 'utf8'),
  );
  const stillFound: string[] = [];
  const rewritten: string[] = [];
  if (forms.length === 0) return { stillFound, rewritten };
  const pattern = new RegExp(needles.map(escapeRegExp).join('|'), 'giu');
  for (const path of filesUnder(dataDir)) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch {
      continue; // gone meanwhile (a WAL truncated, a temporary file)
    }
    if (!forms.some((form) => bytes.includes(form))) continue;
    const name = relative(dataDir, path);
    if (TEXT_FILES.has(extname(path).toLowerCase())) {
      const text = bytes
        .toString('utf8')
        .replace(pattern, (m) => (emails.has(m.toLowerCase()) ? pseudonymEmail : pseudonym));
      const next = `${path}.forget-tmp`;
      writeFileSync(next, text, { mode: statSync(path).mode & 0o777 });
      renameSync(next, path);
      rewritten.push(name);
    } else stillFound.push(name);
  }
  return { stillFound, rewritten };
}
