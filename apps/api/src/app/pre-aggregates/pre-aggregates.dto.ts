import { ApiProperty } from '@nestjs/swagger';

export class PreAggregateDefinitionSummaryDto {
  /** Field ids of the stored dimensions */
  dimensions!: string[];
  /** Field ids of the metrics stored as re-aggregatable parts */
  metrics!: string[];

  /** Field id of the time dimension stored at `granularity` */
  @ApiProperty({ type: 'string', nullable: true })
  timeDimension!: string | null;

  @ApiProperty({ type: 'string', nullable: true, enum: ['hour', 'day', 'week', 'month', 'quarter', 'year'] })
  granularity!: string | null;

  /** The pre-aggregate's own filters (a query must imply them) */
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true } })
  filters!: unknown[];

  /** Rebuild schedule (cron, UTC) */
  @ApiProperty({ type: 'string', nullable: true })
  refreshCron!: string | null;
}

export class PreAggregateBuildDto {
  buildUuid!: string;

  @ApiProperty({ enum: ['queued', 'building', 'ready', 'failed'] })
  status!: 'queued' | 'building' | 'ready' | 'failed';

  /** What queued it: compile, schedule or manual */
  @ApiProperty({ enum: ['compile', 'schedule', 'manual'] })
  trigger!: string;

  /** The build's job (GET /api/v1/schedulers/job/{jobId}/status); null for scheduled runs */
  @ApiProperty({ type: 'string', nullable: true })
  jobId!: string | null;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true })
  startedAt!: string | null;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true })
  finishedAt!: string | null;

  /** Rows in the rollup file */
  @ApiProperty({ type: 'integer', nullable: true })
  rows!: number | null;

  /** Size of the rollup file (Parquet) */
  @ApiProperty({ type: 'integer', nullable: true })
  bytes!: number | null;

  @ApiProperty({ type: 'integer', nullable: true })
  durationMs!: number | null;

  /** Why the build failed */
  @ApiProperty({ type: 'string', nullable: true })
  error!: string | null;
}

export class PreAggregateStatusDto {
  name!: string;
  exploreName!: string;
  definition!: PreAggregateDefinitionSummaryDto;

  /** True when queries can be answered from it now: a ready build of its current definition */
  servable!: boolean;

  /** The build queries are answered from */
  @ApiProperty({ type: () => PreAggregateBuildDto, nullable: true })
  currentBuild!: PreAggregateBuildDto | null;

  /** The latest build, whatever its outcome (a failed build leaves currentBuild as it was) */
  @ApiProperty({ type: () => PreAggregateBuildDto, nullable: true })
  lastBuild!: PreAggregateBuildDto | null;
}
