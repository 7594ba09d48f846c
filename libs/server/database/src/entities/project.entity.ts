import type { WarehouseType } from '@quarry/domain';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export type ProjectType = 'DEFAULT' | 'PREVIEW';
export type CompileStatus = 'pending' | 'compiling' | 'ready' | 'error';

@Entity({ name: 'projects' })
export class ProjectEntity {
  @PrimaryColumn({ name: 'project_uuid', type: 'uuid' })
  projectUuid!: string;

  @Column({ name: 'organization_uuid', type: 'uuid' })
  organizationUuid!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'project_type', type: 'text' })
  type!: ProjectType;

  @Column({ name: 'upstream_project_uuid', type: 'uuid', nullable: true })
  upstreamProjectUuid!: string | null;

  @Column({ name: 'transform_version', type: 'text' })
  transformVersion!: string;

  @Column({ name: 'table_configuration', type: 'text' })
  tableConfiguration!: 'prod' | 'all';

  @Column({ name: 'scheduler_timezone', type: 'text' })
  schedulerTimezone!: string;

  @Column({ name: 'warehouse_type', type: 'text', nullable: true })
  warehouseType!: WarehouseType | null;

  /** The warehouse connection, credentials included, sealed with SECRET_KEY. */
  @Column({ name: 'warehouse_connection_sealed', type: 'text', nullable: true })
  warehouseConnectionSealed!: string | null;

  @Column({ name: 'transform_type', type: 'text' })
  transformType!: string;

  /** The transform connection (tokens included), sealed with SECRET_KEY. */
  @Column({ name: 'transform_connection_sealed', type: 'text' })
  transformConnectionSealed!: string;

  @Column({ name: 'compile_status', type: 'text' })
  compileStatus!: CompileStatus;

  @Column({ name: 'compile_error', type: 'text', nullable: true })
  compileError!: string | null;

  @Column({ name: 'compiled_at', type: 'timestamptz', nullable: true })
  compiledAt!: Date | null;

  @Column({ name: 'last_compile_job_uuid', type: 'uuid', nullable: true })
  lastCompileJobUuid!: string | null;

  @Column({ name: 'created_by_user_uuid', type: 'uuid', nullable: true })
  createdByUserUuid!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
