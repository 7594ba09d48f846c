import { ApiExtraModels, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  type AdditionalMetric,
  type CustomDimension,
  type CustomFormat,
  DATE_GRANULARITIES,
  type DateGranularity,
  type DateZoom,
  type FilterGroup,
  type Filters,
  METRIC_TYPES,
  type MetricFilterRule,
  type MetricOverride,
  type MetricQuery,
  type MetricType,
  type PeriodOverPeriod,
  type Sort,
  type TableCalculation,
} from '@quarry/domain';
import { AcceptsUnknownProperties, IsAbsentOrValid } from '@quarry/server/common';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

import { IsFilterGroup } from './filter-group.validator';
import { FilterRuleFieldsDto } from './filter-rule.dto';
import { PivotConfigurationDto } from './pivot-configuration.dto';
import { ResultFieldDto } from './result-field.dto';

const FILTER_GROUP_SCHEMA = {
  type: 'object',
  additionalProperties: true,
  description:
    'A filter group `{ id, and | or: [rule | group, …] }`; a rule is `{ id, target: { fieldId }, operator, values?, settings?, ' +
    'disabled?, required? }`',
} as const;

/** `{ dimensions?, metrics?, tableCalculations? }`: one filter group each. */
export class FiltersDto implements Filters {
  @ApiPropertyOptional(FILTER_GROUP_SCHEMA)
  @IsAbsentOrValid()
  @IsFilterGroup()
  dimensions?: FilterGroup;

  @ApiPropertyOptional(FILTER_GROUP_SCHEMA)
  @IsAbsentOrValid()
  @IsFilterGroup()
  metrics?: FilterGroup;

  @ApiPropertyOptional(FILTER_GROUP_SCHEMA)
  @IsAbsentOrValid()
  @IsFilterGroup()
  tableCalculations?: FilterGroup;
}

/** Re-buckets one selected date or timestamp dimension at another grain, keeping its field id. */
export class DateZoomDto implements DateZoom {
  @ApiProperty({ enum: DATE_GRANULARITIES, required: false })
  @IsAbsentOrValid()
  @IsIn(DATE_GRANULARITIES)
  granularity?: DateGranularity;

  /** Default: the first selected date or timestamp dimension */
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  xAxisFieldId?: string;
}

export class FieldRefDto {
  /** A dimension of the metric's table (`status`) or of a joined one (`customers.name`) */
  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  fieldRef!: string;
}

/** A filter of a custom metric: only rows matching it are aggregated. */
export class MetricFilterRuleDto extends FilterRuleFieldsDto implements MetricFilterRule {
  @IsObject()
  @ValidateNested()
  @Type(() => FieldRefDto)
  target!: FieldRefDto;
}

/** A metric defined in the query (custom metric); its field id is `${table}_${name}`. */
export class AdditionalMetricDto implements AdditionalMetric {
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  name!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  table!: string;

  @ApiProperty({ enum: METRIC_TYPES })
  @IsIn(METRIC_TYPES)
  type!: MetricType;

  /** Written like project SQL: `${TABLE}.amount` */
  @IsString()
  @MaxLength(10_000)
  sql!: string;

  @IsOptional()
  @IsString()
  @MaxLength(1024)
  label?: string;

  @IsOptional()
  @IsString()
  @MaxLength(10_000)
  description?: string;

  @IsOptional()
  @IsBoolean()
  hidden?: boolean;

  @IsOptional()
  @IsString()
  @MaxLength(1024)
  baseDimensionName?: string;

  @ApiProperty({ type: 'string', nullable: true, required: false })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  uuid?: string | null;

  @IsOptional()
  @IsNumber()
  index?: number;

  @IsOptional()
  @IsNumber()
  @Min(0)
  @Max(100)
  percentile?: number;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(30)
  round?: number;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  compact?: string;

  @IsOptional()
  @IsString()
  @MaxLength(1024)
  format?: string;

  // Checked by the compiler, which answers 400 naming the metric.
  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional()
  @IsObject()
  formatOptions?: CustomFormat;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => MetricFilterRuleDto)
  filters?: MetricFilterRuleDto[];
}

/** Lightdash's `metadata`: which date dimension the chart was built around (echoed back). */
export class HasADateDimensionDto {
  @IsString()
  @MaxLength(1024)
  name!: string;

  @IsString()
  @MaxLength(1024)
  label!: string;

  @IsString()
  @MaxLength(1024)
  table!: string;
}

export class MetricQueryMetadataDto {
  @IsOptional()
  @ValidateNested()
  @Type(() => HasADateDimensionDto)
  hasADateDimension?: HasADateDimensionDto;
}

export class SortDto implements Sort {
  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  fieldId!: string;

  @IsBoolean()
  descending!: boolean;

  @IsOptional()
  @IsBoolean()
  nullsFirst?: boolean;
}

/**
 * The MetricQuery of the spec. Field references, filters, table calculations, custom dimensions
 * and additional metrics are checked by the compiler, which answers 400 naming the culprit.
 */
export class MetricQueryDto implements MetricQuery {
  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  exploreName!: string;

  /** Field ids (and custom dimension ids) */
  @IsArray()
  @IsString({ each: true })
  @ArrayMaxSize(500)
  dimensions!: string[];

  /** Field ids (and additional metric ids) */
  @IsArray()
  @IsString({ each: true })
  @ArrayMaxSize(500)
  metrics!: string[];

  /** `{ dimensions?, metrics?, tableCalculations? }`, each a filter group `{ id, and | or: [rules or groups] }` */
  @IsObject()
  @ValidateNested()
  @Type(() => FiltersDto)
  filters!: FiltersDto;

  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => SortDto)
  sorts!: SortDto[];

  /** Rows to return. Queries that run (E4, E12) refuse more than QUERY_MAX_LIMIT (the documented maximum) */
  @ApiProperty({ type: 'integer', minimum: 1 })
  @IsInt()
  @Min(1)
  @Max(100_000_000)
  limit!: number;

  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true } })
  @IsArray()
  @IsObject({ each: true })
  @ArrayMaxSize(200)
  tableCalculations!: TableCalculation[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => AdditionalMetricDto)
  additionalMetrics?: AdditionalMetricDto[];

  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true }, required: false })
  @IsOptional()
  @IsArray()
  @IsObject({ each: true })
  @ArrayMaxSize(200)
  customDimensions?: CustomDimension[];

  /** IANA time zone for relative date filters, e.g. Europe/Paris */
  @IsOptional()
  @IsString()
  @MaxLength(64)
  timezone?: string;

  @ApiProperty({ type: 'object', additionalProperties: true })
  @IsOptional()
  @IsObject()
  metricOverrides?: Record<string, MetricOverride>;

  @ApiProperty({ type: 'object', additionalProperties: true })
  @IsOptional()
  @IsObject()
  periodOverPeriod?: PeriodOverPeriod;

  @IsOptional()
  @ValidateNested()
  @Type(() => MetricQueryMetadataDto)
  metadata?: MetricQueryMetadataDto;

  /** Dimensions the chart pivots on (Lightdash keeps them with the query); the rows are not pivoted by it — use pivotConfiguration (E12) or pivotConfig (exports) */
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @ArrayMaxSize(500)
  pivotDimensions?: string[];

  /** Per-dimension overrides of saved charts (Lightdash); accepted and echoed back, not applied */
  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional()
  @IsObject()
  dimensionOverrides?: Record<string, unknown>;
}

@AcceptsUnknownProperties()
export class RunQueryDto extends MetricQueryDto {
  /** Values of `${ld.parameters.x}` */
  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional()
  @IsObject()
  parameters?: Record<string, string | number | Array<string | number>>;

  /** Skip the results cache for this run */
  @IsOptional()
  @IsBoolean()
  invalidateCache?: boolean;

  /** False: run on the warehouse even when a pre-aggregate could answer (default true) */
  @IsOptional()
  @IsBoolean()
  usePreAggregateCache?: boolean;

  @IsOptional()
  @ValidateNested()
  @Type(() => DateZoomDto)
  dateZoom?: DateZoomDto;

  /** Bounds the rows of CSV exports built from this query (Lightdash sends it with the query); runQuery itself returns `limit` rows */
  @ApiProperty({ type: 'integer', nullable: true, required: false, minimum: 1 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1_000_000_000)
  csvLimit?: number | null;
}

@AcceptsUnknownProperties()
export class CompileQueryDto extends MetricQueryDto {
  /** Values of `${ld.parameters.x}` */
  @ApiProperty({ type: 'object', additionalProperties: true })
  @IsOptional()
  @IsObject()
  parameters?: Record<string, string | number | Array<string | number>>;

  @IsOptional()
  @ValidateNested()
  @Type(() => DateZoomDto)
  dateZoom?: DateZoomDto;

  /** Also compile the SQL that pivots the query's rows (returned as `pivotQuery`) */
  @IsOptional()
  @ValidateNested()
  @Type(() => PivotConfigurationDto)
  pivotConfiguration?: PivotConfigurationDto;
}

export class CompiledQueryDto {
  /** The SQL, with values shown inline (escaped) */
  query!: string;
  parameterReferences!: string[];

  /** With `pivotConfiguration`: the SQL that pivots the query's rows */
  @ApiProperty({ required: false })
  pivotQuery?: string;
}

export class PreAggregateUseDto {
  /** True when a pre-aggregate answered the query (on the embedded DuckDB, from its rollup) */
  hit!: boolean;

  /** The pre-aggregate that served the query, or on a miss the one that came closest */
  @ApiProperty({ required: false })
  name?: string;

  /** On a miss: why no pre-aggregate could answer the query exactly */
  @ApiProperty({ required: false })
  reason?: string;
}

export class CacheMetadataDto {
  cacheHit!: boolean;
  cacheKey!: string;

  @ApiProperty({ type: 'string', format: 'date-time' })
  cacheUpdatedTime!: string;

  @ApiProperty({ type: 'string', format: 'date-time' })
  cacheExpiresAt!: string;

  /** Whether a pre-aggregate served the query, or why not (absent for explores queried without asking) */
  @ApiProperty({ required: false, type: () => PreAggregateUseDto })
  preAggregate?: PreAggregateUseDto;
}

@ApiExtraModels(ResultFieldDto)
export class QueryResultsDto {
  /** The query as run */
  metricQuery!: MetricQueryDto;

  /** The selected fields by id (dimensions, metrics, custom ones, table calculations) */
  @ApiProperty({ type: 'object', additionalProperties: { $ref: '#/components/schemas/ResultFieldDto' } })
  fields!: Record<string, unknown>;

  /** `{ [fieldId]: { value: { raw, formatted } } }` */
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true } })
  rows!: Array<Record<string, unknown>>;

  cacheMetadata!: CacheMetadataDto;
}
