import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import { CHART_KINDS, CHART_TYPES, type ChartType } from '@quarry/domain';
import { Type } from 'class-transformer';
import { IsIn, IsObject, IsOptional, IsString, IsUUID, MaxLength, MinLength, ValidateNested } from 'class-validator';

const FREE_OBJECT = { type: 'object', additionalProperties: true } as const;
/** A free-form object property of the Swagger schema. */
export const freeObject = (options: { nullable?: boolean; required?: boolean } = {}): ApiPropertyOptions =>
  ({ ...FREE_OBJECT, ...options }) as ApiPropertyOptions;

export class ChartConfigDto {
  @ApiProperty({ enum: CHART_TYPES })
  @IsIn(CHART_TYPES)
  type!: ChartType;

  /** The chart type's settings, stored as given. */
  @ApiProperty(freeObject({ required: false }))
  @IsOptional()
  @IsObject()
  config?: Record<string, unknown>;
}

/** What a chart shows; every save stores it as a new version. */
export class ChartContentDto {
  /** The explore the chart queries. */
  @IsString()
  @MinLength(1)
  @MaxLength(255)
  tableName!: string;

  /** The chart's MetricQuery, stored as given. */
  @ApiProperty(freeObject())
  @IsObject()
  metricQuery!: Record<string, unknown>;

  // IsObject: without it a missing chartConfig passed validation (ValidateNested skips undefined).
  @IsObject()
  @ValidateNested()
  @Type(() => ChartConfigDto)
  chartConfig!: ChartConfigDto;

  /** `{ columnOrder: string[] }`, stored as given. */
  @ApiProperty(freeObject())
  @IsObject()
  tableConfig!: Record<string, unknown>;

  /** `{ columns: string[] }` for pivoted charts. */
  @ApiProperty(freeObject({ nullable: true, required: false }))
  @IsOptional()
  @IsObject()
  pivotConfig?: Record<string, unknown> | null;
}

/**
 * A new version of a chart's content. The reference's clients send the chart's `name` and
 * `description` along; as the reference (CreateSavedChartVersion), a version saves content only,
 * so both are accepted and left as they are: rename or describe with PATCH /api/v1/saved/{uuid}.
 */
export class ChartVersionRequestDto extends ChartContentDto {
  /** Accepted and ignored (the chart keeps its name), as the reference. */
  @ApiProperty({ type: 'string', required: false })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  name?: string;

  /** Accepted and ignored (the chart keeps its description), as the reference. */
  @ApiProperty({ type: 'string', nullable: true, required: false })
  @IsOptional()
  @IsString()
  @MaxLength(10_000)
  description?: string | null;
}

export class CreateChartDto extends ChartContentDto {
  @IsString()
  @MaxLength(255)
  name!: string;

  @ApiProperty({ type: 'string', nullable: true, required: false })
  @IsOptional()
  @IsString()
  @MaxLength(10_000)
  description?: string | null;

  /**
   * The space the chart is saved in (the caller must be able to edit it); not needed with `dashboardUuid`.
   * Left out, the caller's first writable top-level space (oldest first), as the reference.
   */
  @IsOptional()
  @IsUUID()
  spaceUuid?: string;

  /** Save the chart inside this dashboard: it lives in the dashboard's space and goes with the dashboard. */
  @IsOptional()
  @IsUUID()
  dashboardUuid?: string;
}

export class UpdateChartDto {
  @IsOptional()
  @IsString()
  @MaxLength(255)
  name?: string;

  @ApiProperty({ type: 'string', nullable: true, required: false })
  @IsOptional()
  @IsString()
  @MaxLength(10_000)
  description?: string | null;

  /** Move the chart to this space (the caller must be able to edit both). */
  @IsOptional()
  @IsUUID()
  spaceUuid?: string;
}

export class UpdatedByUserDto {
  userUuid!: string;
  firstName!: string;
  lastName!: string;
}

/** ChartSummary of the spec. */
export class ChartSummaryDto {
  uuid!: string;
  name!: string;

  @ApiProperty({ type: 'string', nullable: true })
  description!: string | null;

  projectUuid!: string;
  organizationUuid!: string;
  spaceUuid!: string;
  spaceName!: string;

  @ApiProperty({ type: 'string', nullable: true })
  dashboardUuid!: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  dashboardName!: string | null;

  /** Unique in the project; charts as code and promotion match charts by slug. */
  slug!: string;

  @ApiProperty({ enum: ['transform_explore'] })
  source!: 'transform_explore';

  @ApiProperty({ enum: CHART_KINDS })
  chartKind!: string;

  @ApiProperty({ enum: CHART_TYPES })
  chartType!: string;

  @ApiProperty({ type: 'string', format: 'date-time' })
  updatedAt!: string;

  @ApiProperty({ type: UpdatedByUserDto, nullable: true })
  updatedByUser!: UpdatedByUserDto | null;

  @ApiProperty({ type: 'string', nullable: true })
  pinnedListUuid!: string | null;

  @ApiProperty({ type: 'integer', nullable: true })
  pinnedListOrder!: number | null;

  /** How many times the chart was opened. */
  @ApiProperty({ type: 'integer' })
  views!: number;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true })
  firstViewedAt!: string | null;

  @ApiProperty({ type: 'array', items: FREE_OBJECT })
  validationErrors!: never[];
}

/** A saved chart with its latest version. */
export class ChartDto extends ChartSummaryDto {
  tableName!: string;

  @ApiProperty(freeObject())
  metricQuery!: Record<string, unknown>;

  @ApiProperty(freeObject())
  chartConfig!: Record<string, unknown>;

  @ApiProperty(freeObject())
  tableConfig!: Record<string, unknown>;

  @ApiProperty(freeObject({ nullable: true }))
  pivotConfig!: Record<string, unknown> | null;

  /** True when the chart's space is private. */
  isPrivate!: boolean;

  @ApiProperty({ type: 'string', format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: UpdatedByUserDto, nullable: true })
  createdByUser!: UpdatedByUserDto | null;

  /** The number of the latest version, from 1. */
  @ApiProperty({ type: 'integer' })
  version!: number;

  versionUuid!: string;
}

export class ChartHistoryEntryDto {
  versionUuid!: string;
  chartUuid!: string;

  @ApiProperty({ type: 'integer' })
  version!: number;

  @ApiProperty({ type: 'string', format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: UpdatedByUserDto, nullable: true })
  createdBy!: UpdatedByUserDto | null;
}

export class ChartHistoryDto {
  chartUuid!: string;
  /** Newest first. */
  history!: ChartHistoryEntryDto[];
}

export class ChartVersionDto {
  chartUuid!: string;
  versionUuid!: string;

  @ApiProperty({ type: 'string', format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: UpdatedByUserDto, nullable: true })
  createdBy!: UpdatedByUserDto | null;

  /** The chart as this version saved it. */
  chart!: ChartDto;
}

export class ChartPinningDto {
  projectUuid!: string;
  pinnedListUuid!: string;
  isPinned!: boolean;
  savedChartUuid!: string;
}
