import type { MetricQuery, PivotConfiguration, PivotDetails } from '@quarry/domain';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export type QueryHistoryStatus = 'pending' | 'ready' | 'error' | 'cancelled';

/** One v2 query: its request, status and result shape. Rows are paged from Redis. */
@Entity({ name: 'query_history' })
export class QueryHistoryEntity {
  @PrimaryColumn({ name: 'query_uuid', type: 'uuid' })
  queryUuid!: string;

  @Column({ name: 'project_uuid', type: 'uuid' })
  projectUuid!: string;

  @Column({ name: 'created_by_user_uuid', type: 'uuid' })
  createdByUserUuid!: string;

  @Column({ type: 'text', nullable: true })
  context!: string | null;

  @Column({ type: 'text' })
  status!: QueryHistoryStatus;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ name: 'metric_query', type: 'jsonb' })
  metricQuery!: MetricQuery;

  @Column({ name: 'pivot_configuration', type: 'jsonb', nullable: true })
  pivotConfiguration!: PivotConfiguration | null;

  @Column({ name: 'cache_key', type: 'text' })
  cacheKey!: string;

  @Column({ name: 'total_results', type: 'int', nullable: true })
  totalResults!: number | null;

  @Column({ type: 'jsonb', nullable: true })
  columns!: Record<string, unknown> | null;

  @Column({ name: 'pivot_details', type: 'jsonb', nullable: true })
  pivotDetails!: PivotDetails | null;

  /** Whether a pre-aggregate served the query, or why not (`{ hit, name?, reason? }`); null when it was not asked. */
  @Column({ name: 'pre_aggregate', type: 'jsonb', nullable: true })
  preAggregate!: { hit: boolean; name?: string; reason?: string } | null;

  @Column({ name: 'initial_query_execution_ms', type: 'int', nullable: true })
  initialQueryExecutionMs!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
