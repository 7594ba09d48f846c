import { ApiProperty, OmitType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';

import { freeObject } from './charts.dto';
import { DashboardTabDto } from './dashboards.dto';

const asList = ({ value }: { value: unknown }) => (value === undefined || Array.isArray(value) ? value : [value]);

export class ChartsAsCodeQueryDto {
  /** Chart uuids or slugs (repeat the parameter); all visible charts when left out. */
  @ApiProperty({ type: [String], required: false })
  @IsOptional()
  @Transform(asList)
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  @MaxLength(300, { each: true })
  ids?: string[];

  /** Skip this many charts (the previous answer's `offset`). */
  @ApiProperty({ type: 'integer', minimum: 0, required: false })
  // An empty `offset=` is refused rather than read as 0.
  @IsOptional()
  @Transform(({ value }) => (value === '' ? Number.NaN : Number(value)))
  @IsInt()
  @Min(0)
  offset?: number;

  /** Also answer each chart's translatable strings. */
  @ApiProperty({ enum: ['true', 'false'], required: false })
  @IsOptional()
  @IsIn(['true', 'false'])
  languageMap?: 'true' | 'false';
}

/** ChartAsCode of the spec. */
export class ChartAsCodeDto {
  name!: string;

  @ApiProperty({ type: 'string', nullable: true })
  description!: string | null;

  slug!: string;
  tableName!: string;

  /** The path of the chart's space. */
  spaceSlug!: string;

  @ApiProperty({ type: 'string', nullable: true })
  dashboardSlug!: string | null;

  @ApiProperty({ type: 'string', format: 'date-time' })
  updatedAt!: string;

  @ApiProperty({ type: 'string', format: 'date-time' })
  downloadedAt!: string;

  /** The format version, 1. */
  @ApiProperty({ type: 'integer' })
  version!: number;

  @ApiProperty(freeObject())
  metricQuery!: Record<string, unknown>;

  @ApiProperty(freeObject())
  chartConfig!: Record<string, unknown>;

  @ApiProperty(freeObject())
  tableConfig!: Record<string, unknown>;

  @ApiProperty(freeObject({ nullable: true }))
  pivotConfig!: Record<string, unknown> | null;
}

export class LanguageMapEntryDto {
  /** The chart's translatable strings, by slug. */
  @ApiProperty(freeObject())
  chart!: Record<string, unknown>;
}

export class ChartsAsCodeDto {
  charts!: ChartAsCodeDto[];

  @ApiProperty({ type: [LanguageMapEntryDto], nullable: true })
  languageMap!: LanguageMapEntryDto[] | null;

  /** Requested ids that match no chart the caller may see. */
  missingIds!: string[];

  @ApiProperty({ type: 'integer' })
  total!: number;

  /** Where the next page starts (equals `total` on the last page). */
  @ApiProperty({ type: 'integer' })
  offset!: number;
}

/** A chart file to upload (ChartAsCode; timestamps and version are ignored) with the upload options. */
export class ChartUploadDto {
  @IsString()
  @MaxLength(255)
  name!: string;

  @ApiProperty({ type: 'string', nullable: true, required: false })
  @IsOptional()
  @IsString()
  @MaxLength(10_000)
  description?: string | null;

  @IsString()
  @MinLength(1)
  @MaxLength(255)
  tableName!: string;

  /** The path of the chart's space (`sales.q1_reports`, or the reference's `sales/q1-reports`); missing spaces are created. */
  @IsString()
  @MinLength(1)
  @MaxLength(2000)
  spaceSlug!: string;

  @ApiProperty({ type: 'string', nullable: true, required: false })
  @IsOptional()
  @IsString()
  @MaxLength(300)
  dashboardSlug?: string | null;

  /** The reference's older files name the chart's dashboard by uuid (usually `null`: not in a dashboard). */
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, required: false })
  @IsOptional()
  @IsUUID()
  dashboardUuid?: string | null;

  /** The reference's content type marker; only `chart` here. */
  @ApiProperty({ enum: ['chart'], required: false })
  @IsOptional()
  @IsIn(['chart'])
  contentType?: 'chart';

  @ApiProperty(freeObject())
  @IsObject()
  metricQuery!: Record<string, unknown>;

  @ApiProperty(freeObject())
  @IsObject()
  chartConfig!: Record<string, unknown>;

  /** `{ columnOrder }`; left out, an empty column order (as the reference). */
  @ApiProperty(freeObject({ required: false }))
  @IsOptional()
  @IsObject()
  tableConfig?: Record<string, unknown>;

  @ApiProperty(freeObject({ nullable: true, required: false }))
  @IsOptional()
  @IsObject()
  pivotConfig?: Record<string, unknown> | null;

  /** The reference's chart-level parameter values: accepted and ignored (Quarry's charts keep no parameter values). */
  @ApiProperty(freeObject({ required: false }))
  @IsOptional()
  @IsObject()
  parameters?: Record<string, unknown>;

  /** The reference's per-chart colour override: accepted and ignored (Quarry's charts take the organization's palette). */
  @ApiProperty({ type: [String], required: false })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  colorPalette?: string[];

  /** The reference's verification status: read-only there, ignored on upload (Quarry has no verification). */
  @ApiProperty(freeObject({ nullable: true, required: false }))
  @IsOptional()
  @IsObject()
  verification?: Record<string, unknown> | null;

  /** The reference's newest verification flag: ignored on upload, as the reference does without its verification feature. */
  @IsOptional()
  @IsBoolean()
  verified?: boolean;

  /** Ignored on upload (the server's own). */
  @ApiProperty({ type: 'string', required: false })
  @IsOptional()
  @IsString()
  updatedAt?: string;

  @ApiProperty({ type: 'string', required: false })
  @IsOptional()
  @IsString()
  downloadedAt?: string;

  @ApiProperty({ type: 'integer', required: false })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1)
  version?: number;

  @ApiProperty({ type: 'string', required: false })
  @IsOptional()
  @IsString()
  slug?: string;

  /** Fail with a 400 instead of creating a missing space. */
  @IsOptional()
  @IsBoolean()
  skipSpaceCreate?: boolean;

  /** Create missing spaces public (default: private). */
  @IsOptional()
  @IsBoolean()
  publicSpaceCreate?: boolean;

  /** Only answer the planned changes. */
  @IsOptional()
  @IsBoolean()
  dryRun?: boolean;
}

export class ContentChangeDto {
  @ApiProperty({ enum: ['create', 'update', 'no changes'] })
  action!: string;

  /** The space, chart or dashboard: uuid (null until created), slug or path, name. */
  @ApiProperty(freeObject())
  data!: object;
}

/** What the upload did (or, in a dry run, would do). */
export class ContentChangesDto {
  spaces!: ContentChangeDto[];
  charts!: ContentChangeDto[];
  dashboards!: ContentChangeDto[];
}

/** A dashboard tile as code: chart tiles name their chart by `properties.chartSlug`. */
export class TileAsCodeDto {
  /** The tile's id in its dashboard, kept by an upload. */
  @IsUUID()
  uuid!: string;

  @IsString()
  @MaxLength(50)
  type!: string;

  @ApiProperty({ type: 'integer' })
  @IsInt()
  @Min(0)
  @Max(10_000)
  x!: number;

  @ApiProperty({ type: 'integer' })
  @IsInt()
  @Min(0)
  @Max(10_000)
  y!: number;

  @ApiProperty({ type: 'integer' })
  @IsInt()
  @Min(1)
  @Max(10_000)
  w!: number;

  @ApiProperty({ type: 'integer' })
  @IsInt()
  @Min(1)
  @Max(10_000)
  h!: number;

  @ApiProperty({ type: 'string', nullable: true, required: false })
  @IsOptional()
  @IsUUID()
  tabUuid?: string | null;

  /** Names the tile in the filters' `tileTargets`. */
  @IsString()
  @MinLength(1)
  @MaxLength(300)
  tileSlug!: string;

  @ApiProperty(freeObject())
  @IsObject()
  properties!: Record<string, unknown>;
}

/** A tile to upload: as downloaded, but `tileSlug` and `uuid` may be left out (as the reference's files do). */
export class TileUploadDto extends OmitType(TileAsCodeDto, ['tileSlug', 'uuid'] as const) {
  /** Kept as the tile's uuid (unique in the file); left out or null, the uuid of the tile with the same slug, else a new one. */
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, required: false })
  @IsOptional()
  @IsUUID()
  uuid?: string | null;

  /** Names the tile in the filters' `tileTargets`; left out, the slug a download would give it (chart slug, else title, else type). */
  @ApiProperty({ type: 'string', required: false })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(300)
  tileSlug?: string;
}

/** DashboardAsCode. */
export class DashboardAsCodeDto {
  name!: string;

  @ApiProperty({ type: 'string', nullable: true })
  description!: string | null;

  slug!: string;
  spaceSlug!: string;

  @ApiProperty({ type: 'string', format: 'date-time' })
  updatedAt!: string;

  @ApiProperty({ type: 'string', format: 'date-time' })
  downloadedAt!: string;

  @ApiProperty({ type: 'integer' })
  version!: number;

  tiles!: TileAsCodeDto[];
  tabs!: DashboardTabDto[];

  @ApiProperty(freeObject())
  filters!: Record<string, unknown>;

  @ApiProperty(freeObject())
  config!: Record<string, unknown>;

  @ApiProperty(freeObject())
  parameters!: Record<string, unknown>;
}

export class DashboardLanguageMapEntryDto {
  @ApiProperty(freeObject())
  dashboard!: Record<string, unknown>;
}

export class DashboardsAsCodeDto {
  dashboards!: DashboardAsCodeDto[];

  @ApiProperty({ type: [DashboardLanguageMapEntryDto], nullable: true })
  languageMap!: DashboardLanguageMapEntryDto[] | null;

  missingIds!: string[];

  @ApiProperty({ type: 'integer' })
  total!: number;

  @ApiProperty({ type: 'integer' })
  offset!: number;
}

export class DashboardUploadDto {
  @IsString()
  @MaxLength(255)
  name!: string;

  @ApiProperty({ type: 'string', nullable: true, required: false })
  @IsOptional()
  @IsString()
  @MaxLength(10_000)
  description?: string | null;

  /** The path of the dashboard's space (`sales.q1_reports`, or the reference's `sales/q1-reports`). */
  @IsString()
  @MinLength(1)
  @MaxLength(2000)
  spaceSlug!: string;

  /** The reference's content type marker; only `dashboard` here. */
  @ApiProperty({ enum: ['dashboard'], required: false })
  @IsOptional()
  @IsIn(['dashboard'])
  contentType?: 'dashboard';

  @IsArray()
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  @Type(() => TileUploadDto)
  tiles!: TileUploadDto[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => DashboardTabDto)
  tabs?: DashboardTabDto[];

  @ApiProperty(freeObject({ required: false }))
  @IsOptional()
  @IsObject()
  filters?: Record<string, unknown>;

  @ApiProperty(freeObject({ required: false }))
  @IsOptional()
  @IsObject()
  config?: Record<string, unknown>;

  @ApiProperty(freeObject({ required: false }))
  @IsOptional()
  @IsObject()
  parameters?: Record<string, unknown>;

  /** The reference's verification status: read-only there, ignored on upload (Quarry has no verification). */
  @ApiProperty(freeObject({ nullable: true, required: false }))
  @IsOptional()
  @IsObject()
  verification?: Record<string, unknown> | null;

  /** The reference's newest verification flag: ignored on upload. */
  @IsOptional()
  @IsBoolean()
  verified?: boolean;

  @ApiProperty({ type: 'string', required: false })
  @IsOptional()
  @IsString()
  updatedAt?: string;

  @ApiProperty({ type: 'string', required: false })
  @IsOptional()
  @IsString()
  downloadedAt?: string;

  @ApiProperty({ type: 'integer', required: false })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1)
  version?: number;

  @ApiProperty({ type: 'string', required: false })
  @IsOptional()
  @IsString()
  slug?: string;

  @IsOptional()
  @IsBoolean()
  skipSpaceCreate?: boolean;

  @IsOptional()
  @IsBoolean()
  publicSpaceCreate?: boolean;

  @IsOptional()
  @IsBoolean()
  dryRun?: boolean;
}
