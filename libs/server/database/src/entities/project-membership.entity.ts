import type { ProjectRole } from '@quarry/domain';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'project_memberships' })
export class ProjectMembershipEntity {
  @PrimaryColumn({ name: 'project_uuid', type: 'uuid' })
  projectUuid!: string;

  @PrimaryColumn({ name: 'user_uuid', type: 'uuid' })
  userUuid!: string;

  @Column({ type: 'text' })
  role!: ProjectRole;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
