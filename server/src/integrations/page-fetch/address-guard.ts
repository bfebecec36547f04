import dns from 'node:dns';
import net from 'node:net';

export const fetchMessages = {
  blocked: 'This address cannot be fetched',
  scheme: 'Only http and https addresses can be fetched',
  timeout: 'The site took too long to answer',
  tooLarge: 'The page is too large',
  tooManyRedirects: 'The site redirected too many times',
  unreachable: 'The site could not be reached',
} as const;

export class FetchRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FetchRefused';
  }
}

// Loopback, private, link-local (cloud metadata lives at 169.254.169.254), carrier-grade NAT,
// multicast and reserved ranges: nothing a user's link should make the server reach.
const blocked = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net4, prefix, 'ipv4');
for (const [net6, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const)
  blocked.addSubnet(net6, prefix, 'ipv6');

export interface AddressGuard {
  /** Throws FetchRefused unless the URL's scheme and host may be fetched. */
  checkUrl(url: URL): Promise<void>;
  /** A dns.lookup replacement for http.request that refuses blocked addresses at connect time. */
  lookup: typeof dns.lookup;
  isAllowedAddress(address: string, hostname?: string): boolean;
}

export function createAddressGuard(allowHosts: readonly string[]): AddressGuard {
  const allow = new Set(allowHosts.map((h) => h.toLowerCase().replace(/^\[|\]$/g, '')));

  function isAllowedAddress(address: string, hostname?: string): boolean {
    if (hostname && allow.has(hostname.toLowerCase())) return true;
    if (allow.has(address)) return true;
    const mapped = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i)?.[1];
    const ip = mapped ?? address;
    const family = net.isIPv4(ip) ? 'ipv4' : 'ipv6';
    if (mapped && allow.has(mapped)) return true;
    return !blocked.check(ip, family);
  }

  const lookup = ((hostname: string, options: dns.LookupOptions, callback: (...args: any[]) => void) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err);
      const list = addresses as dns.LookupAddress[];
      const refused = list.find((a) => !isAllowedAddress(a.address, hostname));
      if (refused || list.length === 0) return callback(new FetchRefused(fetchMessages.blocked));
      if ((options as dns.LookupAllOptions).all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  }) as unknown as typeof dns.lookup;

  return {
    lookup,
    isAllowedAddress,
    async checkUrl(url) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused(fetchMessages.scheme);
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (net.isIP(host)) {
        if (!isAllowedAddress(host, host)) throw new FetchRefused(fetchMessages.blocked);
        return;
      }
      if (allow.has(host.toLowerCase())) return;
      let addresses: dns.LookupAddress[];
      try {
        addresses = await dns.promises.lookup(host, { all: true });
      } catch {
        throw new FetchRefused(fetchMessages.unreachable);
      }
      if (!addresses.length || addresses.some((a) => !isAllowedAddress(a.address, host)))
        throw new FetchRefused(fetchMessages.blocked);
    },
  };
}
