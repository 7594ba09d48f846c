import { ApiProperty } from '@nestjs/swagger';

export class ComponentHealthDto {
  @ApiProperty({ enum: ['up', 'down'] })
  status!: 'up' | 'down';

  @ApiProperty({ type: 'integer' })
  latencyMs!: number;

  /** Why the component is down */
  error?: string;
}

/** Quarry's query limits, as the reference publishes them: clients (its Python SDK) size limits and pages from them. */
export class QueryLimitsDto {
  /** The largest `limit` a query may ask for (QUERY_MAX_LIMIT) */
  @ApiProperty({ type: 'integer' })
  maxLimit!: number;

  /** The largest page of v2 results (QUERY_MAX_PAGE_SIZE) */
  @ApiProperty({ type: 'integer' })
  maxPageSize!: number;

  /** Rows of a query that asks for none (QUERY_DEFAULT_LIMIT: the SQL runner's default) */
  @ApiProperty({ type: 'integer' })
  defaultLimit!: number;

  /** The most cells of a CSV export (EXPORT_MAX_CELLS; when 0, no cap: the largest safe integer) */
  @ApiProperty({ type: 'integer' })
  csvCellsLimit!: number;
}

export class HealthDto {
  /** True when every component is up */
  healthy!: boolean;

  /** Quarry's version */
  version!: string;

  @ApiProperty({ type: 'integer' })
  uptimeSeconds!: number;

  metadataDb!: ComponentHealthDto;

  redis!: ComponentHealthDto;

  query!: QueryLimitsDto;
}
