/** The hub's LAN names, for its certificate and its host-name check, and the URLs it shows. */
import { describe, expect, it } from 'vitest';
import { hostHeaderNames, hubUrls, lanNames } from '../../../electron/core/hub/names.ts';

const interfaces = () => ({
  lo: [{ address: '127.0.0.1' }, { address: '::1' }],
  eth0: [{ address: '192.168.1.20' }, { address: 'fe80::1%eth0' }, { address: 'fd00::20' }],
});

describe('lanNames', () => {
  it('names the machine, its mDNS name, every interface address, loopback, and the configured names', () => {
    const names = lanNames(['Reception.Example.lan:8443', '[fd00::99]', '10.0.0.5', 'not a name!'], {
      hostname: () => 'Reception-PC',
      interfaces: interfaces as never,
    });
    expect(names.dns.sort()).toEqual(['localhost', 'reception-pc', 'reception-pc.local', 'reception.example.lan']);
    expect(names.ips.sort()).toEqual([
      '10.0.0.5',
      '127.0.0.1',
      '192.168.1.20',
      '::1',
      'fd00::20',
      'fd00::99',
      'fe80::1',
    ]);
    expect(hostHeaderNames(names)).toContain('[fd00::20]');
    expect(hostHeaderNames(names)).toContain('reception-pc.local');
  });

  it('a machine already named .local gets no second suffix', () => {
    const names = lanNames([], { hostname: () => 'desk.local', interfaces: () => ({}) });
    expect(names.dns.sort()).toEqual(['desk.local', 'localhost']);
  });
});

describe('hubUrls', () => {
  const names = lanNames([], { hostname: () => 'reception-pc', interfaces: interfaces as never });

  it('on every interface: the mDNS name, then the LAN addresses (IPv4 first), no loopback or link-local', () => {
    expect(hubUrls('0.0.0.0', 5443, names)).toEqual([
      'https://reception-pc.local:5443/',
      'https://192.168.1.20:5443/',
      'https://[fd00::20]:5443/',
    ]);
  });

  it('bound to one address: that address', () => {
    expect(hubUrls('127.0.0.1', 5443, names)).toEqual(['https://127.0.0.1:5443/']);
    expect(hubUrls('fd00::20', 5443, names)).toEqual(['https://[fd00::20]:5443/']);
  });
});
