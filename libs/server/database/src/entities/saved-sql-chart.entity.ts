import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A saved SQL chart's identity: where it lives, its slug and its view counters. */
@Entity({ name: 'saved_sql_charts' })
export class SavedSqlChartEntity {
  @PrimaryColumn({ name: 'saved_sql_uuid', type: 'uuid' })
  savedSqlUuid!: string;

  @Column({ name: 'project_uuid', type: 'uuid' })
  projectUuid!: string;

  @Column({ name: 'space_uuid', type: 'uuid' })
  spaceUuid!: string;

  @Column({ name: 'dashboard_uuid', type: 'uuid', nullable: true })
  dashboardUuid!: string | null;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ type: 'text' })
  slug!: string;

  @Column({ name: 'views_count', type: 'integer', default: 0 })
  viewsCount!: number;

  @Column({ name: 'first_viewed_at', type: 'timestamptz', nullable: true })
  firstViewedAt!: Date | null;

  @Column({ name: 'last_viewed_at', type: 'timestamptz', nullable: true })
  lastViewedAt!: Date | null;

  @Column({ name: 'created_by_user_uuid', type: 'uuid', nullable: true })
  createdByUserUuid!: string | null;

  @Column({ name: 'last_updated_by_user_uuid', type: 'uuid', nullable: true })
  lastUpdatedByUserUuid!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'last_updated_at', type: 'timestamptz' })
  lastUpdatedAt!: Date;
}
