import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min } from 'class-validator';

/** The reference's SqlRunnerBody, as its Python SDK sends it: `{ sql, limit }`. */
export class SqlRunnerBodyDto {
  /** One read-only statement for the project's warehouse */
  @IsString()
  @IsNotEmpty()
  @MaxLength(100_000)
  sql!: string;

  /** Rows written to the results file; at most QUERY_MAX_LIMIT, QUERY_DEFAULT_LIMIT when absent */
  @ApiPropertyOptional({ type: 'integer', minimum: 1 })
  @IsOptional()
  @IsInt()
  @Min(1)
  limit?: number;
}

/** The reference's `GET …/sqlRunner/fields` query: `tableName` (the SDK sends `table`), `schemaName`/`schema`, `databaseName` */
export class SqlRunnerFieldsQueryDto {
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  tableName?: string;

  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  table?: string;

  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  schemaName?: string;

  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  schema?: string;

  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  databaseName?: string;
}

export class SqlRunnerJobDto {
  /** Poll GET /api/v1/schedulers/job/{jobId}/status: when completed, details.fileUrl serves the rows as JSON lines */
  @ApiProperty()
  jobId!: string;
}
