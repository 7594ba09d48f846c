import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { Dimension } from '@quarry/domain';
import { AcceptsUnknownProperties } from '@quarry/server/common';
import { EXPLORER_GRAINS, type MetricWithTimeDimension } from '@quarry/server/metrics-explorer';
import { Type } from 'class-transformer';
import {
  IsDateString,
  IsDefined,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

export class MetricExplorerParamsDto {
  /** First day of the range, `YYYY-MM-DD` or ISO 8601 (required) */
  @IsDefined()
  @IsDateString()
  startDate!: string;

  /** Last day of the range, included (required) */
  @IsDefined()
  @IsDateString()
  endDate!: string;
}

export class CompareMetricRefDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  table!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  name!: string;

  @IsOptional()
  @IsString()
  @MaxLength(1024)
  label?: string;
}

export class MetricExplorerQueryDto {
  @ApiProperty({ enum: ['none', 'previous_period', 'different_metric'] })
  @IsIn(['none', 'previous_period', 'different_metric'])
  comparison!: 'none' | 'previous_period' | 'different_metric';

  /** With `none`: a dimension field id to split the series by (its top 10 values by the metric) */
  @ApiProperty({ type: String, nullable: true, required: false })
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  segmentDimension?: string | null;

  /** With `different_metric` (required then): the metric to compare with */
  @ValidateIf((query: MetricExplorerQueryDto) => query.comparison === 'different_metric' || query.metric !== undefined)
  @IsDefined()
  @ValidateNested()
  @Type(() => CompareMetricRefDto)
  metric?: CompareMetricRefDto;
}

export class TimeDimensionOverrideDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  table!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  field!: string;

  /** Default: derived from the range (≤ 31 days DAY, ≤ 6 months WEEK, ≤ 3 years MONTH, else YEAR) */
  @ApiProperty({ enum: EXPLORER_GRAINS, required: false })
  @IsOptional()
  @IsIn(EXPLORER_GRAINS)
  interval?: (typeof EXPLORER_GRAINS)[number];
}

@AcceptsUnknownProperties()
export class RunMetricExplorerQueryDto {
  @ValidateNested()
  @Type(() => MetricExplorerQueryDto)
  @IsDefined()
  query!: MetricExplorerQueryDto;

  /** Draw the series over this date dimension instead of the metric's default one */
  @IsOptional()
  @ValidateNested()
  @Type(() => TimeDimensionOverrideDto)
  timeDimensionOverride?: TimeDimensionOverrideDto;

  /** A filter rule `{ id, target: { fieldId }, operator, values }` on a dimension of the explore */
  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional()
  @IsObject()
  filter?: Record<string, unknown>;
}

export class MetricValueDto {
  @ApiProperty({ type: String, nullable: true })
  label!: string | null;

  /** Null for a period without data */
  @ApiProperty({ type: Number, nullable: true })
  value!: number | null;
}

export class MetricExplorerDataPointDto {
  @ApiProperty({ type: 'string', format: 'date-time' })
  date!: string;

  /** `date` in milliseconds since the epoch */
  dateValue!: number;

  @ApiProperty({ type: String, nullable: true })
  segment!: string | null;

  metric!: MetricValueDto;
  compareMetric!: MetricValueDto;
}

export class MetricExplorerResultsDto {
  /** One point per period (and segment), oldest first; periods without data have null values */
  results!: MetricExplorerDataPointDto[];

  /** True when the segment dimension had more than the 10 segments shown */
  hasFilteredSeries!: boolean;

  @ApiProperty({ type: 'object', additionalProperties: true })
  fields!: Record<string, unknown>;

  /** The metric, with the `timeDimension` used and its `availableTimeDimensions` */
  @ApiProperty({ type: 'object', additionalProperties: true })
  metric!: MetricWithTimeDimension;

  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true })
  compareMetric!: MetricWithTimeDimension | null;

  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true })
  segmentDimension!: Dimension | null;
}
