/**
 * The cleaner of service text: the token in any form a hostile service may
 * echo it (case, URL-encoding, base64, base64url, hex, broken by white space,
 * in pieces across fields) never comes out; ordinary text is left as it is.
 */
import { describe, expect, it } from 'vitest';
import { createServiceTextCleaner, formsOf, pieceLength } from '../../../electron/core/api/service-text.ts';

const TOKEN = 'acme-test-token';
const LONG = 'sk_live_9f8A7b6C5d4E3f2G1h0IjKlMnOpQrStUv';
const cleaner = createServiceTextCleaner([TOKEN, LONG]);
const b64 = (s: string) => Buffer.from(s).toString('base64');
const b64url = (s: string) => Buffer.from(s).toString('base64url');

function leaks(text: string, secret: string): boolean {
  const squeezed = text.replace(/\s/g, '').toLowerCase();
  return formsOf(secret).some((form) => {
    for (let i = 0; i + pieceLength(form) <= form.length; i++)
      if (squeezed.includes(form.slice(i, i + pieceLength(form)))) return true;
    return false;
  });
}

describe('the token in any form', () => {
  it.each([TOKEN, LONG])('is removed from every form of %s', (secret) => {
    const forms: [string, string][] = [
      ['as it is', `token ${secret} refused`],
      ['upper-cased', `TOKEN ${secret.toUpperCase()} REFUSED`],
      ['URL-encoded', `?t=${encodeURIComponent(secret)}`],
      ['base64', `basic ${b64(secret)}`],
      ['base64 after one byte', `basic ${b64(`x${secret}`)}`],
      ['base64 after two bytes', `basic ${b64(`xy${secret}`)}`],
      ['base64url', `k=${b64url(`:${secret}`)}`],
      ['hex', `hex ${Buffer.from(secret).toString('hex')}`],
      ['split by spaces', `t: ${secret.split('').join(' ')}`],
      ['split by a newline', `t: ${secret.slice(0, 5)}\n${secret.slice(5)}`],
      ['in the middle of a word', `xx${secret}yy`],
    ];
    for (const [how, text] of forms) {
      const cleaned = cleaner.clean(text);
      expect(cleaned, how).toContain('[token]');
      expect(leaks(cleaned, secret), `${how}: ${cleaned}`).toBe(false);
    }
  });

  it('split across two fields: the longer part goes wherever the split is, so the two never make the token', () => {
    for (const secret of [TOKEN, LONG])
      for (let at = 1; at < secret.length; at++) {
        const answer = { firstName: `${secret.slice(0, at)}`, lastName: `${secret.slice(at)}` };
        cleaner.cleanDeep(answer);
        const longer = at >= secret.length - at ? answer.firstName : answer.lastName;
        expect(longer, `split at ${at}`).toContain('[token]');
        expect(`${answer.firstName}${answer.lastName}`).not.toContain(secret);
      }
    const nested = { events: [{ note: LONG.slice(0, 20) }] };
    cleaner.cleanDeep(nested);
    expect(nested.events[0]!.note).toBe('[token]');
  });

  it('keys of extra fields are cleaned too', () => {
    const answer: Record<string, unknown> = { [`x-${TOKEN}`]: 1 };
    cleaner.cleanDeep(answer);
    expect(Object.keys(answer)).toEqual(['x-[token]']);
  });

  it('leaves ordinary text alone, and anything after "Bearer" goes', () => {
    for (const text of ['Ada Lovelace', 'ada@acme.test', 'Acme Test GmbH', 'Berlin HQ', 'Check-in 10:30'])
      expect(cleaner.clean(text)).toBe(text);
    expect(cleaner.clean('Authorization: Bearer whatever-it-is')).toBe('Authorization: Bearer [token]');
  });

  it('strips control characters and caps the length', () => {
    expect(cleaner.clean('a\u001b[2Jb\u0000c')).toBe('ab c');
    const capped = cleaner.clean('x'.repeat(300_000), 200);
    expect(capped).toHaveLength(200);
    expect(capped.endsWith('…')).toBe(true);
  });
});
