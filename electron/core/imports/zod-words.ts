/**
 * zod's type messages in words a person fixing a file understands: "Invalid
 * input: expected string, received undefined" says neither which column nor
 * what to do. Other messages (lengths, formats, the schemas' own texts) say
 * that already and are kept.
 */
import type { core } from 'zod';

const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
};

function kindOf(value: unknown): string {
  if (value === null) return 'empty (null)';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return 'text';
  return KINDS[typeof value] ?? typeof value;
}

/** The issue's message, with a missing or mistyped value said in words that name the column. */
export function issueInWords(issue: core.$ZodIssue, column: string | null): string {
  if (issue.code !== 'invalid_type') return issue.message;
  const name = column ? `"${column}"` : 'this value';
  if (issue.input === undefined) return `${name} is required, and it is empty or missing in this row`;
  const expected = KINDS[issue.expected] ?? issue.expected;
  return `${name} must be ${expected}, not ${kindOf(issue.input)}`;
}
