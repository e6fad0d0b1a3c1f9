import type { z } from 'zod';
import type { ErrorDetail } from './responses.ts';

/** Turns zod issues into the `details` of the error body: `path` in `a.b[0].c` form. */
export function issuesToDetails(issues: readonly z.core.$ZodIssue[], prefix = ''): ErrorDetail[] {
  return issues.map((issue) => ({ path: formatPath(issue.path, prefix), message: issue.message }));
}

export function formatPath(path: readonly PropertyKey[], prefix = ''): string {
  let out = prefix;
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || '(root)';
}
