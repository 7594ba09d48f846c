import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A saved chart's identity: where it lives, its slug and its view counters. Its content is in versions. */
@Entity({ name: 'saved_charts' })
export class SavedChartEntity {
  @PrimaryColumn({ name: 'saved_chart_uuid', type: 'uuid' })
  savedChartUuid!: string;

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

  @Column({ name: 'created_by_user_uuid', type: 'uuid', nullable: true })
  createdByUserUuid!: string | null;

  @Column({ name: 'updated_by_user_uuid', type: 'uuid', nullable: true })
  updatedByUserUuid!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** One save of a chart: everything it shows, numbered from 1. */
@Entity({ name: 'saved_chart_versions' })
export class SavedChartVersionEntity {
  @PrimaryColumn({ name: 'version_uuid', type: 'uuid' })
  versionUuid!: string;

  @Column({ name: 'saved_chart_uuid', type: 'uuid' })
  savedChartUuid!: string;

  @Column({ name: 'version_number', type: 'integer' })
  versionNumber!: number;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ name: 'table_name', type: 'text' })
  tableName!: string;

  @Column({ name: 'metric_query', type: 'jsonb' })
  metricQuery!: Record<string, unknown>;

  @Column({ name: 'chart_config', type: 'jsonb' })
  chartConfig!: Record<string, unknown>;

  @Column({ name: 'table_config', type: 'jsonb' })
  tableConfig!: Record<string, unknown>;

  @Column({ name: 'pivot_config', type: 'jsonb', nullable: true })
  pivotConfig!: Record<string, unknown> | null;

  @Column({ name: 'chart_kind', type: 'text' })
  chartKind!: string;

  @Column({ name: 'created_by_user_uuid', type: 'uuid', nullable: true })
  createdByUserUuid!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
