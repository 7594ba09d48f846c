import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A dashboard's identity: where it lives, its slug and its view counters. Its layout is in versions. */
@Entity({ name: 'dashboards' })
export class DashboardEntity {
  @PrimaryColumn({ name: 'dashboard_uuid', type: 'uuid' })
  dashboardUuid!: string;

  @Column({ name: 'project_uuid', type: 'uuid' })
  projectUuid!: string;

  @Column({ name: 'space_uuid', type: 'uuid' })
  spaceUuid!: string;

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

/** One change of a dashboard: its tiles, filters, tabs, config and parameters. */
@Entity({ name: 'dashboard_versions' })
export class DashboardVersionEntity {
  @PrimaryGeneratedColumn('identity', { name: 'dashboard_version_id', generatedIdentity: 'ALWAYS' })
  dashboardVersionId!: number;

  @Column({ name: 'dashboard_uuid', type: 'uuid' })
  dashboardUuid!: string;

  @Column({ type: 'jsonb' })
  tiles!: unknown[];

  @Column({ type: 'jsonb' })
  filters!: Record<string, unknown>;

  @Column({ type: 'jsonb' })
  tabs!: unknown[];

  @Column({ type: 'jsonb' })
  config!: Record<string, unknown>;

  @Column({ type: 'jsonb' })
  parameters!: Record<string, unknown>;

  @Column({ name: 'created_by_user_uuid', type: 'uuid', nullable: true })
  createdByUserUuid!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
