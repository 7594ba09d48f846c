import type { PreAggregateDefinition } from '@quarry/domain';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export type PreAggregateBuildStatus = 'queued' | 'building' | 'ready' | 'failed';

/** A pre-aggregate the project's last compile declared, and the build it serves from (if any). */
@Entity({ name: 'pre_aggregates' })
export class PreAggregateEntity {
  @PrimaryColumn({ name: 'project_uuid', type: 'uuid' })
  projectUuid!: string;

  @PrimaryColumn({ type: 'text' })
  name!: string;

  @Column({ name: 'explore_name', type: 'text' })
  exploreName!: string;

  @Column({ type: 'jsonb' })
  definition!: PreAggregateDefinition;

  /** What a build must have been made from to be served (definition + the warehouse SQL it runs). */
  @Column({ type: 'text' })
  fingerprint!: string;

  @Column({ name: 'current_build_uuid', type: 'uuid', nullable: true })
  currentBuildUuid!: string | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** One attempt at materializing a pre-aggregate. */
@Entity({ name: 'pre_aggregate_builds' })
export class PreAggregateBuildEntity {
  @PrimaryColumn({ name: 'build_uuid', type: 'uuid' })
  buildUuid!: string;

  @Column({ name: 'project_uuid', type: 'uuid' })
  projectUuid!: string;

  @Column({ name: 'pre_aggregate_name', type: 'text' })
  preAggregateName!: string;

  @Column({ type: 'text' })
  fingerprint!: string;

  @Column({ type: 'text' })
  status!: PreAggregateBuildStatus;

  @Column({ name: 'job_uuid', type: 'text', nullable: true })
  jobUuid!: string | null;

  /** compile, schedule or manual. */
  @Column({ type: 'text' })
  trigger!: string;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt!: Date | null;

  /** The `now` the rollup query was compiled with: relative-date filters of the definition hold as of then. */
  @Column({ name: 'built_at', type: 'timestamptz', nullable: true })
  builtAt!: Date | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;

  @Column({ name: 'row_count', type: 'bigint', nullable: true })
  rowCount!: string | null;

  @Column({ name: 'byte_count', type: 'bigint', nullable: true })
  byteCount!: string | null;

  @Column({ name: 'duration_ms', type: 'int', nullable: true })
  durationMs!: number | null;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ name: 'file_path', type: 'text', nullable: true })
  filePath!: string | null;

  /** With S3 configured: the build's object in the bucket (`pre-aggregates/<project>/<name>/<build>.parquet`). */
  @Column({ name: 'object_key', type: 'text', nullable: true })
  objectKey!: string | null;

  @Column({ name: 'superseded_at', type: 'timestamptz', nullable: true })
  supersededAt!: Date | null;

  @Column({ name: 'file_removed', type: 'boolean', default: false })
  fileRemoved!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
