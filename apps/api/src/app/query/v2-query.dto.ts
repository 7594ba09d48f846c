import { ApiExtraModels, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsObject, IsOptional, Max, Min, ValidateNested } from 'class-validator';

import { PivotConfigurationDto, PivotIndexColumnDto } from './pivot-configuration.dto';
import { CacheMetadataDto, MetricQueryDto } from './query.dto';

export const QUERY_CONTEXTS = [
  'dashboardView', 'autorefreshedDashboard', 'exploreView', 'filterAutocomplete', 'chartView', 'chartHistory', 'sqlChartView', 'sqlRunner',
  'viewUnderlyingData', 'alert', 'scheduledDelivery', 'csvDownload', 'sheets', 'scheduledSheetsChart', 'scheduledSheetsDashboard', 'scheduledChart',
  'scheduledDashboard', 'calculateTotal', 'calculateSubtotal', 'embed', 'ai', 'mcp', 'api', 'cli', 'metricsExplorer',
] as const;

@ApiExtraModels(PivotIndexColumnDto)
export class ExecuteMetricQueryDto {
  @IsObject() @ValidateNested() @Type(() => MetricQueryDto)
  query!: MetricQueryDto;

  /** Values of `${ld.parameters.x}` */
  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional() @IsObject()
  parameters?: Record<string, string | number | Array<string | number>>;

  /** Skip the results cache for this run */
  @IsOptional() @IsBoolean()
  invalidateCache?: boolean;

  /** Where the query comes from (recorded with it) */
  @ApiProperty({ enum: QUERY_CONTEXTS, required: false })
  @IsOptional() @IsIn(QUERY_CONTEXTS)
  context?: (typeof QUERY_CONTEXTS)[number];

  /** Same as `query.periodOverPeriod` (which wins when both are set) */
  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional() @IsObject()
  periodOverPeriod?: Record<string, unknown>;

  @IsOptional() @ValidateNested() @Type(() => PivotConfigurationDto)
  pivotConfiguration?: PivotConfigurationDto;

  /** `{ granularity, xAxisFieldId? }`: re-bucket a time dimension */
  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional() @IsObject()
  dateZoom?: Record<string, unknown>;
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

  @ApiProperty({ type: 'object', additionalProperties: true })
  fields!: Record<string, unknown>;

  @ApiProperty({ type: 'object', additionalProperties: true })
  metricQuery!: Record<string, unknown>;
}

export class QueryPageParamsDto {
  /** 1-based */
  @IsOptional() @Type(() => Number) @IsInt() @Min(1)
  page?: number;

  /** Rows per page, default 500 (maximum QUERY_MAX_PAGE_SIZE) */
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(1_000_000)
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
}
