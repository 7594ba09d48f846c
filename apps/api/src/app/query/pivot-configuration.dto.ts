import { ApiProperty } from '@nestjs/swagger';
import { PIVOT_AGGREGATIONS, PIVOT_INDEX_TYPES, type PivotAggregation, type PivotIndexType } from '@quarry/domain';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';

export class PivotIndexColumnDto {
  @IsString() @IsNotEmpty() @MaxLength(1024)
  reference!: string;

  @ApiProperty({ enum: PIVOT_INDEX_TYPES })
  @IsIn(PIVOT_INDEX_TYPES)
  type!: PivotIndexType;
}

export class PivotValuesColumnDto {
  @IsString() @IsNotEmpty() @MaxLength(1024)
  reference!: string;

  @ApiProperty({ enum: PIVOT_AGGREGATIONS })
  @IsIn(PIVOT_AGGREGATIONS)
  aggregation!: PivotAggregation;
}

export class PivotGroupByColumnDto {
  @IsString() @IsNotEmpty() @MaxLength(1024)
  reference!: string;
}

export class PivotSortByDto {
  @IsString() @IsNotEmpty() @MaxLength(1024)
  reference!: string;

  @ApiProperty({ enum: ['ASC', 'DESC'] })
  @IsIn(['ASC', 'DESC'])
  direction!: 'ASC' | 'DESC';

  @IsOptional() @IsBoolean()
  nullsFirst?: boolean;
}

/** Pivots the query's rows in SQL: index rows × group-by columns, each value aggregated. */
export class PivotConfigurationDto {
  /** One index column, a list, or none */
  @ApiProperty({ oneOf: [{ $ref: '#/components/schemas/PivotIndexColumnDto' }, { type: 'array', items: { $ref: '#/components/schemas/PivotIndexColumnDto' } }], required: false })
  @IsOptional()
  // A single column is accepted as it is, and validated as a list of one.
  @Transform(({ value }: { value: unknown }) => (value === undefined || value === null || Array.isArray(value) ? (value ?? undefined) : [value]))
  @IsArray() @ArrayMaxSize(20) @ValidateNested({ each: true }) @Type(() => PivotIndexColumnDto)
  indexColumn?: PivotIndexColumnDto[];

  @IsArray() @ArrayMaxSize(50) @ValidateNested({ each: true }) @Type(() => PivotValuesColumnDto)
  valuesColumns!: PivotValuesColumnDto[];

  @IsOptional() @IsArray() @ArrayMaxSize(20) @ValidateNested({ each: true }) @Type(() => PivotGroupByColumnDto)
  groupByColumns?: PivotGroupByColumnDto[];

  @IsOptional() @IsArray() @ArrayMaxSize(50) @ValidateNested({ each: true }) @Type(() => PivotSortByDto)
  sortBy?: PivotSortByDto[];

  @IsOptional() @IsBoolean()
  metricsAsRows?: boolean;
}
