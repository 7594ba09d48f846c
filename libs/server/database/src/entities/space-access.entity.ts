import type { SpaceRole } from '@quarry/domain';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A space shared with one user. */
@Entity({ name: 'space_user_access' })
export class SpaceUserAccessEntity {
  @PrimaryColumn({ name: 'space_uuid', type: 'uuid' })
  spaceUuid!: string;

  @PrimaryColumn({ name: 'user_uuid', type: 'uuid' })
  userUuid!: string;

  @Column({ name: 'space_role', type: 'text' })
  spaceRole!: SpaceRole;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

/** A space shared with every member of a group. */
@Entity({ name: 'space_group_access' })
export class SpaceGroupAccessEntity {
  @PrimaryColumn({ name: 'space_uuid', type: 'uuid' })
  spaceUuid!: string;

  @PrimaryColumn({ name: 'group_uuid', type: 'uuid' })
  groupUuid!: string;

  @Column({ name: 'space_role', type: 'text' })
  spaceRole!: SpaceRole;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
