import type { LookupFunction } from 'node:net';

import type { ResolvedAddress } from './outbound-policy';

/**
 * A `lookup` for node:net / node:http that answers with addresses already resolved and checked
 * (resolveAllowedHost): the connection goes where the check looked, whatever DNS answers later.
 */
export function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const first = addresses[0] as ResolvedAddress;
    // Node passes an options object; `all` asks for every address (happy eyeballs), else one is expected.
    if (typeof options === 'object' && options.all === true) {
      callback(
        null,
        addresses.map(({ address, family }) => ({ address, family })),
      );
    } else callback(null, first.address, first.family);
  };
}
