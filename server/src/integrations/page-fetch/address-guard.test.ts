import { describe, expect, it } from 'vitest';
import { createAddressGuard, fetchMessages } from './address-guard.js';

const guard = createAddressGuard([]);

describe('the address guard', () => {
  it.each([
    '0.0.0.0',
    '10.1.2.3',
    '100.64.0.1',
    '127.0.0.1',
    '127.0.0.2',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.8',
    '192.0.2.1',
    '192.168.1.1',
    '198.18.0.1',
    '198.51.100.1',
    '203.0.113.1',
    '224.0.0.1',
    '255.255.255.255',
  ])('refuses the IPv4 address %s', (address) => {
    expect(guard.isAllowedAddress(address)).toBe(false);
  });

  it.each([
    '::',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'fec0::1',
    'ff02::1',
    '2001:db8::1',
    '100::1',
  ])('refuses the IPv6 address %s', (address) => {
    expect(guard.isAllowedAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '93.184.216.34', '172.32.0.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'])(
    'allows the public address %s',
    (address) => {
      expect(guard.isAllowedAddress(address)).toBe(true);
    },
  );

  // Each IPv6 form that carries an IPv4 address: judged by that address where the form reaches it.
  it.each([
    ['IPv4-mapped', '::ffff:127.0.0.1', '::ffff:8.8.8.8'],
    ['IPv4-mapped, hex', '::ffff:7f00:1', '::ffff:808:808'],
    ['IPv4-mapped, metadata', '::ffff:a9fe:a9fe', '::ffff:5db8:d822'],
    ['NAT64 64:ff9b::/96', '64:ff9b::7f00:1', '64:ff9b::808:808'],
    ['NAT64, dotted', '64:ff9b::10.0.0.1', '64:ff9b::8.8.8.8'],
    ['NAT64, metadata', '64:ff9b::a9fe:a9fe', '64:ff9b::5db8:d822'],
    ['6to4 2002::/16', '2002:7f00:0001::', '2002:808:808::'],
    ['6to4, private', '2002:c0a8:0101::1', '2002:5db8:d822:1::1'],
  ])('%s: refuses %s, allows %s', (_form, refused, allowed) => {
    expect(guard.isAllowedAddress(refused)).toBe(false);
    expect(guard.isAllowedAddress(allowed)).toBe(true);
  });

  // Not routable on the Internet, so refused whatever they carry.
  it.each([
    ['IPv4-compatible ::/96', '::7f00:1', '::808:808'],
    ['IPv4-compatible, dotted', '::127.0.0.1', '::8.8.8.8'],
    ['IPv4-translated ::ffff:0:0:0/96', '::ffff:0:7f00:1', '::ffff:0:808:808'],
    ['local-use NAT64 64:ff9b:1::/48', '64:ff9b:1::7f00:1', '64:ff9b:1::808:808'],
    // Teredo 2001::/32: server 65.54.227.120, client 192.0.2.45 obfuscated; and one hiding 127.0.0.1.
    ['Teredo 2001::/32', '2001:0:4136:e378:8000:63bf:80ff:fffe', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
  ])('%s: refuses %s and %s', (_form, a, b) => {
    expect(guard.isAllowedAddress(a)).toBe(false);
    expect(guard.isAllowedAddress(b)).toBe(false);
  });

  it('checks an address written in a URL the same way', async () => {
    await expect(guard.checkUrl(new URL('http://[::ffff:127.0.0.1]/'))).rejects.toThrow(fetchMessages.blocked);
    await expect(guard.checkUrl(new URL('http://[::127.0.0.1]/'))).rejects.toThrow(fetchMessages.blocked);
    await expect(guard.checkUrl(new URL('http://[64:ff9b::169.254.169.254]/'))).rejects.toThrow(fetchMessages.blocked);
    await expect(guard.checkUrl(new URL('http://[2002:7f00:1::]/'))).rejects.toThrow(fetchMessages.blocked);
    await expect(guard.checkUrl(new URL('http://[64:ff9b::8.8.8.8]/'))).resolves.toBeUndefined();
  });

  it('opens the test allowlist by host name, not for the address it resolves to', () => {
    const local = createAddressGuard(['localhost']);
    expect(local.isAllowedAddress('127.0.0.1', 'localhost')).toBe(true);
    expect(local.isAllowedAddress('127.0.0.1', 'LocalHost')).toBe(true);
    expect(local.isAllowedAddress('127.0.0.1')).toBe(false);
    expect(local.isAllowedAddress('127.0.0.1', 'rebind.test')).toBe(false);
  });
});
