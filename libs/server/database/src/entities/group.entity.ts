import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A named set of users of one organization; spaces can be shared with it. */
@Entity({ name: 'groups' })
export class GroupEntity {
  @PrimaryColumn({ name: 'group_uuid', type: 'uuid' })
  groupUuid!: string;

  @Column({ name: 'organization_uuid', type: 'uuid' })
  organizationUuid!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'created_by_user_uuid', type: 'uuid', nullable: true })
  createdByUserUuid!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

@Entity({ name: 'group_members' })
export class GroupMemberEntity {
  @PrimaryColumn({ name: 'group_uuid', type: 'uuid' })
  groupUuid!: string;

  @PrimaryColumn({ name: 'user_uuid', type: 'uuid' })
  userUuid!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
