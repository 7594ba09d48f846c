import { ApiExtraModels, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { PeriodOverPeriod } from '@quarry/domain';
import { AcceptsUnknownProperties } from '@quarry/server/common';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsObject, IsOptional, Max, Min, ValidateNested } from 'class-validator';

import { DashboardFiltersDto } from './dashboard-filters.dto';
import { PivotConfigurationDto } from './pivot-configuration.dto';
import { CacheMetadataDto, DateZoomDto, MetricQueryDto, PreAggregateUseDto } from './query.dto';
import { ResultFieldDto } from './result-field.dto';

/** Where a query comes from (recorded with it): the spec's values, and those of newer and older Lightdash clients. */
export const QUERY_CONTEXTS = [
  'dashboardView',
  'autorefreshedDashboard',
  'exploreView',
  'filterAutocomplete',
  'chartView',
  'chartHistory',
  'sqlChartView',
  'sqlRunner',
  'viewUnderlyingData',
  'alert',
  'scheduledDelivery',
  'csvDownload',
  'sheets',
  'scheduledSheetsChart',
  'scheduledSheetsDashboard',
  'scheduledChart',
  'scheduledDashboard',
  'calculateTotal',
  'calculateSubtotal',
  'embed',
  'ai',
  'mcp',
  'api',
  'cli',
  'metricsExplorer',
  'gsheets',
  'scheduledGsheetsChart',
  'scheduledGsheetsDashboard',
  'scheduledGsheetsSqlChart',
  'scheduledSheetsSqlChart',
  'mcp.run_metric_query',
  'mcp.run_sql',
  'mcp.search_field_values',
  'semanticViewer',
] as const;

/** E12's `query`: a MetricQuery that may carry its own dateZoom, as the spec places it. */
export class MetricQueryRequestDto extends MetricQueryDto {
  @IsOptional()
  @ValidateNested()
  @Type(() => DateZoomDto)
  dateZoom?: DateZoomDto;
}

@ApiExtraModels(ResultFieldDto)
@AcceptsUnknownProperties()
export class ExecuteMetricQueryDto {
  @IsObject()
  @ValidateNested()
  @Type(() => MetricQueryRequestDto)
  query!: MetricQueryRequestDto;

  /** Values of `${ld.parameters.x}` */
  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional()
  @IsObject()
  parameters?: Record<string, string | number | Array<string | number>>;

  /** Skip the results cache for this run */
  @IsOptional()
  @IsBoolean()
  invalidateCache?: boolean;

  /** Where the query comes from (recorded with it) */
  @ApiProperty({ enum: QUERY_CONTEXTS, required: false })
  @IsOptional()
  @IsIn(QUERY_CONTEXTS)
  context?: (typeof QUERY_CONTEXTS)[number];

  /** Same as `query.periodOverPeriod` (which wins when both are set) */
  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional()
  @IsObject()
  periodOverPeriod?: PeriodOverPeriod;

  @IsOptional()
  @ValidateNested()
  @Type(() => PivotConfigurationDto)
  pivotConfiguration?: PivotConfigurationDto;

  /** Same as `query.dateZoom` (which wins when both are set) */
  @IsOptional()
  @ValidateNested()
  @Type(() => DateZoomDto)
  dateZoom?: DateZoomDto;

  /** Dashboard filters ANDed onto the query's own; rules whose field is not in the explore are dropped, as in Lightdash */
  @IsOptional()
  @ValidateNested()
  @Type(() => DashboardFiltersDto)
  dashboardFilters?: DashboardFiltersDto;

  /** False: run on the warehouse even when a pre-aggregate could answer (default true); cacheMetadata.preAggregate says which served it */
  @IsOptional()
  @IsBoolean()
  usePreAggregateCache?: boolean;
}

export class QueryWarningDto {
  tables!: string[];
  fields!: string[];
  message!: string;
}

export class ExecutedQueryDto {
  queryUuid!: string;
  cacheMetadata!: CacheMetadataDto;

  @ApiProperty({ type: 'object', additionalProperties: true })
  usedParametersValues!: Record<string, unknown>;

  parameterReferences!: string[];

  @ApiProperty({ type: [QueryWarningDto] })
  warnings!: QueryWarningDto[];

  /** The selected fields by id (dimensions, metrics, custom ones, table calculations) */
  @ApiProperty({ type: 'object', additionalProperties: { $ref: '#/components/schemas/ResultFieldDto' } })
  fields!: Record<string, unknown>;

  /** The query as run */
  metricQuery!: MetricQueryRequestDto;
}

export class QueryPageParamsDto {
  /** 1-based */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  page?: number;

  /** Rows per page, default 500 (maximum QUERY_MAX_PAGE_SIZE) */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  pageSize?: number;
}

/** `status` decides which other fields are present: rows and paging only when `ready`. */
export class QueryPageDto {
  @ApiProperty({ enum: ['pending', 'ready', 'error', 'cancelled'] })
  status!: string;

  queryUuid!: string;

  @ApiProperty({ required: false, nullable: true })
  error?: string | null;

  /** `{ [column]: { value: { raw, formatted } } }` */
  @ApiPropertyOptional({ type: 'array', items: { type: 'object', additionalProperties: true } })
  rows?: Array<Record<string, unknown>>;

  /** `{ [column]: { reference, type } }` */
  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  columns?: Record<string, unknown>;

  @ApiProperty({ required: false }) page?: number;
  /** Rows on this page */
  @ApiProperty({ required: false }) pageSize?: number;
  @ApiProperty({ required: false }) totalPageCount?: number;
  @ApiProperty({ required: false }) totalResults?: number;
  @ApiProperty({ required: false }) nextPage?: number;
  @ApiProperty({ required: false }) previousPage?: number;
  @ApiProperty({ required: false }) initialQueryExecutionMs?: number;
  @ApiProperty({ required: false }) resultsPageExecutionMs?: number;

  /** For a pivoted query: its index, value columns (with their group-by values) and total column count */
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, nullable: true })
  pivotDetails?: Record<string, unknown> | null;

  /**
   * When ready: whether a pre-aggregate served the query (`{ hit: true, name }`), or why none did
   * (`{ hit: false, reason, name? }`, also for `usePreAggregateCache: false`), as the execute
   * answer's `cacheMetadata.preAggregate` said. Absent for queries that did not ask.
   */
  @ApiProperty({ required: false, type: () => PreAggregateUseDto })
  preAggregate?: PreAggregateUseDto;
}
