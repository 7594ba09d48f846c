import { Injectable } from '@nestjs/common';
import type { Principal } from '@quarry/domain';

import type { UserAttributeValues } from './attribute-access';

/** Where the catalog reads the caller's user attributes from. */
export interface UserAttributesSource {
  attributesOf(principal: Principal): Promise<UserAttributeValues>;
}

export const USER_ATTRIBUTES_SOURCE = Symbol('USER_ATTRIBUTES_SOURCE');

/**
 * Quarry stores no user attributes yet, so every user has none: items that require attributes
 * are hidden from everyone. Replace this provider once organization attributes exist.
 */
@Injectable()
export class NoUserAttributes implements UserAttributesSource {
  async attributesOf(): Promise<UserAttributeValues> {
    return {};
  }
}
