import type { LookupFunction } from 'node:net';

import type { ResolvedAddress } from './outbound-policy';

/**
 * A `lookup` for node:net / node:http that answers with addresses already resolved and checked
 * (resolveAllowedHost): the connection goes where the check looked, whatever DNS answers later.
 */
export function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return ((_hostname: string, options: { all?: boolean } | number | undefined, callback: (...args: unknown[]) => void) => {
    const all = typeof options === 'object' && options?.all === true;
    const first = addresses[0] as ResolvedAddress;
    if (all)
      callback(
        null,
        addresses.map(({ address, family }) => ({ address, family })),
      );
    else callback(null, first.address, first.family);
    // Cast: LookupFunction has dns.lookup's overloads, which one TypeScript function cannot implement.
  }) as unknown as LookupFunction;
}
