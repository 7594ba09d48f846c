import { randomUUID } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { OrganizationRole } from '@quarry/domain';
import type { DataSource } from 'typeorm';

import { OrganizationMembershipEntity } from '../entities/organization-membership.entity';
import { UserEntity } from '../entities/user.entity';

export interface OrganizationMember {
  userUuid: string;
  email: string;
  firstName: string;
  lastName: string;
  isActive: boolean;
  organizationUuid: string;
  role: OrganizationRole;
  createdAt: Date;
}

export interface NewMember {
  organizationUuid: string;
  email: string;
  firstName: string;
  lastName: string;
  role: OrganizationRole;
}

const MEMBER_COLUMNS = `u.user_uuid AS "userUuid", u.email, u.first_name AS "firstName", u.last_name AS "lastName",
  u.is_active AS "isActive", m.organization_uuid AS "organizationUuid", m.role, u.created_at AS "createdAt"`;

const EMAIL_IN_ORGANIZATION = `SELECT 1 FROM users u JOIN organization_memberships m USING (user_uuid)
  WHERE m.organization_uuid = $1 AND lower(u.email) = lower($2)`;

@Injectable()
export class UsersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Creates the user and their organization membership together, unless the organization already
   * has a user with this email (case-insensitive): then null. Emails are unique per organization
   * only, so that no organization can learn which addresses another one uses.
   */
  async createMember(member: NewMember): Promise<OrganizationMember | null> {
    const userUuid = randomUUID();
    const created = await this.dataSource.transaction(async (manager) => {
      // Two requests adding the same address to one organization wait for each other here.
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
        `user-email:${member.organizationUuid}:${member.email.toLowerCase()}`,
      ]);
      if ((await manager.query(EMAIL_IN_ORGANIZATION, [member.organizationUuid, member.email])).length > 0) return false;
      await manager.insert(UserEntity, {
        userUuid,
        email: member.email,
        firstName: member.firstName,
        lastName: member.lastName,
      });
      await manager.insert(OrganizationMembershipEntity, {
        userUuid,
        organizationUuid: member.organizationUuid,
        role: member.role,
      });
      return true;
    });
    return created ? this.findMember(member.organizationUuid, userUuid) : null;
  }

  async findMember(organizationUuid: string, userUuid: string): Promise<OrganizationMember | null> {
    const rows: OrganizationMember[] = await this.dataSource.query(
      `SELECT ${MEMBER_COLUMNS} FROM users u JOIN organization_memberships m USING (user_uuid)
       WHERE m.organization_uuid = $1 AND u.user_uuid = $2`,
      [organizationUuid, userUuid],
    );
    return rows[0] ?? null;
  }

  listMembers(organizationUuid: string): Promise<OrganizationMember[]> {
    return this.dataSource.query(
      `SELECT ${MEMBER_COLUMNS} FROM users u JOIN organization_memberships m USING (user_uuid)
       WHERE m.organization_uuid = $1 ORDER BY lower(u.email)`,
      [organizationUuid],
    );
  }

  async countAdmins(organizationUuid: string): Promise<number> {
    const rows: Array<{ count: string }> = await this.dataSource.query(
      `SELECT count(*) FROM organization_memberships m JOIN users u USING (user_uuid)
       WHERE m.organization_uuid = $1 AND m.role = 'admin' AND u.is_active`,
      [organizationUuid],
    );
    return Number(rows[0]?.count ?? 0);
  }

  async updateRole(organizationUuid: string, userUuid: string, role: OrganizationRole): Promise<void> {
    await this.dataSource.getRepository(OrganizationMembershipEntity).update({ organizationUuid, userUuid }, { role });
  }

  async deleteUser(userUuid: string): Promise<void> {
    await this.dataSource.getRepository(UserEntity).delete({ userUuid });
  }
}
