/** Images a kiosk sends are told by their bytes, held to their size, and refused in a sentence otherwise. */
import { describe, expect, it } from 'vitest';
import { imageTypeOf, readImage } from '../../../electron/core/agreements/images.ts';
import { personKey } from '../../../electron/core/agreements/person.ts';
import { textIn } from '../../../electron/core/agreements/agreements.ts';
import { jpegBytes, strokePng } from '../../support/images.ts';

const limits = { maxBytes: 10_000, allowed: ['image/png', 'image/jpeg'] as const };

describe('images', () => {
  it('are PNG or JPEG by their first bytes, whatever the data URL says', () => {
    expect(imageTypeOf(strokePng())).toBe('image/png');
    expect(imageTypeOf(jpegBytes())).toBe('image/jpeg');
    expect(imageTypeOf(Buffer.from('GIF89a'))).toBeUndefined();
    const disguised = `data:image/png;base64,${Buffer.from('<svg/>').toString('base64')}`;
    expect(() => readImage(disguised, 'photo', limits)).toThrow('the photo is not an image Foyer takes (PNG or JPEG)');
    expect(readImage(`data:image/png;base64,${jpegBytes().toString('base64')}`, 'photo', limits).type).toBe(
      'image/jpeg',
    );
  });

  it('are refused when too large or not base64', () => {
    expect(() => readImage(jpegBytes(20_000).toString('base64'), 'photo', limits)).toThrow(
      /too large \(at most 9 KB\)/,
    );
    expect(() => readImage('not base64!', 'signature', limits)).toThrow('the signature is not an image');
  });
});

describe('a person across visits', () => {
  it('is the email, case aside, else the names and company as written', () => {
    expect(personKey({ email: ' Greta@Example.test ', firstName: 'X' })).toBe('email:greta@example.test');
    expect(personKey({ firstName: 'Greta ', lastName: 'Vertraulich', companyName: 'Kranich  AG' })).toBe(
      personKey({ firstName: 'greta', lastName: 'VERTRAULICH', companyName: 'Kranich AG' }),
    );
  });
});

describe('a document in a language', () => {
  it("is the guest's, else the start language's, else the first written", () => {
    const texts = { EN: ['Keep it secret.'], DE: ['Geheim halten.', ' '] };
    expect(textIn(texts, 'de-AT', 'EN')).toEqual({ paragraphs: ['Geheim halten.'], language: 'DE' });
    expect(textIn(texts, 'FR', 'EN')).toEqual({ paragraphs: ['Keep it secret.'], language: 'EN' });
    expect(textIn({ PL: ['Tajemnica.'] }, 'FR', 'EN')).toEqual({ paragraphs: ['Tajemnica.'], language: 'PL' });
  });
});
