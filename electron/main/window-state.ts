/** Remembers the desk window's position and size between runs. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../core/config/atomic-write.ts';

const Bounds = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(400),
  height: z.number().int().min(300),
});
export type Bounds = z.infer<typeof Bounds>;

export function loadBounds(dataDir: string): Bounds | undefined {
  const path = join(dataDir, 'window-state.json');
  if (!existsSync(path)) return undefined;
  try {
    const parsed = Bounds.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined; // a broken file is forgotten, never fatal
  }
}

export function saveBounds(dataDir: string, bounds: Bounds): void {
  // Private and whole, like every file of the data directory (the start-up check would otherwise fix and log it).
  writeFileAtomic(join(dataDir, 'window-state.json'), JSON.stringify(bounds));
}
