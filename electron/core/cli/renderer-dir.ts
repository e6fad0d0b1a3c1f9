import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The built renderer that foyer web and foyer hub serve: out/renderer, found
 * from this module whether it runs from the sources
 * (electron/core/cli/) or from the built command (out/main/).
 */
export function defaultRendererDir(): string {
  const candidates = ['../renderer', '../../../out/renderer'].map((p) => fileURLToPath(new URL(p, import.meta.url)));
  return candidates.find((dir) => existsSync(join(dir, 'index.html'))) ?? candidates[1]!;
}
