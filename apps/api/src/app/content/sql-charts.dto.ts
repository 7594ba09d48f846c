import { ApiProperty } from '@nestjs/swagger';
import { CHART_KINDS } from '@quarry/domain';
import { Type } from 'class-transformer';
import { IsInt, IsObject, IsOptional, IsString, IsUUID, Max, MaxLength, Min, MinLength, ValidateBy, ValidateNested } from 'class-validator';

import { UpdatedByUserDto } from './charts.dto';
import { UserAccessDto } from './spaces.dto';

/** `config.type` must be a chart kind: checked with the body, before any lookup can answer 404. */
function HasChartKindType(): PropertyDecorator {
  return ValidateBy({
    name: 'hasChartKindType',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'object' && value !== null && (CHART_KINDS as readonly unknown[]).includes((value as { type?: unknown }).type),
      defaultMessage: () => `config.type must be one of: ${CHART_KINDS.join(', ')}`,
    },
  });
}

export class SqlChartContentDto {
  @IsString()
  @MinLength(1)
  @MaxLength(100_000)
  sql!: string;

  @ApiProperty({ type: 'integer', minimum: 1 })
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  limit!: number;

  /** `type` (a chart kind) names the chart; `metadata`, `display`, `fieldConfig` and the rest are stored as given. */
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    properties: { type: { type: 'string', enum: [...CHART_KINDS] } },
    required: ['type'],
  })
  @IsObject()
  @HasChartKindType()
  config!: Record<string, unknown> & { type: string };
}

export class CreateSqlChartDto extends SqlChartContentDto {
  @IsString()
  @MaxLength(255)
  name!: string;

  @ApiProperty({ type: 'string', nullable: true, required: false })
  @IsOptional()
  @IsString()
  @MaxLength(10_000)
  description?: string | null;

  @IsUUID()
  spaceUuid!: string;
}

export class SqlChartUnversionedDto {
  @IsOptional()
  @IsString()
  @MaxLength(255)
  name?: string;

  @ApiProperty({ type: 'string', nullable: true, required: false })
  @IsOptional()
  @IsString()
  @MaxLength(10_000)
  description?: string | null;

  @IsOptional()
  @IsUUID()
  spaceUuid?: string;
}

export class UpdateSqlChartDto {
  /** Name, description and space: changed in place. */
  @IsOptional()
  @ValidateNested()
  @Type(() => SqlChartUnversionedDto)
  unversionedData?: SqlChartUnversionedDto;

  /** SQL, limit and config: saved as a new version (developer). */
  @IsOptional()
  @ValidateNested()
  @Type(() => SqlChartContentDto)
  versionedData?: SqlChartContentDto;
}

export class CreatedSqlChartDto {
  savedSqlUuid!: string;
  slug!: string;
}

export class UpdatedSqlChartDto {
  savedSqlUuid!: string;
  savedSqlVersionUuid!: string;
}

export class SqlChartSpaceDto {
  uuid!: string;
  name!: string;
  isPrivate!: boolean;
  /** The caller's access to the space. */
  userAccess!: UserAccessDto;
}

export class SqlChartDashboardDto {
  uuid!: string;
  name!: string;
}

/** SavedSqlChart of the spec. */
export class SqlChartDto {
  savedSqlUuid!: string;
  slug!: string;
  name!: string;

  @ApiProperty({ type: 'string', nullable: true })
  description!: string | null;

  sql!: string;

  @ApiProperty({ type: 'integer' })
  limit!: number;

  @ApiProperty({ type: 'object', additionalProperties: true })
  config!: Record<string, unknown>;

  @ApiProperty({ enum: CHART_KINDS })
  chartKind!: string;

  @ApiProperty({ type: 'integer' })
  views!: number;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true })
  firstViewedAt!: string | null;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true })
  lastViewedAt!: string | null;

  @ApiProperty({ type: 'string', format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: UpdatedByUserDto, nullable: true })
  createdBy!: UpdatedByUserDto | null;

  @ApiProperty({ type: 'string', format: 'date-time' })
  lastUpdatedAt!: string;

  @ApiProperty({ type: UpdatedByUserDto, nullable: true })
  lastUpdatedBy!: UpdatedByUserDto | null;

  organization!: { organizationUuid: string };
  project!: { projectUuid: string };

  @ApiProperty({ type: SqlChartDashboardDto, nullable: true })
  dashboard!: SqlChartDashboardDto | null;

  space!: SqlChartSpaceDto;
}
