import { Injectable } from '@nestjs/common';
import { AlreadyExistsError, ForbiddenError, NotFoundError, type OrganizationRole, type Principal } from '@quarry/domain';
import { type OrganizationMember, UsersRepository } from '@quarry/server/database';

import { AccessChanges } from './caching/access-changes';
import { PolicyService } from './policy.service';

export interface NewUserRequest {
  email: string;
  firstName: string;
  lastName: string;
  role: OrganizationRole;
}

@Injectable()
export class OrganizationUsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly policy: PolicyService,
    private readonly changes: AccessChanges,
  ) {}

  list(principal: Principal): Promise<OrganizationMember[]> {
    this.policy.assert(principal, 'users:view');
    return this.users.listMembers(principal.organizationUuid);
  }

  async get(principal: Principal, userUuid: string): Promise<OrganizationMember> {
    this.policy.assert(principal, 'users:view');
    return this.require(principal.organizationUuid, userUuid);
  }

  async create(principal: Principal, request: NewUserRequest): Promise<OrganizationMember> {
    this.policy.assert(principal, 'users:manage');
    return this.createInOrganization(principal.organizationUuid, request);
  }

  /** Also used by the admin CLI and first-start bootstrap, which act with no caller. */
  async createInOrganization(organizationUuid: string, request: NewUserRequest): Promise<OrganizationMember> {
    const email = request.email.trim();
    // Only this organization's users count: an address used elsewhere is as free as an unused one.
    const member = await this.users.createMember({ ...request, email, organizationUuid });
    if (!member)
      throw new AlreadyExistsError(`A user with email ${email} already exists in this organization`, {
        email: ['already in use in this organization'],
      });
    return member;
  }

  async updateRole(principal: Principal, userUuid: string, role: OrganizationRole): Promise<OrganizationMember> {
    this.policy.assert(principal, 'users:manage');
    const member = await this.require(principal.organizationUuid, userUuid);
    if (member.role === 'admin' && role !== 'admin') await this.keepOneAdmin(principal.organizationUuid);
    await this.users.updateRole(principal.organizationUuid, userUuid, role);
    // The organization role travels with cached token checks.
    await this.changes.announce('tokens');
    return this.require(principal.organizationUuid, userUuid);
  }

  async delete(principal: Principal, userUuid: string): Promise<void> {
    this.policy.assert(principal, 'users:manage');
    const member = await this.require(principal.organizationUuid, userUuid);
    if (member.role === 'admin') await this.keepOneAdmin(principal.organizationUuid);
    await this.users.deleteUser(userUuid);
    await this.changes.announce('tokens');
    await this.changes.announce('roles');
  }

  private async require(organizationUuid: string, userUuid: string): Promise<OrganizationMember> {
    const member = await this.users.findMember(organizationUuid, userUuid);
    if (!member) throw new NotFoundError('User not found in this organization', { userUuid });
    return member;
  }

  private async keepOneAdmin(organizationUuid: string): Promise<void> {
    if ((await this.users.countAdmins(organizationUuid)) <= 1) {
      throw new ForbiddenError('An organization must keep at least one admin');
    }
  }
}
