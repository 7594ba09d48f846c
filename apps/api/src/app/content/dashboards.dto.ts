import { ApiProperty } from '@nestjs/swagger';
import { TILE_TYPES, type TileType } from '@quarry/domain';
import { Type } from 'class-transformer';
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
  ValidateNested,
} from 'class-validator';

import { DashboardFiltersDto } from '../query/dashboard-filters.dto';
import { freeObject, UpdatedByUserDto } from './charts.dto';

export class DashboardTileRequestDto {
  /** Kept when given (filters target tiles by uuid); generated otherwise. */
  @IsOptional()
  @IsUUID()
  uuid?: string;

  @ApiProperty({ enum: TILE_TYPES })
  @IsIn(TILE_TYPES)
  type!: TileType;

  @ApiProperty({ type: 'integer', minimum: 0 })
  @IsInt()
  @Min(0)
  @Max(10_000)
  x!: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  @IsInt()
  @Min(0)
  @Max(10_000)
  y!: number;

  @ApiProperty({ type: 'integer', minimum: 1 })
  @IsInt()
  @Min(1)
  @Max(10_000)
  w!: number;

  @ApiProperty({ type: 'integer', minimum: 1 })
  @IsInt()
  @Min(1)
  @Max(10_000)
  h!: number;

  /** The tab the tile is on (one of `tabs`). */
  @ApiProperty({ type: 'string', nullable: true, required: false })
  @IsOptional()
  @IsUUID()
  tabUuid?: string | null;

  /** Per tile type; a `saved_chart` tile names its chart in `savedChartUuid`. */
  @ApiProperty(freeObject())
  @IsObject()
  properties!: Record<string, unknown>;
}

export class DashboardTabDto {
  @IsUUID()
  uuid!: string;

  @IsString()
  @MaxLength(255)
  name!: string;

  @ApiProperty({ type: 'integer' })
  @IsInt()
  @Min(0)
  @Max(10_000)
  order!: number;

  /** Hidden from viewers in the reference's app; stored and answered as given (Quarry has no UI to hide it in). */
  @IsOptional()
  @IsBoolean()
  hidden?: boolean;
}

export class DashboardConfigDto {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(500)
  @IsString({ each: true })
  @MaxLength(1024, { each: true })
  pinnedParameters?: string[];

  @IsOptional()
  @IsBoolean()
  isDateZoomDisabled?: boolean;
}

/** Tiles, filters, tabs, config and parameters; parts left out keep their current value. */
export class DashboardLayoutDto {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  @Type(() => DashboardTileRequestDto)
  tiles?: DashboardTileRequestDto[];

  @IsOptional()
  @ValidateNested()
  @Type(() => DashboardFiltersDto)
  filters?: DashboardFiltersDto;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => DashboardTabDto)
  tabs?: DashboardTabDto[];

  @IsOptional()
  @ValidateNested()
  @Type(() => DashboardConfigDto)
  config?: DashboardConfigDto;

  @ApiProperty(freeObject({ required: false }))
  @IsOptional()
  @IsObject()
  parameters?: Record<string, unknown>;
}

export class CreateDashboardDto extends DashboardLayoutDto {
  @IsString()
  @MaxLength(255)
  name!: string;

  @ApiProperty({ type: 'string', nullable: true, required: false })
  @IsOptional()
  @IsString()
  @MaxLength(10_000)
  description?: string | null;

  /** The space of the dashboard; left out, the caller's first writable top-level space (oldest first), as the reference. */
  @IsOptional()
  @IsUUID()
  spaceUuid?: string;
}

export class UpdateDashboardDto extends DashboardLayoutDto {
  @IsOptional()
  @IsString()
  @MaxLength(255)
  name?: string;

  @ApiProperty({ type: 'string', nullable: true, required: false })
  @IsOptional()
  @IsString()
  @MaxLength(10_000)
  description?: string | null;

  /** Move the dashboard (and the charts saved in it) to this space. */
  @IsOptional()
  @IsUUID()
  spaceUuid?: string;
}

/** DashboardSummary of the spec. */
export class DashboardSummaryDto {
  uuid!: string;
  name!: string;

  @ApiProperty({ type: 'string', nullable: true })
  description!: string | null;

  projectUuid!: string;
  organizationUuid!: string;
  spaceUuid!: string;
  spaceName!: string;
  slug!: string;

  @ApiProperty({ type: 'string', format: 'date-time' })
  updatedAt!: string;

  @ApiProperty({ type: UpdatedByUserDto, nullable: true })
  updatedByUser!: UpdatedByUserDto | null;

  @ApiProperty({ type: 'string', nullable: true })
  pinnedListUuid!: string | null;

  @ApiProperty({ type: 'integer', nullable: true })
  pinnedListOrder!: number | null;

  @ApiProperty({ type: 'integer' })
  views!: number;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true })
  firstViewedAt!: string | null;

  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true } })
  validationErrors!: never[];
}

export class DashboardTileDto {
  uuid!: string;

  @ApiProperty({ enum: TILE_TYPES })
  type!: string;

  @ApiProperty({ type: 'integer' })
  x!: number;

  @ApiProperty({ type: 'integer' })
  y!: number;

  @ApiProperty({ type: 'integer' })
  w!: number;

  @ApiProperty({ type: 'integer' })
  h!: number;

  @ApiProperty({ type: 'string', nullable: true })
  tabUuid!: string | null;

  /** Chart tiles add `savedChartUuid`, `chartName`, `chartSlug`, `lastVersionChartKind`, `belongsToDashboard`, `title`, `hideTitle`. */
  @ApiProperty(freeObject())
  properties!: Record<string, unknown>;
}

/** Dashboard of the spec. */
export class DashboardDto extends DashboardSummaryDto {
  /** Increases with every change of the dashboard. */
  @ApiProperty({ type: 'integer' })
  dashboardVersionId!: number;

  isPrivate!: boolean;
  tiles!: DashboardTileDto[];

  @ApiProperty(freeObject())
  filters!: Record<string, unknown>;

  tabs!: DashboardTabDto[];

  @ApiProperty(freeObject())
  config!: Record<string, unknown>;

  @ApiProperty(freeObject())
  parameters!: Record<string, unknown>;
}

export class DashboardPinningDto {
  projectUuid!: string;
  pinnedListUuid!: string;
  isPinned!: boolean;
  dashboardUuid!: string;
}
