import { Injectable } from '@nestjs/common';
import { NotFoundError, type Principal } from '@quarry/domain';
import { type OrganizationEntity, OrganizationsRepository } from '@quarry/server/database';

import { type NewUserRequest, OrganizationUsersService } from './organization-users.service';
import { type IssuedToken, PersonalAccessTokensService } from './personal-access-tokens.service';
import { PolicyService } from './policy.service';

export interface SeededOrganization {
  organization: OrganizationEntity;
  adminUserUuid: string;
  adminEmail: string;
  token: IssuedToken;
}

@Injectable()
export class OrganizationsService {
  constructor(
    private readonly organizations: OrganizationsRepository,
    private readonly users: OrganizationUsersService,
    private readonly tokens: PersonalAccessTokensService,
    private readonly policy: PolicyService,
  ) {}

  async get(principal: Principal): Promise<OrganizationEntity> {
    this.policy.assert(principal, 'organization:view');
    const organization = await this.organizations.findByUuid(principal.organizationUuid);
    if (!organization) throw new NotFoundError('Organization not found');
    return organization;
  }

  isEmpty(): Promise<boolean> {
    return this.organizations.count().then((count) => count === 0);
  }

  /** Creates an organization with its first admin and a token for them (CLI and first start). */
  async createWithAdmin(name: string, admin: Omit<NewUserRequest, 'role'>, tokenDescription: string): Promise<SeededOrganization> {
    const organization = await this.organizations.create(name);
    const member = await this.users.createInOrganization(organization.organizationUuid, { ...admin, role: 'admin' });
    const token = await this.tokens.issue(member.userUuid, { description: tokenDescription, expiresAt: null });
    return { organization, adminUserUuid: member.userUuid, adminEmail: member.email, token };
  }
}
