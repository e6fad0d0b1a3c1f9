import { describe, expect, it } from 'vitest';
import {
  decodeResponse,
  encodeRequest,
  GROUP,
  groupOf,
  httpUrlOf,
  OPERATIONS,
  TAG,
} from '../../../electron/core/printing/ipp.ts';

/** One attribute as RFC 8010 lays it out: tag, name length, name, value length, value. */
const attr = (tag: number, name: string, value: Buffer | string) => {
  const v = typeof value === 'string' ? Buffer.from(value) : value;
  const n = Buffer.from(name);
  return Buffer.concat([
    Buffer.from([tag, n.length >> 8, n.length & 0xff]),
    n,
    Buffer.from([v.length >> 8, v.length & 0xff]),
    v,
  ]);
};
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};

describe('IPP encoding', () => {
  it('writes a request as RFC 8010 lays it out: version, operation, id, groups, end, then the document', () => {
    const bytes = encodeRequest({
      operation: OPERATIONS.printJob,
      requestId: 7,
      operationAttributes: [
        { name: 'attributes-charset', tag: TAG.charset, value: 'utf-8' },
        { name: 'requested-attributes', tag: TAG.keyword, value: ['a', 'bc'] },
      ],
      jobAttributes: [{ name: 'copies', tag: TAG.integer, value: 2 }],
      data: Buffer.from('%PDF'),
    });
    const expected = Buffer.concat([
      Buffer.from([1, 1, 0x00, 0x02, 0, 0, 0, 7, GROUP.operation]),
      attr(TAG.charset, 'attributes-charset', 'utf-8'),
      attr(TAG.keyword, 'requested-attributes', 'a'),
      // An additional value of a 1setOf: an empty name.
      attr(TAG.keyword, '', 'bc'),
      Buffer.from([GROUP.job]),
      attr(TAG.integer, 'copies', int32(2)),
      Buffer.from([GROUP.end]),
      Buffer.from('%PDF'),
    ]);
    expect(bytes.equals(expected)).toBe(true);
  });

  it('writes names and text in UTF-8, with their byte length', () => {
    const bytes = encodeRequest({
      operation: OPERATIONS.getJobAttributes,
      requestId: 1,
      operationAttributes: [{ name: 'job-name', tag: TAG.name, value: 'Badge: 王超' }],
    });
    expect(bytes.subarray(9).equals(Buffer.concat([attr(TAG.name, 'job-name', 'Badge: 王超'), Buffer.from([3])]))).toBe(
      true,
    );
  });

  it('reads a response: status, groups, enums, booleans, sets, text with a language, dates and collections', () => {
    const date = Buffer.from([0x07, 0xea, 11, 29, 5, 18, 12, 0, 0x2b, 1, 0]); // 2026-11-29 05:18:12 +01:00
    const textWithLanguage = Buffer.concat([
      Buffer.from([0, 2]),
      Buffer.from('en'),
      Buffer.from([0, 5]),
      Buffer.from('Idle.'),
    ]);
    const bytes = Buffer.concat([
      Buffer.from([1, 1, 0x00, 0x00, 0, 0, 0, 9, GROUP.operation]),
      attr(TAG.charset, 'attributes-charset', 'utf-8'),
      Buffer.from([GROUP.printer]),
      attr(TAG.enum, 'printer-state', int32(5)),
      attr(TAG.keyword, 'printer-state-reasons', 'media-empty-error'),
      attr(TAG.keyword, '', 'paused'),
      attr(TAG.boolean, 'printer-is-accepting-jobs', Buffer.from([0])),
      attr(TAG.textWithLanguage, 'printer-state-message', textWithLanguage),
      attr(TAG.dateTime, 'printer-state-change-date-time', date),
      attr(TAG.rangeOfInteger, 'copies-supported', Buffer.concat([int32(1), int32(99)])),
      attr(TAG.begCollection, 'media-col-default', Buffer.alloc(0)),
      attr(TAG.memberAttrName, '', 'media-size'),
      attr(TAG.begCollection, '', Buffer.alloc(0)),
      attr(TAG.memberAttrName, '', 'x-dimension'),
      attr(TAG.integer, '', int32(6200)),
      attr(TAG.memberAttrName, '', 'y-dimension'),
      attr(TAG.integer, '', int32(10000)),
      attr(TAG.endCollection, '', Buffer.alloc(0)),
      attr(TAG.endCollection, '', Buffer.alloc(0)),
      attr(TAG.keyword, 'after-collection', 'yes'),
      Buffer.from([GROUP.end]),
    ]);
    const response = decodeResponse(bytes);
    expect(response).toMatchObject({ version: '1.1', statusCode: 0, requestId: 9 });
    expect(groupOf(response, GROUP.printer)).toEqual({
      'printer-state': 5,
      'printer-state-reasons': ['media-empty-error', 'paused'],
      'printer-is-accepting-jobs': false,
      'printer-state-message': 'Idle.',
      'printer-state-change-date-time': '2026-11-29T04:18:12.000Z',
      'copies-supported': [1, 99],
      'media-col-default': { 'media-size': { 'x-dimension': 6200, 'y-dimension': 10000 } },
      'after-collection': 'yes',
    });
  });

  it('refuses a response cut short', () => {
    expect(() => decodeResponse(Buffer.from([1, 1, 0, 0, 0, 0, 0, 1, GROUP.operation, TAG.keyword, 0, 9]))).toThrow(
      /cut short/,
    );
  });

  it('posts ipp:// over HTTP and ipps:// over HTTPS, on port 631 unless given', () => {
    expect(httpUrlOf('ipp://printer.local/ipp/print')).toBe('http://printer.local:631/ipp/print');
    expect(httpUrlOf('ipps://192.0.2.7:8443/ipp/print')).toBe('https://192.0.2.7:8443/ipp/print');
    expect(httpUrlOf('ipp://[::1]:8631/ipp/print')).toBe('http://[::1]:8631/ipp/print');
    expect(() => httpUrlOf('http://printer/')).toThrow(/not an IPP address/);
  });
});
