import { ApiProperty } from '@nestjs/swagger';
import { type InlineError, TRANSFORM_VERSIONS, type TransformVersion } from '@quarry/domain';
import { Discriminated } from '@quarry/server/common';
import type { CreateProjectRequest } from '@quarry/server/projects';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';

import { TRANSFORM_CONNECTION_DTOS, TransformConnectionBaseDto, type TransformConnectionDto } from './transform-connection.dto';
import { WAREHOUSE_CONNECTION_DTOS, WarehouseConnectionBaseDto, type WarehouseConnectionDto } from './warehouse-connection.dto';

export class CreateProjectDto implements CreateProjectRequest {
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  name!: string;

  @ApiProperty({ enum: ['DEFAULT', 'PREVIEW'] })
  @IsIn(['DEFAULT', 'PREVIEW'])
  type!: 'DEFAULT' | 'PREVIEW';

  @Discriminated(TransformConnectionBaseDto, TRANSFORM_CONNECTION_DTOS)
  transformConnection!: TransformConnectionDto;

  @ApiProperty({ enum: TRANSFORM_VERSIONS })
  @IsIn(TRANSFORM_VERSIONS)
  transformVersion!: TransformVersion;

  @Discriminated(WarehouseConnectionBaseDto, WAREHOUSE_CONNECTION_DTOS, false)
  @IsOptional()
  warehouseConnection?: WarehouseConnectionDto;

  @IsOptional()
  @IsUUID()
  upstreamProjectUuid?: string;

  @IsOptional()
  @IsBoolean()
  copyWarehouseConnectionFromUpstreamProject?: boolean;

  @ApiProperty({ enum: ['prod', 'all'], required: false })
  @IsOptional()
  @IsIn(['prod', 'all'])
  tableConfiguration?: 'prod' | 'all';

  /** Copy the upstream project's content (PREVIEW projects); default true */
  @IsOptional()
  @IsBoolean()
  copyContent?: boolean;

  /** Organization-wide credentials are not supported: null is accepted, a uuid is a 400 saying so (send warehouseConnection) */
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, required: false })
  @IsOptional()
  @IsUUID()
  organizationWarehouseCredentialsUuid?: string | null;

  @IsOptional()
  @IsUUID()
  pinnedListUuid?: string;
}

export class ProjectCompileDto {
  @ApiProperty({ enum: ['pending', 'compiling', 'ready', 'error'] })
  status!: 'pending' | 'compiling' | 'ready' | 'error';

  @ApiProperty({ type: 'string', nullable: true })
  error!: string | null;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true })
  compiledAt!: string | null;

  /** The last compile job: GET /api/v1/schedulers/job/{jobId}/status */
  @ApiProperty({ type: 'string', nullable: true })
  jobId!: string | null;
}

export class ProjectDto {
  projectUuid!: string;
  organizationUuid!: string;
  name!: string;

  @ApiProperty({ enum: ['DEFAULT', 'PREVIEW'] })
  type!: 'DEFAULT' | 'PREVIEW';

  @ApiProperty({ type: 'string', nullable: true })
  upstreamProjectUuid!: string | null;

  @ApiProperty({ enum: TRANSFORM_VERSIONS })
  transformVersion!: string;

  @ApiProperty({ enum: ['prod', 'all'] })
  tableConfiguration!: 'prod' | 'all';

  schedulerTimezone!: string;

  @ApiProperty({ type: 'string', nullable: true })
  createdByUserUuid!: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  organizationWarehouseCredentialsUuid!: string | null;

  @ApiProperty({ type: 'string', nullable: true })
  pinnedListUuid!: string | null;

  /** The warehouse connection without its secrets */
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true })
  warehouseConnection!: Record<string, unknown> | null;

  /** The transform connection without its secrets (an inline manifest is not echoed) */
  @ApiProperty({ type: 'object', additionalProperties: true })
  transformConnection!: Record<string, unknown>;

  compile!: ProjectCompileDto;

  @ApiProperty({ type: 'string', format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: 'string', format: 'date-time' })
  updatedAt!: string;
}

export class CreateProjectResultDto {
  project!: ProjectDto;
  hasContentCopy!: boolean;

  @ApiProperty({ type: 'string', nullable: true })
  contentCopyError!: string | null;
}

export class ExploreSummaryDto {
  name!: string;
  label!: string;

  /** The reference's ExploreType: `default` for an explore built from a model (every explore Quarry builds today) */
  @ApiProperty({ enum: ['default', 'virtual', 'semantic_layer'] })
  type!: string;

  tags!: string[];

  @ApiProperty({ type: 'string', nullable: true, required: false })
  groupLabel?: string | null;

  @ApiProperty({ required: false })
  description?: string;

  databaseName!: string;
  schemaName!: string;

  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true }, required: false })
  errors?: InlineError[];
}
