import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsInt, IsNotEmpty, IsObject, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';

import { PivotConfigurationDto } from './pivot-configuration.dto';

export class SortDto {
  @IsString() @IsNotEmpty() @MaxLength(1024)
  fieldId!: string;

  @IsBoolean()
  descending!: boolean;

  @IsOptional() @IsBoolean()
  nullsFirst?: boolean;
}



/**
 * The MetricQuery of the spec. Field references, filters, table calculations, custom dimensions
 * and additional metrics are checked by the compiler, which answers 400 naming the culprit.
 */
export class MetricQueryDto {
  @IsString() @IsNotEmpty() @MaxLength(1024)
  exploreName!: string;

  /** Field ids (and custom dimension ids) */
  @IsArray() @IsString({ each: true }) @ArrayMaxSize(500)
  dimensions!: string[];

  /** Field ids (and additional metric ids) */
  @IsArray() @IsString({ each: true }) @ArrayMaxSize(500)
  metrics!: string[];

  /** `{ dimensions?, metrics?, tableCalculations? }`, each a filter group `{ id, and | or: [rules or groups] }` */
  @ApiProperty({ type: 'object', additionalProperties: true })
  @IsObject()
  filters!: Record<string, unknown>;

  @IsArray() @ArrayMaxSize(100) @ValidateNested({ each: true }) @Type(() => SortDto)
  sorts!: SortDto[];

  @ApiProperty({ type: 'integer', minimum: 1 })
  @IsInt() @Min(1) @Max(100_000_000)
  limit!: number;

  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true } })
  @IsArray() @IsObject({ each: true }) @ArrayMaxSize(200)
  tableCalculations!: Array<Record<string, unknown>>;

  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true }, required: false })
  @IsOptional() @IsArray() @IsObject({ each: true }) @ArrayMaxSize(200)
  additionalMetrics?: Array<Record<string, unknown>>;

  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true }, required: false })
  @IsOptional() @IsArray() @IsObject({ each: true }) @ArrayMaxSize(200)
  customDimensions?: Array<Record<string, unknown>>;

  /** IANA time zone for relative date filters, e.g. Europe/Paris */
  @IsOptional() @IsString() @MaxLength(64)
  timezone?: string;

  @ApiProperty({ type: 'object', additionalProperties: true })
  @IsOptional() @IsObject()
  metricOverrides?: Record<string, unknown>;

  @ApiProperty({ type: 'object', additionalProperties: true })
  @IsOptional() @IsObject()
  periodOverPeriod?: Record<string, unknown>;

  @ApiProperty({ type: 'object', additionalProperties: true })
  @IsOptional() @IsObject()
  metadata?: Record<string, unknown>;
}

export class RunQueryDto extends MetricQueryDto {
  /** Values of `${ld.parameters.x}` */
  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional() @IsObject()
  parameters?: Record<string, string | number | Array<string | number>>;

  /** Skip the results cache for this run */
  @IsOptional() @IsBoolean()
  invalidateCache?: boolean;

  /** `{ granularity, xAxisFieldId? }`: re-bucket a time dimension */
  @ApiProperty({ type: 'object', additionalProperties: true })
  @IsOptional() @IsObject()
  dateZoom?: Record<string, unknown>;
}

export class CompileQueryDto extends MetricQueryDto {
  /** Values of `${ld.parameters.x}` */
  @ApiProperty({ type: 'object', additionalProperties: true })
  @IsOptional() @IsObject()
  parameters?: Record<string, string | number | Array<string | number>>;

  /** `{ granularity, xAxisFieldId? }`: re-bucket a time dimension */
  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional() @IsObject()
  dateZoom?: Record<string, unknown>;

  /** Also compile the SQL that pivots the query's rows (returned as `pivotQuery`) */
  @IsOptional() @ValidateNested() @Type(() => PivotConfigurationDto)
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

export class CacheMetadataDto {
  cacheHit!: boolean;
  cacheKey!: string;

  @ApiProperty({ type: 'string', format: 'date-time' })
  cacheUpdatedTime!: string;

  @ApiProperty({ type: 'string', format: 'date-time' })
  cacheExpiresAt!: string;
}

export class QueryResultsDto {
  @ApiProperty({ type: 'object', additionalProperties: true })
  metricQuery!: Record<string, unknown>;

  /** The selected fields by id */
  @ApiProperty({ type: 'object', additionalProperties: true })
  fields!: Record<string, unknown>;

  /** `{ [fieldId]: { value: { raw, formatted } } }` */
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true } })
  rows!: Array<Record<string, unknown>>;

  cacheMetadata!: CacheMetadataDto;
}
