import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A folder of content in a project; nested under `parentSpaceUuid`, `path` unique per project. */
@Entity({ name: 'spaces' })
export class SpaceEntity {
  @PrimaryColumn({ name: 'space_uuid', type: 'uuid' })
  spaceUuid!: string;

  @Column({ name: 'project_uuid', type: 'uuid' })
  projectUuid!: string;

  @Column({ name: 'parent_space_uuid', type: 'uuid', nullable: true })
  parentSpaceUuid!: string | null;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  slug!: string;

  @Column({ type: 'text' })
  path!: string;

  @Column({ name: 'is_private', type: 'boolean' })
  isPrivate!: boolean;

  @Column({ name: 'inherit_parent_permissions', type: 'boolean' })
  inheritParentPermissions!: boolean;

  @Column({ name: 'created_by_user_uuid', type: 'uuid', nullable: true })
  createdByUserUuid!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
