import { ApiProperty } from '@nestjs/swagger';
import { PIVOT_AGGREGATIONS, PIVOT_INDEX_TYPES, type PivotAggregation, type PivotIndexType } from '@quarry/domain';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';

export class PivotIndexColumnDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  reference!: string;

  @ApiProperty({ enum: PIVOT_INDEX_TYPES })
  @IsIn(PIVOT_INDEX_TYPES)
  type!: PivotIndexType;
}

export class PivotValuesColumnDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  reference!: string;

  @ApiProperty({ enum: PIVOT_AGGREGATIONS })
  @IsIn(PIVOT_AGGREGATIONS)
  aggregation!: PivotAggregation;
}

export class PivotGroupByColumnDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  reference!: string;
}

export class PivotSortByDto {
  @IsString()
  @IsNotEmpty()
  @MaxLength(1024)
  reference!: string;

  @ApiProperty({ enum: ['ASC', 'DESC'] })
  @IsIn(['ASC', 'DESC'])
  direction!: 'ASC' | 'DESC';

  @IsOptional()
  @IsBoolean()
  nullsFirst?: boolean;
}

/** Pivots the query's rows in SQL: index rows × group-by columns, each value aggregated. */
export class PivotConfigurationDto {
  /** The index column (rows); a list of them is also accepted, for older clients */
  @ApiProperty({ type: PivotIndexColumnDto, required: false })
  @IsOptional()
  @ValidateNested()
  @Type(() => PivotIndexColumnDto)
  indexColumn?: PivotIndexColumnDto | PivotIndexColumnDto[];

  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => PivotValuesColumnDto)
  valuesColumns!: PivotValuesColumnDto[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => PivotGroupByColumnDto)
  groupByColumns?: PivotGroupByColumnDto[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @ValidateNested({ each: true })
  @Type(() => PivotSortByDto)
  sortBy?: PivotSortByDto[];

  @IsOptional()
  @IsBoolean()
  metricsAsRows?: boolean;
}
