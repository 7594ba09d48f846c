import { ApiProperty } from '@nestjs/swagger';
import { WAREHOUSE_TYPES, type WarehouseType } from '@quarry/domain';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

const SSL_MODES = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'] as const;

/** Fields every warehouse kind accepts. */
export class WarehouseConnectionBaseDto {
  @ApiProperty({ enum: WAREHOUSE_TYPES })
  @IsIn(WAREHOUSE_TYPES)
  type!: WarehouseType;

  /** Per-user credentials are not supported: false and null are accepted, true is a 400 saying so */
  @ApiProperty({ type: 'boolean', nullable: true, required: false })
  @IsOptional()
  @IsBoolean()
  requireUserCredentials?: boolean | null;

  /** First day of the week, 0 = Monday … 6 = Sunday */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(6)
  startOfWeek?: number | null;
}

class HostPortDto extends WarehouseConnectionBaseDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  host!: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(65535)
  port?: number;

  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  user!: string;

  /** Write-only: never returned */
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  password?: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(86_400)
  timeoutSeconds?: number;
}

/** PostgreSQL's fields, which Redshift shares. */
class PostgresFieldsDto extends HostPortDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  dbname!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  schema!: string;

  @IsOptional()
  @IsIn(SSL_MODES)
  sslmode?: (typeof SSL_MODES)[number];

  @IsOptional()
  @IsInt()
  @Min(0)
  keepalivesIdle?: number;

  @IsOptional()
  @IsString()
  @MaxLength(1024)
  searchPath?: string;

  @IsOptional()
  @IsString()
  @MaxLength(255)
  role?: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(64)
  threads?: number;

  @IsOptional()
  @IsBoolean()
  useSshTunnel?: boolean;

  @IsOptional()
  @IsString()
  @MaxLength(255)
  sshTunnelHost?: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(65535)
  sshTunnelPort?: number;

  @IsOptional()
  @IsString()
  @MaxLength(255)
  sshTunnelUser?: string;

  @IsOptional()
  @IsString()
  @MaxLength(16_384)
  sshTunnelPublicKey?: string;

  /** Write-only: never returned */
  @IsOptional()
  @IsString()
  @MaxLength(16_384)
  sshTunnelPrivateKey?: string;
}

export class PostgresConnectionDto extends PostgresFieldsDto {
  @ApiProperty({ enum: ['postgres'] })
  declare type: 'postgres';
}

export class RedshiftConnectionDto extends PostgresFieldsDto {
  @ApiProperty({ enum: ['redshift'] })
  declare type: 'redshift';

  @IsOptional()
  @IsBoolean()
  ra3Node?: boolean;
}

export class SnowflakeConnectionDto extends WarehouseConnectionBaseDto {
  @ApiProperty({ enum: ['snowflake'] })
  declare type: 'snowflake';

  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  account!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  user!: string;

  @IsOptional()
  @IsIn(['password', 'private_key'])
  authenticationType?: 'password' | 'private_key';

  /** Write-only: never returned */
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  password?: string;

  /** Write-only: never returned */
  @IsOptional()
  @IsString()
  @MaxLength(16_384)
  privateKey?: string;

  /** Write-only: never returned */
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  privateKeyPass?: string;

  @IsOptional()
  @IsString()
  @MaxLength(255)
  role?: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  database!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  warehouse!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  schema!: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(64)
  threads?: number;

  @IsOptional()
  @IsBoolean()
  clientSessionKeepAlive?: boolean;

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  queryTag?: string;

  @IsOptional()
  @IsString()
  @MaxLength(1024)
  accessUrl?: string;

  @IsOptional()
  @IsBoolean()
  quotedIdentifiersIgnoreCase?: boolean;

  @IsOptional()
  @IsBoolean()
  disableTimestampConversion?: boolean;

  @IsOptional()
  @IsBoolean()
  override?: boolean;

  /** Organization-wide credentials are not supported: null is accepted, a value is a 400 saying so */
  @ApiProperty({ type: 'string', nullable: true, required: false })
  @IsOptional()
  @IsString()
  organizationWarehouseCredentialsUuid?: string | null;
}

export class BigqueryConnectionDto extends WarehouseConnectionBaseDto {
  @ApiProperty({ enum: ['bigquery'] })
  declare type: 'bigquery';

  /** GCP project id */
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  project!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  dataset!: string;

  @IsOptional()
  @IsString()
  @MaxLength(255)
  location?: string;

  /** Service-account key JSON. Write-only: never returned */
  @ApiProperty({ type: 'object', additionalProperties: true })
  @IsNotEmpty()
  keyfileContents!: Record<string, unknown>;

  @IsOptional()
  @IsIn(['interactive', 'batch'])
  priority?: 'interactive' | 'batch';

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(86_400)
  timeoutSeconds?: number;

  @IsOptional()
  @IsInt()
  @Min(0)
  maximumBytesBilled?: number;

  @IsOptional()
  @IsString()
  @MaxLength(255)
  executionProject?: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(64)
  threads?: number;
}

export class DatabricksConnectionDto extends WarehouseConnectionBaseDto {
  @ApiProperty({ enum: ['databricks'] })
  declare type: 'databricks';

  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  serverHostName!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  httpPath!: string;

  /** Write-only: never returned */
  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  personalAccessToken!: string;

  @IsOptional()
  @IsString()
  @MaxLength(255)
  catalog?: string;

  /** The schema */
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  database!: string;
}

export class TrinoConnectionDto extends HostPortDto {
  @ApiProperty({ enum: ['trino'] })
  declare type: 'trino';

  /** The catalog */
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  dbname!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  schema!: string;

  @IsOptional()
  @IsIn(['http', 'https'])
  http_scheme?: 'http' | 'https';
}

export class ClickhouseConnectionDto extends HostPortDto {
  @ApiProperty({ enum: ['clickhouse'] })
  declare type: 'clickhouse';

  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  schema!: string;

  @IsOptional()
  @IsBoolean()
  secure?: boolean;
}

export class DuckdbConnectionDto extends WarehouseConnectionBaseDto {
  @ApiProperty({ enum: ['duckdb'] })
  declare type: 'duckdb';

  /** Database file, relative to the organization's folder of DATA_DIR (DATA_DIR/organizations/<organizationUuid>); files outside it are refused, also through symbolic links */
  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  path!: string;
}

export const WAREHOUSE_CONNECTION_DTOS = {
  postgres: PostgresConnectionDto,
  redshift: RedshiftConnectionDto,
  snowflake: SnowflakeConnectionDto,
  bigquery: BigqueryConnectionDto,
  databricks: DatabricksConnectionDto,
  trino: TrinoConnectionDto,
  clickhouse: ClickhouseConnectionDto,
  duckdb: DuckdbConnectionDto,
} as const satisfies Record<WarehouseType, unknown>;

/** What a validated `warehouseConnection` holds: one of the variants, chosen by its `type`. */
export type WarehouseConnectionDto = InstanceType<(typeof WAREHOUSE_CONNECTION_DTOS)[WarehouseType]>;
