import type { OrganizationRole } from '@quarry/domain';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A user belongs to exactly one organization (the primary key is the user). */
@Entity({ name: 'organization_memberships' })
export class OrganizationMembershipEntity {
  @PrimaryColumn({ name: 'user_uuid', type: 'uuid' })
  userUuid!: string;

  @Column({ name: 'organization_uuid', type: 'uuid' })
  organizationUuid!: string;

  @Column({ type: 'text' })
  role!: OrganizationRole;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
