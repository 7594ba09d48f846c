import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Which hosts Quarry may connect to on a caller's behalf (warehouses, git hosts, the cloud IDE
 * API named in a project). Public addresses always; loopback, private, link-local (the cloud
 * metadata address 169.254.169.254 among them) and other special-purpose ranges only when the
 * operator allows them: `allowPrivateNetwork` (all of them) or `allowedHosts` (host names, IP
 * addresses or CIDR ranges, e.g. `127.0.0.1`, `warehouse.internal`, `10.1.0.0/16`).
 */
export interface OutboundPolicy {
  allowPrivateNetwork: boolean;
  allowedHosts: readonly string[];
}

export class OutboundHostRefusedError extends Error {
  constructor(
    readonly host: string,
    readonly reason: 'not-public' | 'unresolved' | 'invalid',
  ) {
    super(
      reason === 'not-public'
        ? `${host} is, or resolves to, a loopback, private, link-local or reserved address, which this server does not connect to ` +
            `(an operator may allow it with OUTBOUND_ALLOWED_HOSTS)`
        : reason === 'unresolved'
          ? `${host} does not resolve to an address`
          : `${host} is not a host name or IP address`,
    );
    this.name = 'OutboundHostRefusedError';
  }
}

/** Special-purpose ranges (RFC 6890 and successors): never "the internet". */
const NOT_PUBLIC_V4: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 reaches the local host
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const NOT_PUBLIC_V6: Array<[string, number]> = [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10],
  ['ff00::', 8], // multicast
];

const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of NOT_PUBLIC_V4) NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of NOT_PUBLIC_V6) NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** An IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16), which is where it really goes. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const mappedDotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mappedDotted) return mappedDotted[1];
  const groups = expandIpv6(lower);
  if (!groups) return undefined;
  const v4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  const isMapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (isMapped) return v4(groups[6] as number, groups[7] as number);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0))
    return v4(groups[6] as number, groups[7] as number);
  if (groups[0] === 0x2002) return v4(groups[1] as number, groups[2] as number);
  return undefined;
}

/** The eight 16-bit groups of an IPv6 address (dotted IPv4 tail included), or undefined. */
function expandIpv6(address: string): number[] | undefined {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const parts = (dotted[1] as string).split('.').map(Number);
    text =
      `${text.slice(0, -(dotted[1] as string).length)}${((parts[0] as number) * 256 + (parts[1] as number)).toString(16)}:` +
      `${((parts[2] as number) * 256 + (parts[3] as number)).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (text.includes('::') ? missing < 0 : missing !== 0) return undefined;
  const groups = [...left, ...Array.from({ length: text.includes('::') ? missing : 0 }, () => '0'), ...right].map((group) =>
    parseInt(group, 16),
  );
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : undefined;
}

/** True when an IP address is a public, unicast one. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4 !== undefined) return isPublicAddress(v4);
    return !NOT_PUBLIC.check(address, 'ipv6');
  }
  return !NOT_PUBLIC.check(address, 'ipv4');
}

/** A host name as typed, without brackets, port-free, lower case, no trailing dot. */
export function normalisedHost(host: string): string {
  const unbracketed = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return unbracketed.toLowerCase().replace(/\.$/, '');
}

/** Whether `allowedHosts` names this host or covers this address (exact address or CIDR range). */
function isAllowedByOperator(policy: OutboundPolicy, host: string, address: string): boolean {
  for (const entry of policy.allowedHosts) {
    const allowed = normalisedHost(entry.trim());
    if (!allowed) continue;
    if (allowed === '*') return true;
    if (allowed === host || allowed === address.toLowerCase()) return true;
    const cidr = /^(.+)\/(\d{1,3})$/.exec(allowed);
    if (cidr && isIP(cidr[1] as string) !== 0 && isIP(address) !== 0) {
      const family = isIP(cidr[1] as string) === 6 ? 'ipv6' : 'ipv4';
      const list = new BlockList();
      try {
        list.addSubnet(cidr[1] as string, Number(cidr[2]), family);
      } catch {
        continue;
      }
      const candidate = family === 'ipv4' ? (isIP(address) === 4 ? address : embeddedIpv4(address)) : address;
      if (candidate !== undefined && list.check(candidate, family)) return true;
    }
  }
  return false;
}

/** Whether the policy lets Quarry connect to `address`, reached as `host`. */
export function isAddressAllowed(policy: OutboundPolicy, host: string, address: string): boolean {
  if (isIP(address) === 0) return false;
  return isPublicAddress(address) || policy.allowPrivateNetwork || isAllowedByOperator(policy, normalisedHost(host), address);
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

/**
 * The addresses `host` resolves to, once every one of them is allowed: a name that resolves to
 * one public and one private address is refused (the client may pick either). Callers connect to
 * these addresses (pinning), so a second lookup cannot answer differently (DNS rebinding).
 */
export async function resolveAllowedHost(
  policy: OutboundPolicy,
  host: string,
  resolve: Resolver = systemResolver,
): Promise<ResolvedAddress[]> {
  const name = normalisedHost(host);
  if (!name || /[\s/\\?#@]/.test(name)) throw new OutboundHostRefusedError(host, 'invalid');
  const literal = isIP(name);
  let addresses: ResolvedAddress[];
  if (literal !== 0) addresses = [{ address: name, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await resolve(name);
    } catch {
      throw new OutboundHostRefusedError(host, 'unresolved');
    }
  }
  if (addresses.length === 0) throw new OutboundHostRefusedError(host, 'unresolved');
  if (!addresses.every(({ address }) => isAddressAllowed(policy, name, address))) throw new OutboundHostRefusedError(host, 'not-public');
  return addresses;
}
