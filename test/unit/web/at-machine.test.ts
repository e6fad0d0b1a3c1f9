/** Which browser requests are at the machine itself (web/at-machine.ts): a loopback address AND a loopback Host. */
import { describe, expect, it } from 'vitest';
import { isAtMachine } from '../../../electron/core/web/at-machine.ts';

const PORT = 5170;
const from = (ip: string, host?: string) => isAtMachine({ ip, headers: { host } }, PORT);

describe('isAtMachine', () => {
  it('a loopback address with a loopback name and the host’s port is', () => {
    expect(from('127.0.0.1', 'localhost:5170')).toBe(true);
    expect(from('::1', '[::1]:5170')).toBe(true);
    expect(from('::ffff:127.0.0.1', '127.0.0.1:5170')).toBe(true);
    expect(from('127.0.0.2', '127.0.0.1:5170')).toBe(true);
  });

  it('a LAN address is not, whatever its Host says', () => {
    expect(from('192.168.1.20', 'localhost:5170')).toBe(false);
    expect(from('10.0.0.5', '127.0.0.1:5170')).toBe(false);
    expect(from('fe80::1', '[::1]:5170')).toBe(false);
    expect(from('::ffff:192.168.1.20', 'localhost:5170')).toBe(false);
  });

  it('a loopback address with another name or port (a proxy on the machine) is not', () => {
    expect(from('127.0.0.1', 'reception.example.lan:5170')).toBe(false);
    expect(from('127.0.0.1', 'localhost:443')).toBe(false);
    expect(from('127.0.0.1', 'localhost')).toBe(false);
    expect(from('127.0.0.1', undefined)).toBe(false);
    expect(from('127.0.0.1', 'localhost.evil.example:5170')).toBe(false);
  });
});
