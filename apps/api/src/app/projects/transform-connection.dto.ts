import { ApiProperty } from '@nestjs/swagger';
import { TRANSFORM_TYPES, type TransformType } from '@quarry/domain';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';

export class TransformEnvironmentVariableDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  key!: string;

  @IsString()
  @MaxLength(4096)
  value!: string;
}

export class TransformConnectionBaseDto {
  @ApiProperty({ enum: TRANSFORM_TYPES })
  @IsIn(TRANSFORM_TYPES)
  type!: TransformType;
}

class TransformRunOptionsDto extends TransformConnectionBaseDto {
  @IsOptional()
  @IsString()
  @MaxLength(255)
  target?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => TransformEnvironmentVariableDto)
  environment?: TransformEnvironmentVariableDto[];

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  selector?: string;
}

export class LocalTransformConnectionDto extends TransformRunOptionsDto {
  @ApiProperty({ enum: ['transform'] })
  declare type: 'transform';

  /** The project folder: relative to the organization's folder of DATA_DIR (DATA_DIR/organizations/<organizationUuid>), or absolute; must lie in that folder or under TRANSFORM_LOCAL_ROOTS, with no symbolic link leading out of it */
  @IsString()
  @IsNotEmpty()
  @MaxLength(4096)
  project_dir!: string;

  @IsOptional()
  @IsString()
  @MaxLength(4096)
  profiles_dir?: string;
}

export class ManifestTransformConnectionDto extends TransformConnectionBaseDto {
  @ApiProperty({ enum: ['manifest'] })
  declare type: 'manifest';

  /** A dbt manifest.json (schema v7 to v12), inline */
  @ApiProperty({ type: 'object', additionalProperties: true })
  @IsObject()
  manifest!: Record<string, unknown>;
}

export class NoTransformConnectionDto extends TransformConnectionBaseDto {
  @ApiProperty({ enum: ['none'] })
  declare type: 'none';
}

class GitTransformConnectionDto extends TransformRunOptionsDto {
  /** owner/name */
  @IsString()
  @Matches(/^[\w.-]+(\/[\w.-]+)+$/, { message: 'repository must look like owner/name' })
  @MaxLength(512)
  repository!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  @Matches(/^[^\s~^:?*[\\]+$/, { message: 'branch must be a valid git branch name' })
  branch!: string;

  /** Folder of the dbt project inside the repository, e.g. "/" or "/analytics" */
  @IsString()
  @MaxLength(1024)
  project_sub_path!: string;

  /** Write-only: never returned */
  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  personal_access_token!: string;

  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9.-]+(:\d+)?$/, { message: 'host_domain must be a host name' })
  host_domain?: string;
}

export class GithubTransformConnectionDto extends GitTransformConnectionDto {
  @ApiProperty({ enum: ['github'] })
  declare type: 'github';
}

export class GitlabTransformConnectionDto extends GitTransformConnectionDto {
  @ApiProperty({ enum: ['gitlab'] })
  declare type: 'gitlab';
}

export class BitbucketTransformConnectionDto extends GitTransformConnectionDto {
  @ApiProperty({ enum: ['bitbucket'] })
  declare type: 'bitbucket';

  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  username!: string;
}

export class AzureDevopsTransformConnectionDto extends GitTransformConnectionDto {
  @ApiProperty({ enum: ['azure_devops'] })
  declare type: 'azure_devops';

  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  organization!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  project!: string;
}

export class CloudIdeTransformConnectionDto extends TransformConnectionBaseDto {
  @ApiProperty({ enum: ['transform_cloud_ide'] })
  declare type: 'transform_cloud_ide';

  /** Write-only: never returned */
  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  api_key!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  environment_id!: string;

  /** Base URL of the IDE's API, which serves environments/{environment_id}/manifest.json */
  @IsString()
  @Matches(/^https?:\/\/\S+$/, { message: 'discovery_api_endpoint must be an http(s) URL' })
  discovery_api_endpoint!: string;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @ArrayMaxSize(100)
  tags?: string[];
}

export const TRANSFORM_CONNECTION_DTOS = {
  transform: LocalTransformConnectionDto,
  manifest: ManifestTransformConnectionDto,
  none: NoTransformConnectionDto,
  github: GithubTransformConnectionDto,
  gitlab: GitlabTransformConnectionDto,
  bitbucket: BitbucketTransformConnectionDto,
  azure_devops: AzureDevopsTransformConnectionDto,
  transform_cloud_ide: CloudIdeTransformConnectionDto,
} as const satisfies Record<TransformType, unknown>;

/** What a validated `transformConnection` holds: one of the variants, chosen by its `type`. */
export type TransformConnectionDto = InstanceType<(typeof TRANSFORM_CONNECTION_DTOS)[TransformType]>;
