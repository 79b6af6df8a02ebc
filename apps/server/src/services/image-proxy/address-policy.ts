import ipaddr from 'ipaddr.js';

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * True only for a public unicast address: no loopback, private, link-local, unique-local,
 * multicast, reserved, carrier-grade NAT, documentation ranges, nor IPv6 forms that embed an
 * IPv4 address (mapped, 6to4, Teredo, NAT64), which could point back inside.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.parse(address);
  if (ip.range() !== 'unicast') return false;
  if (ip.kind() === 'ipv6' && !ip.match(GLOBAL_UNICAST_V6)) return false;
  return true;
}

export function isLoopbackAddress(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.parse(address).range() === 'loopback';
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * The address to connect to, or null when the host resolves to any non-public address: one bad
 * answer refuses the host, so round-robin DNS cannot smuggle an internal target in.
 */
export function pickPublicAddress(
  addresses: readonly ResolvedAddress[],
  opts: { allowLoopback?: boolean } = {},
): ResolvedAddress | null {
  if (addresses.length === 0) return null;
  const allowed = (a: ResolvedAddress) =>
    isPublicAddress(a.address) || (!!opts.allowLoopback && isLoopbackAddress(a.address));
  return addresses.every(allowed) ? addresses[0]! : null;
}
