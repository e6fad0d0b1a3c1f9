/**
 * Every text an operation accepts has a length limit, and no input text may
 * hold a control character: rules of the contract, checked over every
 * operation's input schema so that a new field cannot forget them.
 */
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { operations } from '../../../shared/contract/operations.ts';
import { clip, controlCharacterAt } from '../../../shared/contract/text.ts';

type JsonSchema = { type?: string | string[]; maxLength?: number; enum?: unknown[]; const?: unknown } & Record<
  string,
  unknown
>;

function unboundedTexts(schema: unknown, path: string, out: string[]): string[] {
  if (!schema || typeof schema !== 'object') return out;
  const node = schema as JsonSchema;
  const isText = node.type === 'string' || (Array.isArray(node.type) && node.type.includes('string'));
  if (isText && node.maxLength === undefined && node.enum === undefined && node.const === undefined) out.push(path);
  for (const [key, value] of Object.entries(node)) unboundedTexts(value, `${path}.${key}`, out);
  return out;
}

describe('input text rules of the contract', () => {
  it('every text field of every operation input has a length limit', () => {
    const unbounded = Object.entries(operations).flatMap(([name, operation]) =>
      unboundedTexts(z.toJSONSchema(operation.input, { io: 'input', unrepresentable: 'any' }), name, []),
    );
    expect(unbounded).toEqual([]);
  });

  it('finds a control character anywhere in an input, keys included', () => {
    expect(controlCharacterAt({ text: 'Ann' })).toBeUndefined();
    expect(controlCharacterAt({ text: 'A\u0000' })).toEqual(['text']);
    expect(controlCharacterAt({ a: [{ b: 'ok' }, { b: 'x\u009b' }] })).toEqual(['a', 1, 'b']);
    expect(controlCharacterAt({ ['k\u001b']: 1 })).toEqual(['k\\u001b']);
    expect(controlCharacterAt('Ann\u0007')).toEqual([]);
  });

  it('clips echoed text', () => {
    expect(clip('x'.repeat(100))).toBe(`${'x'.repeat(60)}…`);
    expect(clip('a\u001b[2J')).toBe('a\\u001b[2J');
  });
});
