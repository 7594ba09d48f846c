import type { Principal } from '@quarry/domain';
import { OrganizationsService } from '@quarry/server/auth';
import type { AppConfigValues } from '@quarry/server/config';

import { withServices } from './with-services';

export const FIRST_ADMIN_EMAIL = 'admin@quarry.local';

export interface FirstStart {
  organizationUuid: string;
  adminEmail: string;
  token: string;
  /** The admin, to act as when creating the demo project. */
  admin: Principal;
}

/** On the very first start (no organization yet): an organization, its admin and a token. */
export function bootstrapFirstStart(config: AppConfigValues): Promise<FirstStart | undefined> {
  return withServices(config, async (app) => {
    const organizations = app.get(OrganizationsService);
    if (!(await organizations.isEmpty())) return undefined;
    const seeded = await organizations.createWithAdmin(
      'My organization',
      { email: FIRST_ADMIN_EMAIL, firstName: 'Quarry', lastName: 'Admin' },
      'Created on first start',
    );
    return {
      organizationUuid: seeded.organization.organizationUuid,
      adminEmail: seeded.adminEmail,
      token: seeded.token.token,
      admin: {
        userUuid: seeded.adminUserUuid,
        email: seeded.adminEmail,
        firstName: 'Quarry',
        lastName: 'Admin',
        organizationUuid: seeded.organization.organizationUuid,
        organizationRole: 'admin',
        tokenUuid: seeded.token.entity.tokenUuid,
      },
    };
  });
}
