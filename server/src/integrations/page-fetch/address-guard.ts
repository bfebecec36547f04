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

/** Refusals that another try would meet again: the address, its scheme, its size, its redirects. */
export const lastingRefusals: ReadonlySet<string> = new Set([
  fetchMessages.blocked,
  fetchMessages.scheme,
  fetchMessages.tooLarge,
  fetchMessages.tooManyRedirects,
]);

export class FetchRefused extends Error {
  /** `cause`: the network's own error behind an unreachable site (its `code`: ENOTFOUND, a TLS code). */
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'FetchRefused';
  }
}

// Loopback, private, link-local (cloud metadata lives at 169.254.169.254), carrier-grade NAT,
// multicast and reserved ranges: nothing a user's link should make the server reach.
const blocked = new net.BlockList();
// Apart: BlockList also tries IPv4 addresses against IPv6 rules (as ::a.b.c.d), and ::/96 is one.
const blocked6 = new net.BlockList();
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
  // IPv4-compatible (deprecated; a connect may be tunnelled straight to the IPv4 address), which
  // also holds :: and ::1.
  ['::', 96],
  // IPv4-translated (SIIT, deprecated): never on the public Internet.
  ['::ffff:0:0:0', 96],
  ['100::', 64],
  // Teredo: traffic goes by UDP to IPv4 addresses hidden in the address (the client's one
  // obfuscated), and no site is served from it, so the whole range is refused.
  ['2001::', 32],
  ['2001:db8::', 32],
  // Local-use NAT64 (RFC 8215): translated by a gateway inside the network it is used in.
  ['64:ff9b:1::', 48],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked6.addSubnet(net6, prefix, 'ipv6');

/**
 * The IPv4 address that an IPv6 address stands for, where connecting to it reaches that IPv4
 * address: IPv4-mapped (::ffff:0:0/96), well-known NAT64 (64:ff9b::/96, RFC 6052) and 6to4
 * (2002::/16). Such an address is judged by its IPv4 address, so that a public one still works
 * (an IPv6-only server behind DNS64 sees every IPv4 site as 64:ff9b::/96).
 */
function embeddedIPv4(address: string): string | null {
  const b = ipv6Bytes(address);
  const v4 = (at: number) => b.slice(at, at + 4).join('.');
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  if (zero(0, 10) && b[10] === 0xff && b[11] === 0xff) return v4(12);
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(4, 12)) return v4(12);
  if (b[0] === 0x20 && b[1] === 0x02) return v4(2);
  return null;
}

/** The 16 bytes of an address that net.isIPv6 accepted (zone already removed). */
function ipv6Bytes(address: string): number[] {
  let text = address;
  const dotted = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = text.slice(0, dotted.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const groups = (s: string | undefined) => (s ? s.split(':') : []);
  const all =
    tail === undefined
      ? groups(head)
      : [...groups(head), ...Array<string>(8 - groups(head).length - groups(tail).length).fill('0'), ...groups(tail)];
  return all.flatMap((g) => {
    const v = parseInt(g, 16);
    return [v >> 8, v & 0xff];
  });
}

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
    if (net.isIPv4(address)) return !blocked.check(address, 'ipv4');
    // A zone (fe80::1%eth0) would make BlockList miss the range; anything unparsed is refused.
    const ip = address.replace(/%.*$/, '');
    if (!net.isIPv6(ip)) return false;
    const v4 = embeddedIPv4(ip);
    if (v4) return allow.has(v4) || !blocked.check(v4, 'ipv4');
    return !blocked6.check(ip, 'ipv6');
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
      } catch (err) {
        throw new FetchRefused(fetchMessages.unreachable, { cause: err });
      }
      if (!addresses.length || addresses.some((a) => !isAllowedAddress(a.address, host)))
        throw new FetchRefused(fetchMessages.blocked);
    },
  };
}
