import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { AcceptsUnknownProperties } from '@quarry/server/common';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

import { MetricQueryDto } from '../query/query.dto';

/** Pivots an export: pivot dimensions become columns (with optional totals). */
export class ExportPivotConfigDto {
  @IsArray()
  @IsString({ each: true })
  @ArrayMaxSize(20)
  pivotDimensions!: string[];

  /** Metrics as rows instead of columns */
  @IsOptional()
  @IsBoolean()
  metricsAsRows?: boolean;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @ArrayMaxSize(500)
  hiddenMetricFieldIds?: string[];

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @ArrayMaxSize(1000)
  columnOrder?: string[];

  /** Add a total column per metric (Quarry extension) */
  @IsOptional()
  @IsBoolean()
  rowTotals?: boolean;

  /** Add a total row (Quarry extension) */
  @IsOptional()
  @IsBoolean()
  columnTotals?: boolean;
}

class ExportLayoutFields {
  /** Field ids in the order the columns should appear */
  @IsArray()
  @IsString({ each: true })
  @ArrayMaxSize(1000)
  columnOrder!: string[];

  /** Prefix headers with the table label */
  @IsBoolean()
  showTableNames!: boolean;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @ArrayMaxSize(1000)
  hiddenFields?: string[];

  /** Header label by field id */
  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' } })
  @IsOptional()
  @IsObject()
  customLabels?: Record<string, string>;

  @IsOptional()
  @ValidateNested()
  @Type(() => ExportPivotConfigDto)
  pivotConfig?: ExportPivotConfigDto;
}

/** E6: the MetricQuery plus how to lay out the CSV. */
@AcceptsUnknownProperties()
export class DownloadCsvDto extends IntersectionType(MetricQueryDto, ExportLayoutFields) {
  /** Raw values (dates YYYY-MM-DD, timestamps YYYY-MM-DD HH:mm:ss.SSS) instead of formatted ones */
  @IsBoolean()
  onlyRaw!: boolean;

  /** Used in the file name */
  @IsOptional()
  @IsString()
  @MaxLength(255)
  chartName?: string;

  /** Absent: the query's limit; null: every row; n: n rows */
  @ApiProperty({ type: 'integer', nullable: true, required: false, minimum: 1 })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsInt()
  @Min(1)
  @Max(1_000_000_000)
  csvLimit?: number | null;
}

/** E7: a query's results into a new spreadsheet. */
@AcceptsUnknownProperties()
export class UploadSheetDto extends ExportLayoutFields {
  @IsUUID()
  projectUuid!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  exploreId!: string;

  @IsObject()
  @ValidateNested()
  @Type(() => MetricQueryDto)
  metricQuery!: MetricQueryDto;
}

export class ExportJobDto {
  jobId!: string;
}
