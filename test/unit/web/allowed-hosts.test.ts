/** Which Host headers the browser host answers to (DNS rebinding). */
import { describe, expect, it } from 'vitest';
import { createHostCheck, splitHost } from '../../../electron/core/web/allowed-hosts.ts';

const check = (bound: string, configured: string[] = [], port = 5170) =>
  createHostCheck({ bound, port: () => port, configured: () => configured });

describe('the Host check', () => {
  it('on loopback: the loopback names with the port, nothing else', () => {
    const host = check('127.0.0.1');
    for (const name of ['localhost:5170', '127.0.0.1:5170', '[::1]:5170', 'LocalHost:5170'])
      expect(host.allows(name), name).toBe(true);
    for (const name of [
      undefined,
      '',
      'evil.example:5170',
      'localhost',
      'localhost:5171',
      'localhost:5170:1',
      '127.0.0.1.nip.io:5170',
      'user@localhost:5170',
      'localhost:5170\u0000',
    ])
      expect(host.allows(name), String(name)).toBe(false);
  });

  it('the bound address, and configured names with the host port or their own', () => {
    const host = check('192.168.1.5', ['reception.example.lan', 'proxy.example.lan:443']);
    expect(host.allows('192.168.1.5:5170')).toBe(true);
    expect(host.allows('reception.example.lan:5170')).toBe(true);
    expect(host.allows('reception.example.lan:8080')).toBe(false);
    expect(host.allows('proxy.example.lan:443')).toBe(true);
    expect(host.allows('proxy.example.lan:5170')).toBe(false);
    expect(host.allows('other.example.lan:5170')).toBe(false);
  });

  it('on port 80 a browser sends the name alone', () => {
    expect(check('127.0.0.1', [], 80).allows('localhost')).toBe(true);
    expect(check('127.0.0.1', [], 80).allows('evil.example')).toBe(false);
  });

  it('splits names, IPv6 literals and ports', () => {
    expect(splitHost('[::1]:80')).toEqual({ name: '[::1]', port: 80 });
    expect(splitHost('Example.LAN')).toEqual({ name: 'example.lan', port: undefined });
    expect(splitHost('a b')).toBeUndefined();
  });
});
