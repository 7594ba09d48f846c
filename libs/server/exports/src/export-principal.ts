import { Injectable } from '@nestjs/common';
import { ForbiddenError, type Principal } from '@quarry/domain';
import { UsersRepository } from '@quarry/server/database';

/**
 * The user an export runs as. The worker checks permissions again when the job runs: a user
 * deactivated or removed since they asked gets nothing.
 */
@Injectable()
export class ExportPrincipals {
  constructor(private readonly users: UsersRepository) {}

  async forJob(userUuid: string, organizationUuid: string): Promise<Principal> {
    const member = await this.users.findMember(organizationUuid, userUuid);
    if (!member || !member.isActive)
      throw new ForbiddenError('The user who asked for this export can no longer use this organization', { userUuid });
    return {
      userUuid: member.userUuid,
      email: member.email,
      firstName: member.firstName,
      lastName: member.lastName,
      organizationUuid: member.organizationUuid,
      organizationRole: member.role,
      tokenUuid: 'export-job',
    };
  }
}
