import { Injectable } from '@nestjs/common';
import { ForbiddenError, hasAtLeastRole, ORGANIZATION_ACTIONS, type OrganizationAction, type Principal } from '@quarry/domain';

/**
 * The one place services ask "may this caller do that?". Controllers never check roles.
 * Organization actions are decided here from the rule table in @quarry/domain; project and
 * space rules join this class as those features arrive.
 */
@Injectable()
export class PolicyService {
  can(principal: Principal, action: OrganizationAction): boolean {
    return hasAtLeastRole(principal.organizationRole, ORGANIZATION_ACTIONS[action]);
  }

  assert(principal: Principal, action: OrganizationAction): void {
    if (!this.can(principal, action)) {
      throw new ForbiddenError(`Your organization role (${principal.organizationRole}) does not allow ${action}`, {
        action,
        requiredRole: ORGANIZATION_ACTIONS[action],
      });
    }
  }
}
