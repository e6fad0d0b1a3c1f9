/** The CLI's tables line up as a terminal shows them, whatever the script of the names. */
import { describe, expect, it } from 'vitest';
import stringWidth from 'string-width';
import { table } from '../../../electron/core/cli/args.ts';

describe('table', () => {
  it('pads by display width: Chinese characters take two columns, combining marks none', () => {
    const text = table(
      ['guest', 'company', 'state'],
      [
        ['勇 王', '深圳明达电子有限公司', 'EXPECTED'],
        ['Franziska Müller', 'Alpenblick', 'CHECKED_OUT'],
        ['Алексей Соловьёв', null, 'CHECKED_IN'],
        ['Zdene\u030Ck Novy\u0301', 'Krkonoše s.r.o.', 'EXPECTED'], // decomposed: a letter and its mark
      ],
    );
    const lines = text.split('\n');
    // The last column starts at the same terminal column on every line.
    const starts = lines.map((line) =>
      stringWidth(
        line.slice(
          0,
          line.lastIndexOf(
            line
              .trim()
              .split(/\s{2,}/)
              .at(-1)!,
          ),
        ),
      ),
    );
    expect(new Set(starts).size).toBe(1);
    expect(lines[1]).toContain('勇 王');
  });
});
