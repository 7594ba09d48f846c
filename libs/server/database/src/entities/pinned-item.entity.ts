import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export type PinnedItemType = 'chart' | 'dashboard' | 'space';

/** The one list of pinned items of a project, created the first time something is pinned. */
@Entity({ name: 'pinned_lists' })
export class PinnedListEntity {
  @PrimaryColumn({ name: 'pinned_list_uuid', type: 'uuid' })
  pinnedListUuid!: string;

  @Column({ name: 'project_uuid', type: 'uuid' })
  projectUuid!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

@Entity({ name: 'pinned_items' })
export class PinnedItemEntity {
  @PrimaryColumn({ name: 'pinned_list_uuid', type: 'uuid' })
  pinnedListUuid!: string;

  @PrimaryColumn({ name: 'item_type', type: 'text' })
  itemType!: PinnedItemType;

  @PrimaryColumn({ name: 'item_uuid', type: 'uuid' })
  itemUuid!: string;

  @Column({ name: 'item_order', type: 'integer' })
  itemOrder!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
