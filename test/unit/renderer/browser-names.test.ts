/** The console's "address = name" lines for the names of foyer web's browsers, read as the contract's map. */
import { describe, expect, it } from 'vitest';
import { parseBrowserNames } from '../../../renderer/src/features/admin/browser-names.ts';

describe('names of browsers, a line each', () => {
  it('reads "address = name" lines, an IPv4 address written as IPv6 as IPv4', () => {
    expect(parseBrowserNames('192.168.1.31 = Lobby tablet\n\n ::ffff:10.0.0.9=Desk 2 ')).toEqual({
      names: { '192.168.1.31': 'Lobby tablet', '10.0.0.9': 'Desk 2' },
    });
    expect(parseBrowserNames('')).toEqual({ names: {} });
  });

  it('says which line is wrong and why', () => {
    expect(parseBrowserNames('192.168.1.31 Lobby')).toEqual({
      error: 'Line 1 (“192.168.1.31 Lobby”): write the address, “=”, then the name.',
    });
    expect(parseBrowserNames('10.0.0.1 = A\nlobby = B')).toEqual({
      error: 'Line 2 (“lobby = B”): an IP address of a browser, e.g. 192.168.1.31.',
    });
    expect(parseBrowserNames('10.0.0.1 = A\n::ffff:10.0.0.1 = B')).toEqual({
      error: 'Line 2: 10.0.0.1 is named twice.',
    });
  });
});
